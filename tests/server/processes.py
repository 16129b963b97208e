"""`bergfried serve` as its own OS process (so a test can SIGKILL it), players' screens as a
terminal emulator shows them (pyte), and the processes a server leaves behind.

    srv = ServeProcess(tmp_path / "a", database=url)
    port = await srv.start()
    ...
    srv.kill()            # SIGKILL: no goodbye, as a crash or the OOM killer does it
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import asyncssh
import pyte

from ..waiting import until
from .conftest import Client

SERVING = re.compile(r"serving on \S+ port (\d+)")


class ServeProcess:
    def __init__(self, data_dir: Path, database: str | None = None, *extra: str) -> None:
        self.dir, self.database, self.extra = Path(data_dir), database, extra
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.out = self.dir.parent / f"{self.dir.name}.out"
        self.err = self.dir.parent / f"{self.dir.name}.log"

    async def start(self, port: int = 0, timeout: float = 60) -> int:
        args = ["serve", "--data-dir", str(self.dir), "--port", str(port), "--bot-workers", "1", *self.extra]
        if self.database:
            args += ["--database", self.database]
        self.dir.parent.mkdir(parents=True, exist_ok=True)
        with open(self.out, "w") as out, open(self.err, "a") as err:
            self.proc = subprocess.Popen(
                # (no warm-up of the template: these tests start whole servers, not measure them)
                [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))", *args],
                stdin=subprocess.DEVNULL,
                env={**os.environ, "BERGFRIED_WARM_UP": "0"},
                stdout=out,
                stderr=err,
            )

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError(f"bergfried serve ended ({self.proc.returncode}): {self.log()[-800:]}")
            return SERVING.search(self.out.read_text()) is not None

        await until(ready, timeout=timeout, what="bergfried serve listening")
        self.port = int(SERVING.search(self.out.read_text()).group(1))
        return self.port

    def log(self) -> str:
        return self.err.read_text() if self.err.exists() else ""

    def descendants(self) -> set[int]:
        return descendants(self.proc.pid)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append(int(entry))
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def listening(port: int) -> bool:
    """Whether any process listens on 127.0.0.1 (or every address) at ``port``."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:
                return True
    return False


class Screen(Client):
    """A player's terminal, drawn by a terminal emulator: what they would see."""

    def __init__(self, width: int = 100, height: int = 30) -> None:
        super().__init__()
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)

    def data_received(self, data, datatype) -> None:
        super().data_received(data, datatype)
        self.stream.feed(data)

    def lines(self) -> list[str]:
        return list(self.screen.display)

    def shows(self, pattern: str) -> bool:
        return any(re.search(pattern, line) for line in self.lines())


async def login(port: int, name: str, key: asyncssh.SSHKey, size=(100, 30)) -> Screen:
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, preferred_auth="publickey"
        ),
        20,
    )
    chan, client = await asyncio.wait_for(
        conn.create_session(lambda: Screen(*size), term_type="xterm-256color", term_size=size, encoding=None), 20
    )
    client.conn = conn
    return client
