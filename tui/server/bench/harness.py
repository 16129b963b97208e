"""What every part of ``bergfried bench ssh`` uses: a ``bergfried serve`` started as its own
process on 127.0.0.1, the memory and CPU of all its processes (procfs.py), asyncssh clients that
note when each byte arrived, players and tables written into the store before a server starts,
and the figures' percentiles.
"""

from __future__ import annotations

import asyncio
import bisect
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

import asyncssh

from .procfs import (  # (re-exported: every part takes its figures from here)
    process_tree as process_tree,
    rollup as rollup,
    uss_kib as uss_kib,
    pss_kib as pss_kib,
    total_pss_kib as total_pss_kib,
    cpu_seconds as cpu_seconds,
    cpu_ns as cpu_ns,
    command_line as command_line,
    load_average as load_average,
)

ANSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>])")


# -- the server, as its own process -------------------------------------------------------------
class Serve:
    """``bergfried serve`` on 127.0.0.1 in a process of its own; its log goes to a file in the
    data folder (a pipe nobody reads would stop it once full)."""

    def __init__(
        self,
        data_dir: Path,
        port: int = 0,
        *,
        database: str | None = None,
        bot_workers: int = 2,
        max_connections: int = 200,
        extra: Iterable[str] = (),
    ) -> None:
        self.data_dir, self.database = data_dir, database
        data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.log_path = data_dir / f"serve-{time.monotonic_ns()}.log"
        command = [
            sys.executable,
            "-P",  # (the installed server, not a tui/ in the current folder)
            "-c",
            "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(data_dir),
            "--bot-workers",
            str(bot_workers),
            "--max-connections",
            str(max_connections),
            "--max-per-address",
            str(max_connections),
            *extra,
        ]
        if database:
            command += ["--database", database]
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self._log, text=True)
        self.port = 0

    async def started(self, timeout: float = 180) -> int:
        """The port, once the server says it serves (the warm template takes seconds)."""
        loop = asyncio.get_running_loop()
        line = await asyncio.wait_for(loop.run_in_executor(None, self.proc.stdout.readline), timeout)
        match = re.search(r" port (\d+)\.", line)
        if match is None:
            self.stop()
            raise RuntimeError(f"bergfried serve did not start: {self.log_tail()}")
        self.port = int(match.group(1))
        return self.port

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log_tail(self, lines: int = 5) -> str:
        try:
            return " | ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._log.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Scratch:
    """A temporary folder, removed afterwards (with whatever the servers left in it)."""

    def __init__(self, prefix: str) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=prefix))

    def __enter__(self) -> Path:
        return self.path

    def __exit__(self, *exc) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


# -- the players' terminals ----------------------------------------------------------------------
class Terminal(asyncssh.SSHClientSession):
    """A client's terminal: every byte received and when each chunk came."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.ends: list[int] = []  # the buffer's length after each chunk ...
        self.times: list[float] = []  # ... and when that chunk arrived
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.closed_at: float | None = None
        self.chan: asyncssh.SSHClientChannel | None = None
        self.conn: asyncssh.SSHClientConnection | None = None

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data, datatype) -> None:
        self.data += data
        self.ends.append(len(self.data))
        self.times.append(time.perf_counter())
        self.changed.set()

    def connection_lost(self, exc) -> None:
        self.closed_at = time.perf_counter()
        self.closed.set()
        self.changed.set()

    def arrived(self, offset: int) -> float:
        """When the byte at ``offset`` arrived."""
        return self.times[bisect.bisect_right(self.ends, offset)]

    async def wait_for(self, needle: bytes, start: int, timeout: float = 20, plain: bool = False) -> float:
        """When ``needle`` arrived in what came after ``start`` (``plain``: with the escape
        sequences between its characters taken out, as a screen shows it)."""
        deadline = time.perf_counter() + timeout
        while True:
            found = self.find(needle, start, plain)
            if found is not None:
                return found
            if self.closed.is_set():
                raise ConnectionError(f"closed before {needle!r}")
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(needle)
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    def find(self, needle: bytes, start: int, plain: bool) -> float | None:
        if not plain:
            at = self.data.find(needle, start)
            return None if at < 0 else self.arrived(at + len(needle) - 1)
        # Screen text: the escape sequences out, keeping where each kept byte came from.
        kept, where, pos = bytearray(), list[int](), start
        for match in ANSI.finditer(self.data, start):
            kept += self.data[pos : match.start()]
            where.extend(range(pos, match.start()))
            pos = match.end()
        kept += self.data[pos:]
        where.extend(range(pos, len(self.data)))
        at = kept.find(needle)
        return None if at < 0 else self.arrived(where[at + len(needle) - 1])

    def send(self, data: bytes) -> float:
        assert self.chan is not None
        self.chan.write(data)
        return time.perf_counter()


async def connect(
    port: int, name: str, key: asyncssh.SSHKey, size: tuple[int, int] = (100, 30), timeout: float = 60
) -> Terminal:
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, preferred_auth="publickey"
        ),
        timeout,
    )
    _chan, term = await asyncio.wait_for(
        conn.create_session(Terminal, term_type="xterm-256color", term_size=size, encoding=None), timeout
    )
    assert isinstance(term, Terminal)
    term.conn = conn
    return term


async def hang_up(terms: Iterable[Terminal]) -> None:
    for term in terms:
        if term.conn is not None:
            term.conn.close()
    await asyncio.gather(
        *(asyncio.wait_for(t.conn.wait_closed(), 10) for t in terms if t.conn is not None), return_exceptions=True
    )


# -- players and tables, written before a server starts --------------------------------------------
def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def key_text(key: asyncssh.SSHKey) -> str:
    from ..server import key_text as text

    return text(key)


def open_lobby(data_dir: Path, database: str | None = None):
    """The store's accounts and lobby, as the bench writes them (no bots think here: the
    servers' bot pools play)."""
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Accounts, Lobby
    from engine.store import open_store

    store = open_store(data_dir, database, durable=False)
    return store, Accounts(store), Lobby(store, TableHost(get_game, durable=False), bots="pool")


