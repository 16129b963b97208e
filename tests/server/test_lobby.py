"""The lobby without any UI: accounts, tables that wait, start, list and come back."""

from __future__ import annotations

import asyncio
import contextlib
import os
from functools import partial

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby, LobbyError, Login

from ..waiting import until

KEY_A, KEY_B = "ssh-ed25519 AAAAalice", "ssh-ed25519 AAAAbob"


def test_the_first_key_owns_a_name(tmp_path):
    accounts = Accounts(tmp_path / "accounts.json")
    assert accounts.check("alice", KEY_A) is Login.CLAIM
    accounts.claim("alice", KEY_A)
    again = Accounts(tmp_path / "accounts.json")  # kept on disk
    assert again.check("alice", KEY_A) is Login.KNOWN
    assert again.check("alice", KEY_B) is Login.TAKEN
    assert again.check("bob", KEY_A) is Login.OTHER
    assert again.check("9lives", KEY_B) is Login.INVALID
    with pytest.raises(ValueError):
        again.claim("alice", KEY_B)


def lobby_at(path):
    return Lobby(path, TableHost(get_game, durable=False))


async def test_a_table_waits_for_its_seats_then_starts_and_survives_a_restart(tmp_path):
    lobby = lobby_at(tmp_path)
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "open"])
    assert record.status == "waiting" and lobby.table(record.id) is None
    assert lobby.summaries("bob")[0].invited
    with pytest.raises(LobbyError):
        lobby.create("alice", "king-up", ["me", "invite:alice", "open"])
    assert lobby.join(record.id, "carol") == 2  # the open seat, not bob's
    assert lobby.join(record.id, "bob") == 1  # the invitation: now full
    table = lobby.table(record.id)
    assert record.status == "playing"
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    with pytest.raises(LobbyError):
        lobby.join(record.id, "dave")
    turn = lobby.summaries("alice")[0]
    assert turn.to_act == tuple(["alice", "bob", "carol"][s] for s in sorted(table.to_act))
    seat = next(iter(table.to_act))
    table.play(seat, table.format_action(seat, table.legal_actions(seat)[0]))
    lines = [line.text for line in table.move_lines()]
    lobby.close()
    again = lobby_at(tmp_path)
    assert again.restore() == []
    assert [line.text for line in again.table(record.id).move_lines()] == lines
    again.close()
    await asyncio.sleep(0)


def test_the_last_player_out_removes_a_waiting_table(tmp_path):
    lobby = lobby_at(tmp_path)
    record = lobby.create("alice", "king-up", ["me", "open", "bot:random"])
    lobby.join(record.id, "bob")
    with pytest.raises(LobbyError):
        lobby.leave(record.id, "bob")  # started: the seat stays
    waiting = lobby.create("alice", "king-up", ["me", "open", "invite:bob"])
    lobby.leave(waiting.id, "alice")
    assert [s.id for s in lobby.summaries("alice")] == [record.id]
    lobby.close()


async def test_bots_think_in_the_server_process_pool(tmp_path):
    """A lobby like the server's (bots="pool") never thinks: the pool's process plays the bots."""
    from engine.store.botpool import BotPoolProcess

    lobby = Lobby(tmp_path, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "king-up", ["bot:greedy", "me", "bot:random"])
    table = lobby.table(record.id)
    lobby.watch()
    with BotPoolProcess(tmp_path, workers=1, bot_delay=0, durable=False):
        for _ in range(4):  # the human plays whenever it is their turn
            await until(lambda: 1 in table.to_act or table.finished, timeout=30, what="alice's turn")
            if table.finished:
                break
            table.play(1, table.format_action(1, table.legal_actions(1)[0]))
        await until(
            lambda: any(line.text.startswith(("Greedy", "Random")) for line in table.move_lines()),
            timeout=30,
            what="the pool's bots playing",
        )
        assert table.stopped is None
    lobby.close()


async def test_the_pools_workers_yield_the_cpu_to_the_server(tmp_path):
    from engine.store.botpool import BotPoolProcess
    from engine.store.worker import NICENESS

    with BotPoolProcess(tmp_path, workers=2, bot_delay=0, durable=False, niceness=NICENESS) as pool:
        want = min(os.getpriority(os.PRIO_PROCESS, 0) + NICENESS, 19)
        for pid in pool.pids:
            await until(partial(_nice_is, pid, want), timeout=30, what="the worker's priority")
            # (a player's process that wakes takes the core at once, not after the worker's slice)
            assert os.sched_getscheduler(pid) == os.SCHED_IDLE
        if not _groups_by_session():
            return
        # With autogroup scheduling the kernel shares the cores between sessions first: every
        # player's process is a session, and a worker in the server's took a whole player's share
        # however nice it was. Each worker's session is its own, and that session's group is nice.
        for pid in pool.pids:
            await until(partial(_group_nice_is, pid, NICENESS), timeout=30, what="the worker's session's priority")
            assert os.getsid(pid) == pid != os.getsid(0)


def _nice_is(pid: int, nice: int) -> bool:
    return os.getpriority(os.PRIO_PROCESS, pid) == nice


def _group_nice_is(pid: int, nice: int) -> bool:
    """Whether the process's session group runs at ``nice`` (``/autogroup-N nice K``)."""
    try:
        return int(open(f"/proc/{pid}/autogroup").read().split()[-1]) == nice
    except (OSError, ValueError, IndexError):
        return False


def _groups_by_session() -> bool:
    try:
        return open("/proc/sys/kernel/sched_autogroup_enabled").read().strip() == "1"
    except OSError:
        return False


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
@pytest.mark.parametrize("how", ["killed", "hung"])
async def test_a_bot_worker_that_ended_or_hung_is_replaced_and_its_bots_play_on(tmp_path, how, database, request):
    """A worker that dies (killed, out of memory) or hangs (here: stopped) held the tables it had
    leased: their bots never moved again (on PostgreSQL a hung one's session kept the table's
    lock). The pool starts another in its place, and says so."""
    import signal

    from engine.store import open_store
    from engine.store.botpool import BotPoolProcess

    url = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    table = lobby.table(record.id)
    lobby.watch()
    with BotPoolProcess(tmp_path, url, workers=1, bot_delay=0, durable=False, stall_after=3) as pool:
        (old,) = pool.pids
        os.kill(old, signal.SIGKILL if how == "killed" else signal.SIGSTOP)
        said: list[str] = []
        await until(lambda: bool(said.extend(pool.revive()) or said), timeout=30, what="the worker replaced")
        try:
            (new,) = pool.pids
            assert new != old and pool.processes[0].is_alive()
            assert said == [
                f"bot worker 0 (pid {old}) "
                + ("ended (exit code -9)" if how == "killed" else "did not go round for 3 s, killed")
                + f"; started another (pid {new})"
            ]
            for _ in range(3):  # alice plays; the new worker's bots answer
                await until(lambda: 0 in table.to_act or table.finished, timeout=30, what="alice's turn")
                if table.finished:
                    break
                seq = len(table.move_lines())
                table.play(0, table.format_action(0, table.legal_actions(0)[0]))
                await until(partial(_moved_past, table, seq + 1), timeout=30, what="the bots' moves")
            assert table.stopped is None
        finally:
            if how == "hung":
                with contextlib.suppress(ProcessLookupError):
                    os.kill(old, signal.SIGKILL)
    lobby.close()
    store.close()


def _moved_past(table, lines: int) -> bool:
    return len(table.move_lines()) > lines or table.finished
