"""Moves a stand-in bot made, on both databases: marked in the move list for every process,
told to the player once on return, and no longer marked once an undo took them back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.together.standins import played_for, stand_in_lines
from tests.waiting import until

from . import stores as fixtures
from .stores import players

stores = fixtures.stores


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def stand_in_for_the_absent(lobby: Lobby, clock: Clock) -> None:
    """The away rule as the server runs it: the absent players' clocks start and run out, and
    their seat rows say a bot stands in (a stand-in's move is written only while they do)."""
    lobby.check_away()
    clock.now += timedelta(minutes=2)
    lobby.check_away()


async def test_a_stand_in_s_moves_are_marked_and_told_once(stores):
    store = stores()
    players(store, "alice", "bob")
    clock = Clock()
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="here", clock=clock)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"], stand_in_after=60, stand_in_level="random")
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    alice = 0
    while alice not in table.to_act:  # bob plays until it is alice's turn
        table.submit(1, table.legal_actions(1)[0])
    before = len(table.move_lines())
    stand_in_for_the_absent(lobby, clock)  # nobody was at the table: a bot for each ...
    lobby.arrive(record.id, "bob")  # ... but bob is back before his turn
    lobby.poll()
    assert table.stand_ins == {alice}
    await until(lambda: alice not in table.to_act or table.finished, what="the stand-in's move")
    table.reclaim(alice)
    await table.settled()
    mine = [line for line in table.move_lines()[before:] if line.mover == alice]
    assert mine
    other = stores()  # another process reads the marks
    marked = stand_in_lines(other, record.id, table.move_lines())
    assert {line.position for line in mine} <= marked
    assert not any(line.position in marked for line in table.move_lines()[:before])
    told = played_for(other, record.id, table.move_lines(), alice)
    assert told == [line.text for line in mine]
    assert played_for(other, record.id, table.move_lines(), alice) == []  # told once
    assert played_for(other, record.id, table.move_lines(), 1) == []  # bob played his own
    assert stand_in_lines(other, record.id, table.move_lines()) == marked  # still marked in the list
    lobby.close()


def test_an_undo_takes_the_marks_back(stores):
    store = stores()
    players(store, "alice", "bob")
    clock = Clock()
    lobby = Lobby(store, TableHost(get_game, durable=False), clock=clock)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"], stand_in_after=60, stand_in_level="random")
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    stand_in_for_the_absent(lobby, clock)  # both away: a bot stands in for each
    seat = min(table.to_act)
    table.submit(seat, table.legal_actions(seat)[0])  # the stand-in's move (no loop here to drive it)
    lobby.arrive(record.id, ("alice", "bob")[seat])
    assert stand_in_lines(store, record.id, table.move_lines())
    table.undo(seat)
    assert stand_in_lines(store, record.id, table.move_lines()) == frozenset()
    assert played_for(store, record.id, table.move_lines(), seat) == []
    lobby.close()
