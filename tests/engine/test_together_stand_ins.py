"""Moves a stand-in bot made, on both databases: marked in the move list for every process,
told to the player once on return, and no longer marked once an undo took them back."""

from __future__ import annotations

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.together.standins import played_for, stand_in_lines
from tests.waiting import until

from . import stores as fixtures
from .stores import players

stores = fixtures.stores


async def test_a_stand_in_s_moves_are_marked_and_told_once(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="here")
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    alice = 0
    while alice not in table.to_act:  # bob plays until it is alice's turn
        table.submit(1, table.legal_actions(1)[0])
    before = len(table.move_lines())
    table.stand_in(alice, "random")  # alice is away: a bot plays for her
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
    lobby = Lobby(store, TableHost(get_game, durable=False))
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    seat = min(table.to_act)
    table.stand_ins.add(seat)  # as a stand-in's move reaches the table (no loop here to drive it)
    table.submit(seat, table.legal_actions(seat)[0])
    table.stand_ins.discard(seat)
    assert stand_in_lines(store, record.id, table.move_lines())
    table.undo(seat)
    assert stand_in_lines(store, record.id, table.move_lines()) == frozenset()
    assert played_for(store, record.id, table.move_lines(), seat) == []
    lobby.close()
