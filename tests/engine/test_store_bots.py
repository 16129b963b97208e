"""Bots across processes: two bot-pool workers (spawned processes) over one store, SQLite and
PostgreSQL, decide every bot move exactly once between them; a worker ends with its parent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core import IllegalAction, TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import open_store, stand_ins
from engine.store.botpool import BotPoolProcess


def wait_until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not reached within {timeout}s")
        time.sleep(0.05)


def action_starts(lines: list[str]) -> set[int]:
    """The lines where a move (not the set-up) begins: here, every one a bot's."""
    return {
        seq
        for seq, line in enumerate(lines[1:], start=1)
        if (record := json.loads(line)).get("act", 0) > 0 and "n" in record
    }


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_bot_workers_decide_each_bot_move_exactly_once(backend, tmp_path, request):
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    tables = [lobby.create("alice", "palais-royal", ["bot:random", "bot:greedy"]).id for _ in range(3)]
    trace = tmp_path / "decided"
    enough = 40
    with BotPoolProcess(tmp_path, url, workers=2, bot_delay=0.0, durable=False, trace=trace):
        wait_until(
            lambda: all(len(store.lines(t)) >= enough or _finished(lobby, t) for t in tables),
            120,
            "bot moves at every table",
        )
    decided = []
    for n in (0, 1):
        path = Path(f"{trace}.{n}")
        decided += [tuple(line.split()) for line in path.read_text().splitlines()] if path.exists() else []
    positions = [(t, int(seq)) for t, seq, _pid in decided]
    # A decision under way when the pool stopped is dropped with its lease, and the other worker,
    # not stopped yet, may take that position up: only a worker's last decision at a table may
    # be decided again.
    last = {(t, pid): int(seq) for t, seq, pid in decided}
    dropped = {(t, seq) for (t, _pid), seq in last.items()}
    again = [p for p in positions if p not in dropped]
    assert len(again) == len(set(again)), "a bot move was decided twice"
    assert all(positions.count(p) <= 2 for p in dropped)
    ends = {t: len(store.lines(t)) for t in tables}
    for t in tables:
        made = action_starts(store.lines(t))
        mine = {seq for table, seq in positions if table == t}
        assert made <= mine, "every bot move appended was decided by a worker"
        assert mine - made <= {ends[t]}, "only the decision under way at the end is not in the log"
    lobby.close()


def _finished(lobby, table_id) -> bool:
    lobby.poll()
    return lobby.record(table_id).status == "finished"


def test_a_bot_worker_ends_when_its_server_is_killed(tmp_path):
    script = (
        "import sys, time\n"
        "from engine.store.botpool import BotPoolProcess\n"
        f"pool = BotPoolProcess({str(tmp_path)!r}, workers=1, durable=False)\n"
        "pool.start()\n"
        "print(pool.pids[0], flush=True)\n"
        "time.sleep(600)\n"
    )
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(server.stdout.readline())
        assert _alive(worker)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        wait_until(lambda: not _alive(worker), 20, "the worker's end")
    finally:
        if server.poll() is None:
            server.kill()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (its parent, init, collects it later) has ended
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


