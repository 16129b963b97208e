"""The bot pool of a server: processes that decide every bot move of the store's tables
(each runs ``engine.store.worker.run_worker``).

    pool = BotPoolProcess(data_dir, database, workers=2, bot_delay=0.6)
    pool.start()      # before any connection is accepted
    pool.revive()     # now and then, while serving: a worker that ended or hung is started again
    pool.stop()       # as the server stops

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
import threading
import time
from pathlib import Path

from .worker import NICENESS, run_worker

#: Seconds a worker's loop may go without a round before the pool replaces it (a decision is
#: bounded by its bot's budget, a few seconds; a round is a quarter of a second otherwise).
STALL_AFTER = 120.0


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
        stall_after: float = STALL_AFTER,
    ):
        self.args = (str(data_dir), database, bot_delay, durable, away_every, niceness)
        self.workers, self.trace, self.stall_after = workers, trace, stall_after
        self.processes: list = []
        self._pipes: list = []
        self._beats: list = []  # each worker's loop writes the time it last went round
        # revive() and stop() run in the server's executor threads: one at a time, and none
        # started once stopping (a worker revived then would outlive the pool)
        self._lock = threading.Lock()
        self._stopping = False

    def start(self) -> None:
        self._stopping = False
        for n in range(self.workers):
            self._start_worker(n)

    def _start_worker(self, n: int) -> None:
        """Start worker ``n`` (again, if it ended: it takes the same place in the lists)."""
        context = multiprocessing.get_context("spawn")
        reader, writer = context.Pipe(duplex=False)
        beat = context.Value("d", time.monotonic(), lock=False)
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
                beat=beat,
            ),
            name=f"bergfried-bots-{n}",
            daemon=True,
        )
        process.start()
        reader.close()  # only the worker holds the reading end: its EOF is our end
        if n < len(self.processes):
            self.processes[n], self._pipes[n], self._beats[n] = process, writer, beat
        else:
            self.processes.append(process)
            self._pipes.append(writer)
            self._beats.append(beat)

    def revive(self) -> list[str]:
        """Start again every worker that ended, and every one whose loop has not gone round for
        ``stall_after`` seconds (killed first: hung or stopped, it kept the tables it had
        leased, and their bots never moved). Returns a line for the log for each."""
        with self._lock:
            return [] if self._stopping else self._revive()

    def _revive(self) -> list[str]:
        said = []
        for n, process in enumerate(self.processes):
            if not process.is_alive():
                why = f"ended (exit code {process.exitcode})"
            elif time.monotonic() - self._beats[n].value > self.stall_after:
                why = f"did not go round for {self.stall_after:g} s, killed"
                process.kill()
                process.join(5)
            else:
                continue
            self._pipes[n].close()
            self._start_worker(n)
            said.append(f"bot worker {n} (pid {process.pid}) {why}; started another (pid {self.processes[n].pid})")
        return said

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def stop(self, timeout: float = 10.0) -> None:
        with self._lock:
            self._stopping = True
        for pipe in self._pipes:
            pipe.close()  # the worker sees the pipe end and stops
        for process in self.processes:
            process.join(timeout)
            if process.is_alive():
                process.kill()
                process.join()
        self.processes, self._pipes, self._beats = [], [], []

    def __enter__(self) -> BotPoolProcess:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
