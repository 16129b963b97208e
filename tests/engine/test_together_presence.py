"""Who is here, on both databases: sessions online (several per player, a killed process's
swept), who is at each table and for how long the others have been away, and finished games:
out of the open list, into each player's history with the game's own result."""

from __future__ import annotations

import multiprocessing
import time

import pytest

from engine.core import LogError
from engine.store.store import Store
from engine.together.history import finished_log, history
from engine.together.presence import LOBBY, Presence, away_text
from tests.waiting import until

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores


def play_out(lobby, table_id: str) -> None:
    table = lobby.table(table_id)
    while not table.finished:
        seat = min(table.to_act)
        table.submit(seat, table.legal_actions(seat)[0])


def test_sessions_online_in_any_process(stores):
    here, there = stores(), stores()
    one, two = Presence(here), Presence(there)
    before = one.changes()
    a = one.enter("alice")
    two.enter("bob", "t123456")
    a2 = two.enter("alice", "t654321")  # a second session of hers
    online = one.online()
    assert [(o.name, o.places) for o in online] == [("alice", (LOBBY, "t654321")), ("bob", ("t123456",))]
    assert one.changes() > before
    one.move(a, "t999999")
    assert one.online()[0].places == ("t654321", "t999999")
    one.leave(a)
    two.leave(a2)
    assert [o.name for o in two.online()] == ["bob"]


def _enter_and_die(url: str | None, folder: str) -> None:
    from pathlib import Path

    from engine.store.db import Postgres, SQLite

    db = Postgres(url) if url else SQLite(Path(folder) / "bergfried.db", durable=False)
    Presence(Store(db, Path(folder))).enter("mallory")


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_killed_process_s_session_is_swept(request, tmp_path, database):
    """Its pid on this host is gone: not online, and its row is swept (on PostgreSQL its beat is
    recent: it was online for 30 s)."""
    from engine.store.db import Postgres, SQLite

    url = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    db = Postgres(url) if url else SQLite(tmp_path / "bergfried.db", durable=False)
    db.schema()
    store = Store(db, tmp_path)
    child = multiprocessing.get_context("spawn").Process(target=_enter_and_die, args=(url, str(tmp_path)))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    assert store.db.query("SELECT player FROM sessions") == [("mallory",)]  # its row stayed behind
    assert Presence(store).online() == []
    assert store.db.query("SELECT player FROM sessions") == []
    store.close()


def test_a_session_without_a_heartbeat_expires_postgresql(postgres_url, tmp_path):
    from engine.store.db import Postgres

    db = Postgres(postgres_url)
    db.schema()
    store = Store(db, tmp_path)
    presence = Presence(store)
    presence.enter("mallory")
    assert [o.name for o in presence.online()] == ["mallory"]
    with store.transaction() as tx:  # as if its process had died 31 s ago (no beat since)
        tx.execute("UPDATE processes SET beat = beat - 31")
    assert presence.online() == []
    store.close()

    store.close()


def test_who_is_at_a_table_and_how_long_the_others_are_away(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = lobby_of(store)
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "bot:random"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    at_alice = table.attach(0, lambda update: None)
    at_bob = table.attach(1, lambda update: None)
    seats = Presence(store).at_table(record.id)
    assert [(s.name, s.here, s.away_for) for s in seats] == [
        ("alice", True, None),
        ("bob", True, None),
        ("Random bot 3", True, None),
    ]
    carol = Presence(store).enter("carol", record.id)  # a spectator's session at the table
    Presence(store).enter("alice", record.id)
    assert Presence(stores()).watching(record.id) == ["carol"]  # alice has a seat: not watching
    Presence(store).leave(carol)
    assert Presence(store).watching(record.id) == []
    at_bob.detach()
    later = Presence(stores(), clock=lambda: time.time() + 125)  # another process, two minutes on
    bob = later.at_table(record.id)[1]
    assert bob.player == "bob" and not bob.here and bob.away_for is not None and bob.away_for >= 125
    assert away_text(bob.away_for) == "away 2 min"
    assert later.at_table(record.id)[0].here
    at_alice.detach()
    lobby.close()


def test_finished_games_leave_the_open_list_for_each_history(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = lobby_of(store)
    done = lobby.create("alice", "carcassonne-castle", ["me", "invite:bob"])
    lobby.join(done.id, "bob")
    going = lobby.create("bob", "carcassonne-castle", ["me", "invite:alice"])
    lobby.join(going.id, "alice")
    with pytest.raises(LogError, match="only a finished game"):
        finished_log(store, done.id)  # in progress: its log holds every secret
    play_out(lobby, done.id)
    assert [s.id for s in lobby.summaries("alice")] == [going.id]
    assert {s.id for s in lobby.summaries("alice", finished=True)} == {done.id, going.id}
    result = lobby.table(done.id).result
    other = lobby_of(stores())  # another process looks bob's history up
    games = history(other.store, "BOB")
    assert [g.table_id for g in games] == [done.id] and games[0].seat == 1
    assert games[0].scores == result.scores and games[0].winners == result.winners
    assert games[0].won == (1 in result.winners)
    assert games[0].line.startswith("Carcassonne") and done.id in games[0].line
    assert history(store, "alice")[0].seat == 0  # the second time from the results rows
    assert store.db.query("SELECT count(*) FROM results WHERE table_id = ?", (done.id,)) == [(2,)]
    header, entries = finished_log(store, done.id)
    assert header.game == "carcassonne-castle" and len(entries) > 10
    lobby.close()
    other.close()


async def test_the_online_list_follows_another_process(stores):
    here, there = stores(), stores()
    lobby = lobby_of(here)
    lobby.watch()
    told: list[int] = []
    stop = Presence(here).follow(lambda: told.append(1))
    try:
        Presence(there).enter("carol")
        await until(lambda: told, what="carol's login told")
    finally:
        stop()
        lobby.close()
