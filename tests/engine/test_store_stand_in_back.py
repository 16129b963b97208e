"""A stand-in's move decided while its player came back in another process is not written:
the store's seat row, read in the move's own transaction, says the seat is the player's again."""

from __future__ import annotations

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
    pool.poll()
    assert seat not in table.stand_ins and seat in table.to_act  # her turn, hers to play
    player.table(record.id).submit(seat, decided)
    assert store.tables([record.id])[0]["lines"] == lines + 1
    player.close()
    pool.close()
