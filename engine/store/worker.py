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
    beat=None,
) -> None:
    """A worker process's whole life (the target of a spawned process); see the module."""
    stop = threading.Event()
    parent = os.getppid() if parent is None else parent
    threading.Thread(target=_watch_parent, args=(parent, pipe, stop), daemon=True).start()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if niceness > 0:
        yield_cpu(niceness)
    asyncio.run(_serve(Path(data_dir), database, bot_delay, durable, away_every, trace, stop, beat))


def yield_cpu(niceness: int) -> None:
    """Let this process think only on CPU time no player's process wants.

    A nice value alone did not do it on Linux, for two reasons (``bergfried bench ssh --parts
    scale``, connect to first frame with 200 idle sessions while 4 tables of expert bots think):

    * **Autogroup scheduling** (on in most distributions) shares the cores fairly between
      sessions first, each session a group, and uses nice values only inside a group. Every
      player's process is a session of its own and the workers were in the server's: as one
      group they took a whole player's share however nice they were. So the worker starts a
      session of its own and makes that session's group nice (``/proc/self/autogroup``, which
      may raise it without privileges; the kernel takes one such write a tenth of a second).
    * **A nice process still runs out its time slice** when a player's process wakes (a frame
      to draw, a key), a few milliseconds each time, many times during a login's first frame.
      ``SCHED_IDLE`` (no privileges needed) makes any other process that wakes take the core
      at once; the worker still gets its group's share when the players' processes are busy.

    (What each bought, measured: docs/ssh.md, "The bot pool yields".) ``--bot-nice 0`` leaves
    the workers as they start."""
    try:
        os.nice(niceness)
    except OSError:
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # (not Linux: the nice value is what there is)
        pass
    try:
        os.setsid()
    except OSError:  # already a session's leader
        pass
    for _ in range(30):
        try:
            with open("/proc/self/autogroup", "w") as group:
                group.write(str(niceness))
            return
        except BlockingIOError:  # another process wrote one in the last tenth of a second
            time.sleep(0.1)
        except OSError:  # no autogroup (another kernel, or it is off): the nice value is all there is
            return


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
    beat=None,
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
            if beat is not None:  # (the pool replaces a worker whose loop stops going round)
                beat.value = time.monotonic()
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
