"""The bot pool of a server: processes that decide every bot move of the store's tables
(each runs ``engine.store.worker.run_worker``).

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

import multiprocessing
import os
from pathlib import Path

from .worker import NICENESS, run_worker


class BotPoolProcess:
    def __init__(
        self,
        data_dir: Path,
        database: str | None = None,
        *,
        workers: int = 1,
        bot_delay: float = 0.6,
        durable: bool = True,
        away_every: float = 5.0,
        niceness: int = NICENESS,
        trace: Path | None = None,
    ):
        self.args = (str(data_dir), database, bot_delay, durable, away_every, niceness)
        self.workers, self.trace = workers, trace
        self.processes: list = []
        self._pipes: list = []

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        for n in range(self.workers):
            reader, writer = context.Pipe(duplex=False)
            trace = None if self.trace is None else f"{self.trace}.{n}"
            data_dir, database, bot_delay, durable, away_every, niceness = self.args
            process = context.Process(
                target=run_worker,
                args=(data_dir, database, bot_delay),
                kwargs=dict(
                    durable=durable,
                    away_every=away_every,
                    niceness=niceness,
                    trace=trace,
                    parent=os.getpid(),
                    pipe=reader,
                ),
                name=f"bergfried-bots-{n}",
                daemon=True,
            )
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
