"""``bergfried bench ssh``: a server on loopback and N real SSH clients at tables with bots.

The server runs as its own process (``bergfried serve``), so its CPU and memory are its own;
the clients are asyncssh clients in this process. What happens, in order:

1. The server starts with K tables where only bots play (King Up!, three bots of ``--bot-level``;
   default 4 tables of expert bots, a second's thought a move, two tables per bot process):
   from then on the bot processes think without a pause, as on a server where bots play, at
   the lower CPU priority ``bergfried serve`` gives them (``--bot-nice``). *Bot processes while
   typing* is the CPU they got then, in cores: on a loaded machine they get little.
2. N players log in one after another (each meets the sessions before it idle at their
   tables: the bots there have played up to the player's turn before the server started):
   *connect to first frame* is from the TCP connect to the frame that shows their
   King Up! table (key exchange, login, the App's start, the first frame). *Memory per session*
   is the server's RSS growth over those N logins / N; *CPU per login* the server's CPU then / N.
3. Every player presses ":" (the move line takes the keys), then one key *at the same instant*:
   the worst case, reported on its own line (no one types like that, but a burst can happen).
4. Then every player types 9 more keys a second apart (0.8 to 1.2 s), each starting at a random
   moment within the first second: people at a keyboard, not in step. *Key to frame* is from
   sending a key to receiving the frame that shows it in the line, while the bot tables' bots
   think (with ``--bot-tables 0`` no bot thinks: the players' own tables wait for them).
5. *CPU per session afterwards*: the server's CPU over ``--idle`` seconds with nobody typing,
   per session (the bot tables' moves go on meanwhile; nobody watches them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

BURST_KEY = "a"
KEYS = "bcdefghij"
#: Seconds between one player's keys: a person's pace, not a key-repeat.
KEY_GAP = 1.0


def prepare(data_dir: Path, n: int, level: str = "greedy", bot_tables: int = 0) -> list[asyncssh.SSHKey]:
    """N players, each with a King Up! table (them and two bots) to come back to, and
    ``bot_tables`` tables of three bots (the server plays them from its start)."""
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Accounts, Lobby

    from .server import key_text

    accounts = Accounts(data_dir / "accounts.json")
    lobby = Lobby(data_dir, TableHost(get_game, durable=False))

    keys = []
    for i in range(n):
        key = asyncssh.generate_private_key("ssh-ed25519")
        accounts.claim(f"p{i}", key_text(key))
        record = lobby.create(f"p{i}", "king-up", ["me", f"bot:{level}", f"bot:{level}"])
        accounts.set_last_table(f"p{i}", record.id)
        bots_open(lobby.table(record.id), random.Random(i))
        keys.append(key)
    for _ in range(bot_tables):
        lobby.create("house", "king-up", [f"bot:{level}"] * 3)
    lobby.close()
    return keys


def bots_open(table, rng: random.Random) -> None:
    """Play the bots' moves before the player's first turn (any legal move: the level only
    decides how long a bot thinks), so that the table waits for its player. Otherwise the
    bots of every table whose bot moves first think while the others log in (expert: a
    second a move, queued behind the bot processes), and those players' sessions, which the
    figures call idle, draw a spinner four times a second and every bot move as it comes."""
    while not table.finished and 0 not in table.to_act:
        seat = min(table.to_act)
        table.submit(seat, rng.choice(table.legal_actions(seat)))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds(pid: int) -> float:
    """The CPU of ``pid``'s child processes (the bot pool's workers) that are running now."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class Terminal(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.data = bytearray()
        self.changed = asyncio.Event()

    def data_received(self, data, datatype) -> None:
        self.data += data
        self.changed.set()

    async def wait_for(self, needle: bytes, start: int, timeout: float = 20) -> None:
        deadline = time.perf_counter() + timeout
        while needle not in self.data[start:]:
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(needle)
            await asyncio.wait_for(self.changed.wait(), left)


class Run:
    """What the clients share: the phases' start signals and what they measured."""

    def __init__(self, port: int, seed: int) -> None:
        self.port, self.rng = port, random.Random(seed)
        self.first: list[float] = []  # connect to first frame, per login
        self.burst: list[float] = []  # the key every player pressed at once
        self.typed: list[float] = []  # keys at a person's pace
        self.missed = 0  # clients whose key a modal took
        self.colon, self.burst_go, self.type_go = asyncio.Event(), asyncio.Event(), asyncio.Event()
        self.burst_done = 0  # players past the burst (or stopped)


async def client(run: Run, name: str, key, typing: bool):
    t0 = time.perf_counter()
    conn = await asyncio.wait_for(
        asyncssh.connect("127.0.0.1", run.port, username=name, client_keys=[key], known_hosts=None), 60
    )
    chan, term = await conn.create_session(Terminal, term_type="xterm-256color", term_size=(100, 30), encoding=None)
    assert isinstance(term, Terminal)
    await term.wait_for(b"Moves", 0, 60)  # the play screen is drawn
    run.first.append(time.perf_counter() - t0)
    if not typing:
        return conn
    start = run.rng.random() * KEY_GAP  # when this player starts typing at their pace
    gaps = [KEY_GAP * run.rng.uniform(0.8, 1.2) for _ in KEYS]
    await run.colon.wait()
    chan.write(b":")
    await run.burst_go.wait()
    try:
        typed = await press(chan, term, "", BURST_KEY, run.burst)
    except TimeoutError:  # a modal (a vote, a round's scores) took the key: not a frame
        run.missed += 1
        return conn
    finally:
        run.burst_done += 1
    await run.type_go.wait()
    await asyncio.sleep(start)
    try:
        for key_, gap in zip(KEYS, gaps):
            typed = await press(chan, term, typed, key_, run.typed)
            await asyncio.sleep(gap)
    except TimeoutError:
        run.missed += 1
    return conn


