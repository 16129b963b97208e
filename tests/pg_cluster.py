"""A throw-away PostgreSQL for the tests: a cluster made by ``initdb`` in a temporary folder,
``postgres`` on a free loopback port, stopped and removed afterwards. Not a mock: the Debian
``postgresql`` package's own server (``.ci/run`` installs it).

initdb and postgres refuse to run as root: as root they run as ``nobody`` (``runuser``), in a
folder handed to that user. Where no PostgreSQL is installed, tests that need one skip and say
why. The fixture ``postgres_url`` gives each test a fresh, empty database on the one cluster of
the test process.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

RUN_AS = "nobody"


def _binaries() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One postgres server on 127.0.0.1 with trust authentication for user ``postgres``."""

    def __init__(self) -> None:
        self.bin = _binaries()
        if self.bin is None:
            pytest.skip(
                "PostgreSQL is not installed (apt-get install postgresql): the tests of the "
                "PostgreSQL store need a real server"
            )
        try:
            import psycopg  # noqa: F401
        except ImportError:
            pytest.skip("psycopg is not installed (pip install 'psycopg[binary]')")
        self.dir = Path(tempfile.mkdtemp(prefix="bergfried-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.process: subprocess.Popen | None = None
        self._as_user = os.geteuid() == 0
        if self._as_user:
            user = pwd.getpwnam(RUN_AS)
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            os.chmod(self.dir, 0o700)

    def _command(self, *args: str) -> list[str]:
        return (["runuser", "-u", RUN_AS, "--"] if self._as_user else []) + list(args)

    def start(self) -> None:
        subprocess.run(
            self._command(
                str(self.bin / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ),
            check=True,
            capture_output=True,
            cwd=self.dir,
            timeout=120,
        )
        self.process = subprocess.Popen(
            self._command(
                str(self.bin / "postgres"),
                "-D",
                str(self.data),
                "-p",
                str(self.port),
                "-h",
                "127.0.0.1",
                "-k",
                str(self.dir),
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=300",
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.dir,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 60.0) -> None:
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"postgres did not start: {self.process.stderr.read().decode()[-500:]}")
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{time.monotonic_ns()}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            # SIGINT to postgres itself (runuser passes no signal on): a fast shutdown
            try:
                os.kill(int((self.data / "postmaster.pid").read_text().split()[0]), signal.SIGINT)
            except (OSError, ValueError, IndexError):
                self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster():
    cluster = Cluster()
    cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster) -> str:
    """A fresh, empty database on the test process's PostgreSQL."""
    return postgres_cluster.new_database()
