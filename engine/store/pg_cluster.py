"""A throw-away PostgreSQL for the store's tests and for ``bergfried bench ssh --parts hosts``: a
cluster made by ``initdb`` in a temporary folder, ``postgres`` on a free loopback port with
trust authentication for user ``postgres``, stopped and removed afterwards. Not a mock: the
Debian ``postgresql`` package's own server.

initdb and postgres refuse to run as root: as root they run as ``nobody`` (``runuser``), in a
folder handed to that user. Where PostgreSQL or psycopg is not installed, ``NotInstalled`` says
so in one line (the tests skip then, the bench says it skipped); any other failure to start is
``Unavailable``. Written for speed, not durability (fsync off).

    with Cluster() as cluster:
        store = open_store(folder, cluster.new_database())
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

RUN_AS = "nobody"
SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=300")


class Unavailable(Exception):
    """No PostgreSQL to use; the message says why in one line."""


class NotInstalled(Unavailable):
    """PostgreSQL or psycopg is not installed here."""


def binaries() -> Path | None:
    """The folder of the newest installed PostgreSQL's initdb and postgres, if any."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int("0" + "".join(filter(str.isdigit, p.split("/")[4]))),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One postgres on 127.0.0.1, trust authentication for user ``postgres``; a context manager."""

    def __init__(self, prefix: str = "bergfried-pg-") -> None:
        found = binaries()
        if found is None:
            raise NotInstalled("PostgreSQL is not installed (apt-get install postgresql)")
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise NotInstalled("psycopg is not installed (pip install 'psycopg[binary]')") from None
        self.bin = found
        self.dir = Path(tempfile.mkdtemp(prefix=prefix))
        self.data = self.dir / "data"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.as_user = os.geteuid() == 0
        if self.as_user:
            user = pwd.getpwnam(RUN_AS)
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            os.chmod(self.dir, 0o700)

    def _command(self, *args: str) -> list[str]:
        return (["runuser", "-u", RUN_AS, "--"] if self.as_user else []) + list(args)

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        initdb = [str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync"]
        done = subprocess.run(
            self._command(*initdb, "-E", "UTF8", "--locale=C"), capture_output=True, cwd=self.dir, timeout=120
        )
        if done.returncode != 0:
            raise Unavailable(f"initdb failed: {done.stderr.decode(errors='replace').strip()[-200:]}")
        command = [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port), "-h", "127.0.0.1"]
        command += ["-k", str(self.dir)] + [a for s in SETTINGS for a in ("-c", s)]
        self.process = subprocess.Popen(
            self._command(*command), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.dir
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 60.0) -> None:
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            assert self.process is not None and self.process.stderr is not None
            if self.process.poll() is not None:
                raise Unavailable(f"postgres did not start: {self.process.stderr.read().decode()[-200:]}")
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise Unavailable("postgres did not answer within a minute") from None
                time.sleep(0.1)  # a server starting: nothing to wait on but trying again

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str | None = None) -> str:
        """The URL of a new, empty database (named after this process and the clock if no name)."""
        import psycopg

        name = name or f"t{os.getpid()}_{time.monotonic_ns()}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:  # SIGINT to postgres itself (runuser passes no signal on): a fast shutdown
                os.kill(int((self.data / "postmaster.pid").read_text().split()[0]), signal.SIGINT)
            except (OSError, ValueError, IndexError):
                self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)
