"""A bot worker: one process's whole life deciding the bot moves of a store's tables.

    run_worker(data_dir, database, bot_delay=0.6)   # blocks until told to stop

Start it in a process of its own made by the "spawn" (or forkserver) method, before the server
accepts connections (``BotPoolProcess`` does; a server may start its own processes with this as
their target). It runs a lobby with ``bots="here"`` over the store: every playing table with a
bot or a stand-in is open, other processes' moves are followed, each bot move is decided only
after taking the lease of its position (exactly one process of all decides it, from that seat's
view only), and the away rule (``check_away``) runs every ``away_every`` seconds. It ends on
SIGTERM or SIGINT, when its parent process ends (``parent``, default: the parent it started
with) or when the other end of ``pipe`` closes; its leases and presence rows go with it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

NICENESS = 10  # the workers yield the CPU to the players' processes


def run_worker(
    data_dir,
    database: str | None = None,
    bot_delay: float = 0.6,
    *,
    durable: bool = True,
    away_every: float = 5.0,
    niceness: int = 0,
    trace: str | None = None,
    parent: int | None = None,
    pipe=None,
) -> None:
    """A worker process's whole life (the target of a spawned process); see the module."""
    stop = threading.Event()
    parent = os.getppid() if parent is None else parent
    threading.Thread(target=_watch_parent, args=(parent, pipe, stop), daemon=True).start()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if niceness > 0:
        try:
            os.nice(niceness)
        except OSError:
            pass
    asyncio.run(_serve(Path(data_dir), database, bot_delay, durable, away_every, trace, stop))


def _watch_parent(parent: int, pipe, stop: threading.Event) -> None:
    while not stop.is_set():
        if os.getppid() != parent:
            stop.set()
            break
        try:
            if pipe is None:
                stop.wait(0.5)
            elif pipe.poll(0.5):
                pipe.recv()
        except (EOFError, OSError):
            stop.set()
    time.sleep(5)  # the loop had its chance to stop by itself (leases given back)
    os._exit(0)


async def _serve(
    data_dir: Path,
    database: str | None,
    bot_delay: float,
    durable: bool,
    away_every: float,
    trace: str | None,
    stop: threading.Event,
) -> None:
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby
    from engine.store import open_store

    store = open_store(data_dir, database, durable=durable)
    lobby = Lobby(store, TableHost(get_game, bot_delay=bot_delay, durable=durable), bots="here")
    # Open for the worker's whole life and closed in its ``finally``: no ``with`` spans that.
    decided = open(trace, "a", encoding="utf-8") if trace else None  # noqa: SIM115
    if decided is not None:
        out = decided

        def told(table_id: str, seq: int) -> None:
            out.write(f"{table_id} {seq} {os.getpid()}\n")
            out.flush()

        lobby.on_decide = told
    lobby.watch()
    next_away = time.monotonic()
    try:
        while not stop.is_set():
            _open_bot_tables(lobby)
            for table in lobby.host.tables():
                table.drive_bots()  # a lease another worker let run out is taken here
            if time.monotonic() >= next_away:
                lobby.check_away()
                next_away = time.monotonic() + away_every
            await asyncio.sleep(0.25)
    finally:
        lobby.close()
        store.gone()
        if decided is not None:
            decided.close()


def _open_bot_tables(lobby) -> None:
    """Open every playing table a bot plays at (or may stand in at) that is not open yet."""
    from engine.core import LogError

    for record in lobby.records():
        if record.status != "playing" or lobby.host.running(record.id) is not None:
            continue
        if not (any(s.is_bot or s.stand_in for s in record.seats) or record.stand_in_after is not None):
            continue
        try:
            lobby.table(record.id)
        except LogError:
            continue  # the lobby reports a damaged table; no bot plays there
