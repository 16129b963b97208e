"""The store on both databases (SQLite and a real PostgreSQL): accounts unique regardless of
case, private files, two lobbies of one store seeing each other's tables and moves, and move N
appended by only one of two writers."""

from __future__ import annotations

import asyncio
import stat

import pytest

from engine.core import IllegalAction
from engine.lobby import Accounts, Login
from engine.store import Conflict, Store
from engine.store.db import SQLite
from engine.store.store import open_store

from . import stores as fixtures
from .stores import lobby_of


stores = fixtures.stores  # (the store fixture on both databases, shared with the together tests)


def test_names_are_unique_regardless_of_case(stores):
    accounts = Accounts(stores())
    accounts.claim("alice", "ssh-ed25519 AAAAalice")
    other = Accounts(stores())  # another process
    assert other.check("Alice", "ssh-ed25519 AAAAmallory") is Login.TAKEN
    assert other.check("ALICE", "ssh-ed25519 AAAAalice") is Login.OTHER
    with pytest.raises(ValueError):
        other.claim("ALICE", "ssh-ed25519 AAAAmallory")
    assert other.names() == ["alice"] and other.exists("aLiCe")
    lobby = lobby_of(other.store)
    record = lobby.create("bob", "palais-royal", ["me", "invite:ALICE"])
    assert record.seats[1].player == "alice"  # the invitation finds her account
    assert lobby.summaries("alice")[0].invited


