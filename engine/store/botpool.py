"""The bot pool of a server: processes that decide every bot move of the store's tables.

    pool = BotPoolProcess(data_dir, database, workers=2, bot_delay=0.6)
    pool.start()      # before any connection is accepted
    ...
    pool.stop()

Each worker is a process started by the "spawn" method (a fresh interpreter: it inherits no
socket, no database connection, no save-file lock) that runs a lobby with ``bots="here"`` over
the store: it opens every playing table with a bot or a stand-in, follows other processes'
moves, and when a bot owes a move takes the lease of that position first, so exactly one
process (of all workers of all hosts) decides it, from that seat's view only. It also runs the
away rule (``check_away``) for stand-in bots. A worker ends when its parent does (it watches
its parent's pid and a pipe whose other end only the parent holds).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from pathlib import Path

NICENESS = 10  # the workers yield the CPU to the players' processes


class BotPoolProcess:
    def __init__(self, data_dir: Path, database: str | None = None, *, workers: int = 1,
                 bot_delay: float = 0.6, durable: bool = True, away_every: float = 5.0,
                 niceness: int = NICENESS, trace: Path | None = None):
        self.args = (str(data_dir), database, bot_delay, durable, away_every, niceness)
        self.workers, self.trace = workers, trace
        self.processes: list = []
        self._pipes: list = []

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        for n in range(self.workers):
            reader, writer = context.Pipe(duplex=False)
            trace = None if self.trace is None else f"{self.trace}.{n}"
            process = context.Process(target=run_worker, args=(*self.args, trace, os.getpid(), reader),
                                      name=f"bergfried-bots-{n}", daemon=True)
            process.start()
            reader.close()  # only the worker holds the reading end: its EOF is our end
            self.processes.append(process)
            self._pipes.append(writer)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def stop(self, timeout: float = 10.0) -> None:
        for pipe in self._pipes:
            pipe.close()  # the worker sees the pipe end and stops
        for process in self.processes:
            process.join(timeout)
            if process.is_alive():
                process.kill()
                process.join()
        self.processes, self._pipes = [], []

    def __enter__(self) -> BotPoolProcess:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def run_worker(data_dir: str, database: str | None, bot_delay: float, durable: bool, away_every: float,
               niceness: int, trace: str | None, parent: int, pipe) -> None:
    """A worker process's whole life (the target of a spawned process)."""
    stop = threading.Event()
    threading.Thread(target=_watch_parent, args=(parent, pipe, stop), daemon=True).start()
    if niceness > 0:
        try:
            os.nice(niceness)
        except OSError:
            pass
    try:
        asyncio.run(_serve(Path(data_dir), database, bot_delay, durable, away_every, trace, stop))
    except KeyboardInterrupt:
        pass


def _watch_parent(parent: int, pipe, stop: threading.Event) -> None:
    while not stop.is_set():
        if os.getppid() != parent:
            stop.set()
            break
        try:
            if pipe.poll(0.5):
                pipe.recv()
        except (EOFError, OSError):
            stop.set()
    time.sleep(5)  # the loop had its chance to stop by itself (leases given back)
    os._exit(0)


async def _serve(data_dir: Path, database: str | None, bot_delay: float, durable: bool, away_every: float,
                 trace: str | None, stop: threading.Event) -> None:
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby
    from engine.store import open_store

    store = open_store(data_dir, database, durable=durable)
    lobby = Lobby(store, TableHost(get_game, bot_delay=bot_delay, durable=durable), bots="here")
    decided = open(trace, "a", encoding="utf-8") if trace else None
    if decided is not None:
        lobby.on_decide = lambda table_id, seq: (decided.write(f"{table_id} {seq} {os.getpid()}\n"),
                                                 decided.flush())
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