def new_player(accounts, name: str) -> asyncssh.SSHKey:
    """``name`` claimed with a key of its own: the key that logs in as them."""
    key = new_key()
    accounts.claim(name, key_text(key))
    return key


def own_table(accounts, lobby, name: str, seats: list[str], rng: random.Random, game: str = "king-up"):
    """A table ``name`` sits at first among ``seats`` (bots), the one their login opens, the bots'
    first moves played (``bots_open``): it waits for them."""
    record = lobby.create(name, game, ["me", *seats])
    accounts.set_last_table(name, record.id)
    bots_open(lobby.table(record.id), rng)
    return record


def bots_open(table, rng: random.Random, seat: int = 0) -> None:
    """Play the bots' moves before ``seat``'s first turn (any legal move), so that the table
    waits for its player: a session the figures call idle draws nothing."""
    while not table.finished and seat not in table.to_act:
        bot = min(table.to_act)
        table.submit(bot, rng.choice(table.legal_actions(bot)))


def close_store(store, lobby) -> None:
    lobby.close()
    store.close()


# -- figures ---------------------------------------------------------------------------------------
def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def ms(values: list[float], digits: int = 0) -> str:
    """``p50 / p95 ms (n)``."""
    if not values:
        return "- (none measured)"
    return f"{statistics.median(values) * 1000:.{digits}f} / {p95(values) * 1000:.{digits}f} ms (n={len(values)})"


def verdict(value: float, target: float) -> str:
    return "meets" if value <= target else "MISSES"


class Typist:
    """A player typing into the play screen's move line (``:`` focuses it) at a person's pace:
    each key timed from its sending to the frame that shows the line with it. The line is
    cleared (ctrl+u, not timed) every ``LINE`` letters; the first letter after that is not timed
    either (one letter alone could be found elsewhere on the screen)."""

    LINE = 20

    def __init__(self, term: Terminal, rng: random.Random) -> None:
        self.term, self.rng = term, rng
        self.typed = ""
        self.times: list[float] = []
        self.missed = 0
        self.focused = False

    async def type_for(self, seconds: float, keys_per_second: float, until: asyncio.Event | None = None) -> None:
        gap = 1.0 / keys_per_second
        if not self.focused:
            self.term.send(b":")
            self.focused = True
            await asyncio.sleep(1.0)  # the line takes the focus
        await asyncio.sleep(self.rng.random() * gap)  # people are not in step
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and not (until is not None and until.is_set()):
            sent = await self.key()
            if sent is None:
                return
            await asyncio.sleep(max(0.0, gap * self.rng.uniform(0.8, 1.2) - (time.perf_counter() - sent)))

    async def key(self) -> float | None:
        """Type the next letter; when it was sent (None: no echo within 5 s, typing stops)."""
        if len(self.typed) >= self.LINE:
            # ctrl+u empties the line: a key of its own, a pace apart (a letter in the same read
            # as ctrl+u was lost in a trial: not what a person's typing measures)
            self.typed = ""
            return self.term.send(b"\x15")
        letter = "abcdefghijklmnopqrstuvwxyz"[len(self.typed)]
        self.typed += letter
        mark = len(self.term.data)
        sent = self.term.send(letter.encode())
        try:
            shown = await self.term.wait_for(self.typed.encode(), mark, timeout=5)
        except (TimeoutError, ConnectionError):
            self.missed += 1
            return None
        if len(self.typed) > 1:
            self.times.append(shown - sent)
        return sent