async def press(chan, term: Terminal, typed: str, key: str, times: list[float]) -> str:
    """Send ``key``; time it until the move line shows all that is ``typed`` then."""
    mark, t = len(term.data), time.perf_counter()
    chan.write(key.encode())
    typed += key
    await term.wait_for(typed.encode(), mark, timeout=5)
    times.append(time.perf_counter() - t)
    return typed


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def spread(values: list[float], digits: int = 0) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:.{digits}f} / {p95(values) * 1000:.{digits}f} ms"


async def run(
    n: int,
    bot_workers: int,
    idle: float,
    level: str = "expert",
    typists: int | None = None,
    bot_tables: int = 4,
    seed: int = 1,
    bot_nice: int = 10,
) -> dict[str, str]:
    typists = n if typists is None else min(typists, n)
    data_dir = Path(tempfile.mkdtemp(prefix="bergfried-bench-"))
    keys = prepare(data_dir, n, level, bot_tables)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(data_dir),
            "--bot-workers",
            str(bot_workers),
            "--max-per-address",
            str(n + 10),
            "--bot-nice",
            str(bot_nice),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        port = int(proc.stdout.readline().split(" port ")[1].split(".")[0])
        run = Run(port, seed)
        await asyncio.sleep(1.0)
        base, c_login = rss_kib(proc.pid), cpu_seconds(proc.pid)
        tasks = []
        for i, key in enumerate(keys):  # one at a time: each new player meets i idle sessions
            tasks.append(asyncio.ensure_future(client(run, f"p{i}", key, i < typists)))
            while len(run.first) <= i:
                await asyncio.sleep(0.005)
                if tasks[-1].done():
                    tasks[-1].result()
        per_login = (cpu_seconds(proc.pid) - c_login) / n
        await asyncio.sleep(1.0)
        grown = rss_kib(proc.pid) - base
        run.colon.set()
        await asyncio.sleep(2.0)  # the move line takes the focus, even on a loaded server
        run.burst_go.set()
        deadline = time.monotonic() + 30
        while run.burst_done < typists and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)
        c_typing, c_bots, t_typing = cpu_seconds(proc.pid), children_cpu_seconds(proc.pid), time.monotonic()
        run.type_go.set()
        conns = await asyncio.wait_for(asyncio.gather(*tasks), 120)
        typing_time = time.monotonic() - t_typing
        per_key = (cpu_seconds(proc.pid) - c_typing) / max(len(run.typed), 1)
        bots_busy = (children_cpu_seconds(proc.pid) - c_bots) / typing_time
        c0 = cpu_seconds(proc.pid)
        await asyncio.sleep(idle)
        idle_cpu = (cpu_seconds(proc.pid) - c0) / idle / n
        for conn in conns:
            conn.close()
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    thinking = f"{bot_tables} tables of 3 {level} bots" if bot_tables else "none"
    return {
        "sessions": f"{n} players ({typists} typing)",
        "bots": f"{level}, " + (f"{bot_workers} processes at nice {bot_nice}" if bot_workers else "threads"),
        "bots playing throughout": thinking,
        "memory per session": f"{grown / n / 1024:.2f} MiB",
        "connect to first frame p50 / p95": spread(run.first),
        "server CPU per login": f"{per_login * 1000:.0f} ms (key exchange, App start, first frame)",
        "key to frame p50 / p95": spread(run.typed, 1)
        + " (people typing"
        + (", bots thinking)" if bot_tables else ")"),
        "  one key from all, same instant": spread(run.burst) + f" ({len(run.burst)} keys: worst case)",
        "keys timed": f"{len(run.typed)} at a person's pace, random starts "
        f"({run.missed} clients stopped early: no echo in 5 s)",
        "server CPU per key (typing)": f"{per_key * 1000:.1f} ms",
        "bot processes while typing": f"{bots_busy:.2f} cores busy",
        "CPU per session afterwards": f"{idle_cpu * 100:.2f} % of a core",
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="bergfried bench ssh", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--sessions", type=int, default=50, help="players (default 50)")
    p.add_argument("--bot-workers", type=int, default=2)
    p.add_argument("--idle", type=float, default=10.0, help="seconds to measure CPU after typing")
    p.add_argument(
        "--bot-level", default="expert", help="the King Up! bots' level (default expert: a second's thought a move)"
    )
    p.add_argument(
        "--bot-tables", type=int, default=4, help="tables where only bots play, throughout the run (default 4)"
    )
    p.add_argument("--typists", type=int, help="how many of the players type (default: all)")
    p.add_argument("--seed", type=int, default=1, help="the players' typing starts and gaps")
    p.add_argument("--bot-nice", type=int, default=10, help="the bot processes' niceness (serve's)")
    args = p.parse_args(argv)
    result = asyncio.run(
        run(
            args.sessions,
            args.bot_workers,
            args.idle,
            args.bot_level,
            args.typists,
            args.bot_tables,
            args.seed,
            args.bot_nice,
        )
    )
    for key, value in result.items():
        print(f"{key:34} {value}")
    print(
        "(key to frame: each player types 9 keys a second apart from a random start; the line\n"
        " below it: every player's key sent at the same instant. See bergfried bench ssh --help.)"
    )
    return 0
