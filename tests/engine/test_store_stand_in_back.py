"""A stand-in's move decided while its player came back in another process is not written:
the store's seat row, read in the move's own transaction, says the seat is the player's again."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import open_store, stand_ins


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_stand_ins_move_is_dropped_when_its_player_came_back_meanwhile(backend, tmp_path, request):
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    clock = Clock()
    pool = Lobby(store, TableHost(get_game, durable=False), clock=clock)  # where the stand-ins play
    record = pool.create("alice", "palais-royal", ["me", "invite:bob"], stand_in_after=60, stand_in_level="random")
    pool.join(record.id, "bob")
    table = pool.table(record.id)
    pool.check_away()  # nobody at the table: both away clocks start ...
    clock.now += timedelta(minutes=2)
    pool.check_away()  # ... and run out: a bot stands in for each
    assert table.stand_ins == {0, 1}
    seat = min(table.to_act)
    name = ("alice", "bob")[seat]
    decided = table.legal_actions(seat)[0]  # the stand-in's answer, as its player comes back:
    player = Lobby(store, TableHost(get_game, durable=False), bots="pool")  # (her own process)
    player.arrive(record.id, name)
    lines = store.tables([record.id])[0]["lines"]
    table.submit(seat, decided)  # the pool has not read her return yet
    assert store.tables([record.id])[0]["lines"] == lines and table.seq == lines  # not written
    assert not stand_ins.marks(store, record.id)  # nor marked as the stand-in's
    assert seat not in table.stand_ins  # and it stopped at once, before the pool read her return
    pool.poll()
    assert seat not in table.stand_ins and seat in table.to_act  # her turn, hers to play
    player.table(record.id).submit(seat, decided)
    assert store.tables([record.id])[0]["lines"] == lines + 1
    player.close()
    pool.close()


def test_a_stand_ins_move_waits_for_its_players_return_and_is_dropped(tmp_path, postgres_url):
    """PostgreSQL: a stand-in's move written while her return's transaction (another process's)
    is under way waits for it, then is dropped; neither fails. Both lock the table's row first:
    the move that locked the seat's row first deadlocked with her return, and one of them failed."""
    store = open_store(tmp_path, postgres_url, durable=False)
    clock = Clock()
    pool = Lobby(store, TableHost(get_game, durable=False), clock=clock)
    record = pool.create("alice", "palais-royal", ["me", "invite:bob"], stand_in_after=60, stand_in_level="random")
    pool.join(record.id, "bob")
    table = pool.table(record.id)
    pool.check_away()
    clock.now += timedelta(minutes=2)
    pool.check_away()
    seat = min(table.to_act)
    decided = table.legal_actions(seat)[0]
    lines = store.tables([record.id])[0]["lines"]
    locked, failed = threading.Event(), []

    def come_back() -> None:  # her return (as Lobby.arrive writes it), on a connection of its own
        try:
            with store.transaction() as tx:
                row = store.table(tx, record.id, lock=True)
                assert row is not None
                locked.set()
                deadline = time.monotonic() + 30
                while not tx.one("SELECT count(*) FROM pg_locks WHERE NOT granted")[0]:  # the move waits
                    assert time.monotonic() < deadline, "the stand-in's move never waited for her return"
                    time.sleep(0.01)
                row["seats"][seat].update(away_since=None, stand_in=0)
                store.put_table(tx, row)
        except Exception as exc:  # (the test's thread: told below)
            failed.append(exc)
            locked.set()

    thread = threading.Thread(target=come_back)
    thread.start()
    assert locked.wait(30)
    table.submit(seat, decided)  # the stand-in's move: waits for her return, then is dropped
    thread.join(30)
    assert not failed, failed
    assert table.stopped is None and table.seq == lines == store.tables([record.id])[0]["lines"]
    assert not stand_ins.marks(store, record.id) and seat not in table.stand_ins
    pool.close()
