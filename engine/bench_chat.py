"""`bergfried bench chat`: how fast a chat line reaches other processes over the store, and what
it costs each of them. One process says ``--lines`` lines in the lobby, one every 0.1 s; each of
``--processes`` spawned processes (its own store, a lobby watching it, a chat follower, as a
player's process has) records when each line arrived. SQLite in a temporary folder (removed
afterwards), or ``--database postgresql://…`` (an empty database: the bench writes to it).
Figures, not pass/fail: docs/store.md quotes them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

READY_TIMEOUT = 120.0


def _follower(folder: str, url: str | None, lines: int, conn) -> None:
    """One player's process: hears the lobby's chat until every line came (or a minute passed)."""
    try:
        conn.send(asyncio.run(_hear(Path(folder), url, lines, conn)))
    except BaseException as exc:  # the parent says what went wrong
        conn.send(("failed", repr(exc)))


async def _hear(folder: Path, url: str | None, lines: int, conn):
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby
    from engine.store import open_store
    from engine.together.chat import LOBBY, Chat

    store = open_store(folder, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    lobby.watch()
    delays: dict[int, float] = {}

    def heard(new) -> None:
        now = time.time()
        for line in new:
            delays[line.id] = now - line.at

    Chat(store).follow([LOBBY], "listener", heard, after=0)
    conn.send(("ready", None))
    cpu = time.process_time()
    deadline = time.monotonic() + 60
    while len(delays) < lines and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    cpu = time.process_time() - cpu
    lobby.close()
    store.close()
    return "done", (list(delays.values()), cpu)


def run_chat_bench(processes: int, lines: int, database: str | None = None) -> list[str]:
    from engine.store import open_store
    from engine.together.chat import LOBBY, Chat

    folder = Path(tempfile.mkdtemp(prefix="bergfried-bench-chat-"))
    try:
        store = open_store(folder, database, durable=False)
        for name in ("speaker", "listener"):
            store.claim(name, f"ssh-ed25519 AAAA{name}")
        context = multiprocessing.get_context("spawn")
        pipes, children = [], []
        for _ in range(processes):
            mine, theirs = context.Pipe()
            child = context.Process(target=_follower, args=(str(folder), database, lines, theirs), daemon=True)
            child.start()
            pipes.append(mine)
            children.append(child)
        for pipe in pipes:
            if not pipe.poll(READY_TIMEOUT) or pipe.recv()[0] != "ready":
                raise RuntimeError("a listening process did not start")
        load = os.getloadavg()[0]
        chat = Chat(store, burst=lines + 1)
        for i in range(lines):
            chat.say(LOBBY, "speaker", f"line {i}")
            time.sleep(0.1)
        delays, cpus = [], []
        for pipe in pipes:
            kind, got = pipe.recv()
            if kind != "done":
                raise RuntimeError(f"a listening process failed: {got}")
            delays += got[0]
            cpus.append(got[1])
        for child in children:
            child.join(30)
        store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    delays.sort()
    backend = "PostgreSQL" if database else "SQLite"
    missing = processes * lines - len(delays)
    return [
        f"bench chat: {backend}, {processes} listening processes, {lines} lines 0.1 s apart "
        f"(load {load:.1f} → {os.getloadavg()[0]:.1f})",
        f"  deliveries:          {len(delays)}" + (f" ({missing} never came)" if missing else ""),
        f"  line to listener:    p50 {_ms(delays, 0.5)}  p95 {_ms(delays, 0.95)}  max {_ms(delays, 1.0)}",
        f"  CPU per listener:    {statistics.mean(cpus) / lines * 1000:.2f} ms a line",
    ]


def _ms(sorted_values: list[float], q: float) -> str:
    if not sorted_values:
        return "-"
    return f"{sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))] * 1000:.1f} ms"
