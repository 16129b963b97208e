"""``bergfried bench ssh``: a server on loopback and N real SSH clients at tables with bots.

The server runs as its own process (``bergfried serve``), so its CPU and memory are its own.
Each client is a player with a King Up! table against two greedy bots, already in progress;
logging in brings them straight back to it. Reported: memory per session (server RSS growth
/ N), connect-to-first-frame, key-to-frame while the bots think, and CPU per idle session.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

KEYS = "abcdefghij"
#: Seconds between one player's keys: people, not a key-repeat (every player types at once).
KEY_GAP = 1.0


def prepare(data_dir: Path, n: int, level: str = "greedy") -> list[asyncssh.SSHKey]:
    """N accounts, each with a King Up! table (them and two bots) to come back to."""
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Accounts, Lobby

    from .server import key_text

    accounts, keys = Accounts(data_dir / "accounts.json"), []
    lobby = Lobby(data_dir, TableHost(get_game, durable=False))
    for i in range(n):
        key = asyncssh.generate_private_key("ssh-ed25519")
        accounts.claim(f"p{i}", key_text(key))
        record = lobby.create(f"p{i}", "king-up", ["me", f"bot:{level}", f"bot:{level}"])
        accounts.set_last_table(f"p{i}", record.id)
        keys.append(key)
    lobby.close()
    return keys


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


async def one_client(port: int, i: int, key, first: list, keys: list, start_typing: asyncio.Event,
                     missed: list, typists: int):
    t0 = time.perf_counter()
    conn = await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", port, username=f"p{i}", client_keys=[key], known_hosts=None), 60)
    chan, term = await conn.create_session(Terminal, term_type="xterm-256color",
                                           term_size=(100, 30), encoding=None)
    await term.wait_for(b"Moves", 0, 60)      # the play screen is drawn
    first.append(time.perf_counter() - t0)
    await start_typing.wait()
    if i >= typists:
        return conn
    chan.write(b":")
    await asyncio.sleep(2.0)   # the move line takes the focus, even on a loaded server
    for n in range(1, len(KEYS) + 1):
        mark = len(term.data)
        t = time.perf_counter()
        chan.write(KEYS[n - 1].encode())
        try:
            await term.wait_for(KEYS[:n].encode(), mark, timeout=5)
        except TimeoutError:   # a modal (a vote, a round's scores) took the key: not a frame
            missed.append(n)
            break
        keys.append((n, time.perf_counter() - t))
        await asyncio.sleep(KEY_GAP * (0.8 + (i % 5) * 0.1))
    return conn


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


async def run(n: int, bot_workers: int, idle: float, level: str = "greedy",
              typists: int | None = None) -> dict[str, str]:
    typists = n if typists is None else min(typists, n)
    data_dir = Path(tempfile.mkdtemp(prefix="bergfried-bench-"))
    keys = prepare(data_dir, n, level)
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))",
         "serve", "--port", "0", "--data-dir", str(data_dir), "--bot-workers", str(bot_workers),
         "--max-per-address", str(n + 10)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(proc.stdout.readline().split(" port ")[1].split(".")[0])
        await asyncio.sleep(1.0)
        base = rss_kib(proc.pid)
        first: list[float] = []
        typed: list[tuple[int, float]] = []
        missed: list[int] = []
        go = asyncio.Event()
        tasks = []
        c_login = cpu_seconds(proc.pid)
        for i, key in enumerate(keys):   # one at a time: each new player meets i idle sessions
            tasks.append(asyncio.ensure_future(one_client(port, i, key, first, typed, go, missed, typists)))
            while len(first) <= i:
                await asyncio.sleep(0.005)
                if tasks[-1].done():
                    tasks[-1].result()
        per_login = (cpu_seconds(proc.pid) - c_login) / n
        await asyncio.sleep(1.0)
        grown = rss_kib(proc.pid) - base
        c_typing = cpu_seconds(proc.pid)
        go.set()
        conns = await asyncio.wait_for(asyncio.gather(*tasks), 120)
        per_key = (cpu_seconds(proc.pid) - c_typing) / max(len(typed), 1)
        firsts = [t for n, t in typed if n == 1]   # every player's first key: all land at once
        later = [t for n, t in typed if n > 1]
        typed = [t for _n, t in typed]
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
    return {
        "sessions": f"{n} ({typists} typing)",
        "bots": f"{level}, " + (f"{bot_workers} processes" if bot_workers else "threads"),
        "memory per session": f"{grown / n / 1024:.2f} MiB",
        "connect to first frame p50": f"{statistics.median(first) * 1000:.0f} ms",
        "connect to first frame p95": f"{p95(first) * 1000:.0f} ms",
        "server CPU per login": f"{per_login * 1000:.0f} ms (key exchange, App start, first frame)",
        "key to frame p50": f"{statistics.median(typed) * 1000:.1f} ms",
        "key to frame p95": f"{p95(typed) * 1000:.1f} ms",
        "  each player's first key p50/p95": f"{statistics.median(firsts) * 1000:.0f} / "
                                             f"{p95(firsts) * 1000:.0f} ms" if firsts else "-",
        "  later keys p50/p95": f"{statistics.median(later) * 1000:.1f} / {p95(later) * 1000:.1f} ms"
                                if later else "-",
        "keys timed": f"{len(typed)} ({len(missed)} clients stopped early: no echo in 5 s)",
        "server CPU per key (typing)": f"{per_key * 1000:.1f} ms",
        "CPU per session afterwards": f"{idle_cpu * 100:.2f} % of a core",
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bergfried bench ssh")
    p.add_argument("--sessions", type=int, default=50)
    p.add_argument("--bot-workers", type=int, default=2)
    p.add_argument("--idle", type=float, default=10.0, help="seconds to measure CPU after typing")
    p.add_argument("--bot-level", default="greedy", help="the King Up! bots' level")
    p.add_argument("--typists", type=int, help="how many of the players type (default: all)")
    args = p.parse_args(argv)
    for key, value in asyncio.run(run(args.sessions, args.bot_workers, args.idle,
                                      args.bot_level, args.typists)).items():
        print(f"{key:32} {value}")
    return 0