async def test_a_players_process_sees_the_pools_bot_think_and_move(tmp_path):
    import asyncio

    store = open_store(tmp_path, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    lobby.watch(interval=0.02)
    record = lobby.create("alice", "palais-royal", ["me", "bot:random"])
    table = lobby.table(record.id)
    kinds: list[str] = []
    table.attach(0, lambda update: kinds.append(update.kind))

    def bot_lines() -> int:
        return sum(line.text.startswith("Random") for line in table.move_lines())

    answered_after = None  # how many bot lines there were when alice last moved
    with BotPoolProcess(tmp_path, workers=1, bot_delay=0.3, durable=False):
        deadline = time.monotonic() + 60
        # alice plays (the bot may have begun), then the pool's bot answers in this process
        while (answered_after is None or bot_lines() <= answered_after) and not table.finished:
            assert time.monotonic() < deadline, "the bot never answered"
            if 0 in table.to_act:
                kinds.clear()
                table.submit(0, table.legal_actions(0)[0])
                answered_after = bot_lines()
            await asyncio.sleep(0.02)
    # her move, then told the bot thinks, then its move
    assert table.finished or kinds[:3] == ["moved", "thinking", "moved"], kinds
    lobby.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_stand_in_plays_for_a_player_away_from_every_process_until_she_is_back(backend, tmp_path, request):
    import asyncio

    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None

    async def until(predicate, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            assert time.monotonic() < deadline, f"{what} not reached within {timeout}s"
            await asyncio.sleep(0.02)

    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")  # alice's process
    lobby.watch(interval=0.02)
    record = lobby.create("alice", "palais-royal", ["me", "bot:random"], stand_in_after=1, stand_in_level="random")
    table = lobby.table(record.id)
    with BotPoolProcess(tmp_path, url, workers=1, bot_delay=0.05, durable=False, away_every=0.2):
        # alice has her seat open nowhere: the pool starts her away clock, then its bot plays for her
        await until(lambda: record.seats[0].stand_in, "the stand-in")
        assert lobby.summaries("alice")[0].seats[0] == "alice (a bot for now)"
        await until(
            lambda: any(line.text.startswith("alice") for line in table.move_lines()) or table.finished,
            "the stand-in playing alice's move",
        )
        if table.finished:
            return
        lobby.arrive(record.id, "alice")  # she is back (in her own process)
        # The log's length when her return committed: read with her seat's change, under the
        # table's lock, which a stand-in's move takes too. Her stand-in may have moved up to
        # here (and her process may not have read that move yet); never after it.
        back_at = record.lines
        table.attach(0, lambda update: None)
        assert not record.seats[0].stand_in
        mine: set[int] = set()  # the acts she played herself

        # She plays on, at once on her turns, until the pool's bot has answered her twice: the
        # pool runs its away checks and bot moves all along, and none of its moves is hers.
        def done() -> bool:
            return len(answers(store.lines(record.id), back_at)) >= 2 or table.finished

        while not done():
            await until(lambda: 0 in table.to_act or done(), "her turn, or the bot's answers")
            if 0 in table.to_act and not done():
                try:
                    table.submit(0, table.legal_actions(0)[0])
                except IllegalAction:
                    continue  # her stand-in had ended her turn before she was back: read now
                mine.add(json.loads(store.lines(record.id, table.seq - 1)[0])["act"])
        lobby.poll()
        assert not record.seats[0].stand_in
        for line in store.lines(record.id)[back_at:]:
            entry = json.loads(line)
            assert "n" not in entry or entry.get("by") != 0 or entry["act"] in mine, "a stand-in moved after her return"
        # (entry positions: line n is entry n - 1) no stand-in's mark past her return either
        assert all(first < back_at - 1 for first, _last, _seat in stand_ins.marks(store, record.id, 0))
    lobby.close()


def answers(lines: list[str], start: int) -> set[int]:
    """The acts the bot at seat 1 began among ``lines[start:]``."""
    return {e["act"] for line in lines[start:] if "n" in (e := json.loads(line)) and e.get("by") == 1}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_killed_workers_lease_is_free_at_once(backend, tmp_path, request):
    """A bot worker SIGKILLed mid-decision leaves its lease; another process decides that move
    without waiting for the lease to run out: with SQLite (one host) its pid is gone, with
    PostgreSQL its session and the table's advisory lock with it. While it lives its lease holds,
    even with no heartbeat for an hour (a loaded host's worker, still thinking)."""
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "palais-royal", ["me", "bot:random"])
    table = lobby.table(record.id)
    while 0 in table.to_act:
        table.submit(0, table.legal_actions(0)[0])
    script = (
        "import sys, time\n"
        "from engine.store import open_store\n"
        f"store = open_store({str(tmp_path)!r}, {url!r}, durable=False)\n"
        f"print(store.take_lease({record.id!r}, {table.seq}), flush=True)\n"
        "time.sleep(600)\n"
    )
    worker = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout.readline().strip() == "True"
        with store.transaction() as tx:  # its last heartbeat an hour ago
            tx.execute(*store.beat_statement())
            tx.execute(
                "UPDATE processes SET id = (SELECT holder FROM leases WHERE table_id = ?), beat = ?",
                (record.id, time.time() - 3600),
            )
        assert not store.take_lease(record.id, table.seq)  # held by a live process
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
        wait_until(lambda: store.take_lease(record.id, table.seq), 10, "the lease of a killed worker")
    finally:
        if worker.poll() is None:
            worker.kill()
    lobby.close()


def test_a_worker_the_server_spawned_itself_ends_on_sigterm(tmp_path):
    """run_worker as the target of the server's own spawned process: SIGTERM ends it."""
    import multiprocessing

    from engine.store.worker import run_worker

    context = multiprocessing.get_context("spawn")
    worker = context.Process(target=run_worker, args=(str(tmp_path), None, 0.0), kwargs={"durable": False})
    worker.start()
    store = open_store(tmp_path, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "palais-royal", ["bot:random", "bot:random"])
    wait_until(lambda: len(store.lines(record.id)) > 5, 60, "the worker's bots playing")
    worker.terminate()
    worker.join(15)
    assert worker.exitcode == 0
    lobby.close()


async def test_a_player_hurries_the_pools_bot_from_her_process(tmp_path):
    """Space at the table (Table.hurry) reaches the worker: its bot plays without its pause."""
    import asyncio

    store = open_store(tmp_path, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    lobby.watch(interval=0.02)
    record = lobby.create("alice", "palais-royal", ["me", "bot:random"])
    table = lobby.table(record.id)
    table.attach(0, lambda update: None)
    with BotPoolProcess(tmp_path, workers=1, bot_delay=30.0, durable=False):  # a very slow bot
        deadline = time.monotonic() + 60
        while 0 not in table.to_act:  # the bot may open: alice hurries it too
            assert time.monotonic() < deadline, "the bot never moved"
            if table.thinking is not None and len(store.lines(record.id)) == table.seq:
                table.hurry()
            await asyncio.sleep(0.2)
        while 0 in table.to_act:
            table.submit(0, table.legal_actions(0)[0])
        seq, asked = table.seq, time.monotonic()
        table.hurry()  # once, maybe before the worker has begun
        while table.seq == seq:  # thinking; 30 s unless hurried
            assert time.monotonic() - asked < 20, "the hurry never reached the worker"
            await asyncio.sleep(0.05)
    lobby.close()


def test_a_worker_opening_the_store_takes_no_lock_a_move_waits_on(tmp_path, postgres_url):
    """PostgreSQL: a process opening a database whose schema is made (a bot worker starting while
    another process plays) only reads: it neither waits for a move under way nor makes that move
    wait. Making the schema again locked the counter rows and the changed table, deadlocked with
    a move, and the move failed (its game stopped; opened again, that move was decided twice)."""
    from engine.store.db import Postgres

    store = open_store(tmp_path, postgres_url, durable=False)
    starting = Postgres(postgres_url)  # the worker's own connection
    try:
        starting.query("SET lock_timeout = '5s'")  # (a wait fails the test, not hangs it)
        with store.transaction() as tx:
            tx.bump()  # a move under way holds the counter's row and a changed row
            starting.schema()
    finally:
        starting.close()