def test_the_data_folder_and_database_are_private(tmp_path):
    folder = tmp_path / "server"
    store = open_store(folder, durable=False)
    Accounts(store).claim("alice", "ssh-ed25519 AAAAalice")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in ("bergfried.db", "bergfried.db-wal", "bergfried.db-shm"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    store.close()


async def test_two_lobbies_share_tables_and_moves(stores):
    here, there = lobby_of(stores()), lobby_of(stores())
    record = here.create("alice", "palais-royal", ["me", "invite:bob"])
    assert there.poll() and there.record(record.id).seats[1].player == "bob"
    there.join(record.id, "bob")  # bob's process starts the game
    assert here.poll() and here.record(record.id).status == "playing"
    assert record.status == "playing"  # the record alice holds follows
    mine, theirs = here.table(record.id), there.table(record.id)
    seen = []
    theirs.attach(1, seen.append)
    for _ in range(6):  # whoever is to act plays, in their process
        seat = next(iter(mine.to_act))
        table = mine if seat == 0 else theirs
        table.submit(seat, table.legal_actions(seat)[0])
        (there if seat == 0 else here).poll()
    assert [line.text for line in mine.move_lines()] == [line.text for line in theirs.move_lines()]
    assert any(u.kind == "moved" for u in seen)
    assert mine.view(0) == theirs.view(0)  # the same game in both
    summary = there.summaries("alice")[0]
    assert summary.to_act == tuple(["alice", "bob"][s] for s in sorted(mine.to_act))
    here.close()
    there.close()
    await asyncio.sleep(0)


async def test_move_n_is_appended_once_and_the_loser_decides_again(stores):
    here, there = lobby_of(stores()), lobby_of(stores())
    record = here.create("alice", "palais-royal", ["me", "invite:bob"])
    there.poll()
    there.join(record.id, "bob")
    here.poll()
    mine, theirs = here.table(record.id), there.table(record.id)
    seat = next(iter(mine.to_act))
    action = mine.legal_actions(seat)[0]
    mine.submit(seat, action)  # line N is written here...
    lines = mine.seq
    # ... and the other process, not told yet, appends its own line N: refused by the database,
    # it reads the table again and decides the action on the new position: played there if the
    # seat may still act (a game with several actions a turn), else refused with the reason
    if seat in mine.to_act and action in mine.legal_actions(seat):
        theirs.submit(seat, action)
        assert theirs.seq > lines
        here.poll()
    else:
        with pytest.raises(IllegalAction) as refused:
            theirs.submit(seat, action)
        assert not isinstance(refused.value, Conflict) and "not your turn" in str(refused.value)
        assert theirs.seq == lines
    assert theirs.move_lines() == mine.move_lines()
    assert here.store.lines(record.id) == there.store.lines(record.id)
    assert len(here.store.lines(record.id)) == mine.seq == theirs.seq
    here.close()
    there.close()
    await asyncio.sleep(0)


async def test_refusals_and_undo_reach_every_process(stores):
    from engine.lobby import LobbyError

    here, there = lobby_of(stores()), lobby_of(stores())
    record = here.create("alice", "palais-royal", ["me", "invite:bob"])
    there.poll()
    here.poll()
    with pytest.raises(LobbyError, match="no seat"):
        there.leave(record.id, "carol")  # refused: nothing written
    assert here.poll() is False
    there.join(record.id, "bob")
    here.poll()
    with pytest.raises(LobbyError, match="started"):
        here.leave(record.id, "alice")
    mine, theirs = here.table(record.id), there.table(record.id)
    seat = next(iter(mine.to_act))
    table = mine if seat == 0 else theirs
    table.submit(seat, table.legal_actions(seat)[0])
    assert table.can_undo(seat), table.can_undo(seat).reason
    before = [line.text for line in table.move_lines()]
    table.undo(seat)  # an undo line, like a save file's
    other = theirs if table is mine else mine
    (there if table is mine else here).poll()
    assert [line.text for line in other.move_lines()] == [line.text for line in table.move_lines()]
    assert len(other.move_lines()) == len(before) - 1 and other.view(seat) == table.view(seat)
    assert '"undo"' in here.store.lines(record.id)[-1]
    here.close()
    there.close()
    await asyncio.sleep(0)


def test_a_forked_process_uses_its_own_connection(tmp_path):
    """A player's process forked from one holding the store: it writes through a connection
    of its own, and its parent's connection still works afterwards."""
    import os

    store = open_store(tmp_path / "server", durable=False)
    accounts = Accounts(store)
    accounts.claim("alice", "ssh-ed25519 AAAAalice")
    parent_conn = store.db.conn
    pid = os.fork()
    if pid == 0:  # the child: the same store object, a new connection
        code = 1
        try:
            same = open_store(tmp_path / "server", durable=False) is store
            Accounts(store).claim("bob", "ssh-ed25519 AAAAbob")
            code = 0 if same and store.db.conn is not parent_conn else 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert store.db.conn is parent_conn and accounts.names() == ["alice", "bob"]
    store.close()


async def test_a_line_that_is_no_move_stops_the_table_for_its_players(stores):
    here = lobby_of(stores())
    record = here.create("alice", "palais-royal", ["me", "invite:bob"])
    here.join(record.id, "bob")
    table = here.table(record.id)
    told = []
    table.attach(0, told.append)
    forged = '{"act":1,"n":1,"by":0,"move":"no such move","type":"ServantMoved","v":1,"data":{}}'
    here.store.append(record.id, table.seq, [forged])  # another process's bug, or an edit
    here.poll()
    assert table.stopped and "cannot be read" in table.stopped and "line" in table.stopped
    assert told[-1].kind == "stopped"
    here.close()
    await asyncio.sleep(0)


def test_a_new_table_never_takes_an_id_another_process_just_took(stores):
    here, there = lobby_of(stores()), lobby_of(stores())
    first = here.create("alice", "palais-royal", ["me", "invite:bob"])
    ids = iter([first.id, "tfresh1"])
    there._new_id = lambda: next(ids)  # there has not heard of it yet
    second = there.create("bob", "palais-royal", ["me", "bot:random"])
    assert second.id == "tfresh1"
    here.poll()
    assert here.record(first.id).creator == "alice" and here.record(first.id).status == "waiting"
    there.close()
    here.close()


def test_spectators_are_counted_across_processes(stores):
    here, there = lobby_of(stores()), lobby_of(stores())
    record = here.create("alice", "palais-royal", ["me", "bot:random"])
    there.poll()
    there.watching(record.id, +1)
    here.poll()
    assert here.summaries("carol")[0].watchers == 1
    here.watching(record.id, +1)
    assert here.summaries("carol")[0].watchers == 2
    there.watching(record.id, -1)
    here.poll()
    assert here.summaries("carol")[0].watchers == 1
    here.close()
    there.close()


def test_a_dropped_postgresql_connection_is_made_again(postgres_url, tmp_path):
    import psycopg

    from engine.store import StoreError

    store = open_store(tmp_path, postgres_url, durable=False)
    accounts = Accounts(store)
    accounts.claim("alice", "ssh-ed25519 AAAAalice")
    backend = store.db.query("SELECT pg_backend_pid()")[0][0]
    with psycopg.connect(postgres_url, autocommit=True) as admin:  # the server drops it
        admin.execute("SELECT pg_terminate_backend(%s)", (backend,))
    with pytest.raises(StoreError):
        accounts.names()  # one clear error for this call...
    assert accounts.names() == ["alice"]  # ... and the next one connects again
    store.close()


@pytest.mark.parametrize("inotify", [True, False])
async def test_a_watching_lobby_hears_of_another_process_at_once(tmp_path, monkeypatch, inotify):
    """SQLite: woken by the log's inotify event, or (past the instance limit) by asking."""
    import time

    from engine.store import watch

    if not inotify:

        class NoWake(watch._WalWake):
            def __init__(self, database):
                super().__init__(database)
                self.close()  # as if inotify_init1 had failed

        monkeypatch.setattr(watch, "_WalWake", NoWake)
    db = SQLite(tmp_path / "bergfried.db", durable=False)
    db.schema()
    here = lobby_of(Store(db, tmp_path))
    here.watch(interval=0.05)
    heard = []
    here.subscribe(lambda: heard.append(time.monotonic()))
    other = SQLite(tmp_path / "bergfried.db", durable=False)
    there = lobby_of(Store(other, tmp_path))
    await asyncio.sleep(0.2)  # the watcher has begun
    made = time.monotonic()
    record = there.create("bob", "palais-royal", ["me", "open"])
    while not heard and time.monotonic() - made < 5:
        await asyncio.sleep(0.005)
    assert heard and heard[0] - made < 1.0
    assert [s.id for s in here.summaries("bob")] == [record.id]
    here.close()
    there.close()


def test_a_wait_on_the_log_ends_when_interrupted_and_a_watcher_stops_at_once(tmp_path):
    """Stopping a server stopped its watcher, asleep on the log's inotify for up to a second: every
    server's stop (and every server test) waited it out. ``interrupt`` ends the wait at once."""
    import threading
    import time

    from engine.store.wake import WalWake

    wake = WalWake(tmp_path / "bergfried.db")
    ended: list[bool] = []
    waiting = threading.Thread(target=lambda: ended.append(wake.wait(30)))
    waiting.start()
    time.sleep(0.1)  # (under way or not: an interrupt before the wait ends it as well)
    began = time.monotonic()
    wake.interrupt()
    waiting.join(10)
    assert ended == [False] and time.monotonic() - began < 10
    wake.close()
    wake.interrupt()  # after close: nothing is written anywhere
    assert wake.wait(0.01) is False
