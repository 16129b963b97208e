"""Notices on both databases: a turn at another table (none for the table the player is at),
an invitation arriving in another process at once, and a declined invitation (the seat is open
again and the creator is told)."""

from __future__ import annotations

import pytest

from engine.lobby import LobbyError
from engine.together.notices import Notices, decline
from tests.waiting import until

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores


def two_player_table(lobby, creator: str, other: str):
    record = lobby.create(creator, "carcassonne-castle", ["me", f"invite:{other}"])
    lobby.join(record.id, other)
    return record, lobby.table(record.id)


def play_until(table, seat: int) -> None:
    """Others move until it is ``seat``'s turn."""
    while seat not in table.to_act:
        mover = min(table.to_act)
        table.submit(mover, table.legal_actions(mover)[0])


def test_a_turn_at_another_table_is_told_once(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = lobby_of(store)
    here_record, here = two_player_table(lobby, "alice", "bob")
    there_record, there = two_player_table(lobby, "bob", "alice")  # she is seat 1 there
    if 1 in there.to_act:
        there.submit(1, there.legal_actions(1)[0])
    notices = Notices(stores(), "alice")  # her process
    notices.here = here_record.id
    play_until(there, 1)  # bob moves at the other table: alice's turn there ...
    if 0 in here.to_act:
        here.submit(0, here.legal_actions(0)[0])
    play_until(here, 0)  # ... and at hers, where no notice is due
    told = notices.check()
    assert [(n.kind, n.table_id) for n in told] == [("turn", there_record.id)]
    assert told[0].text == f"Your turn at Carcassonne: The Castle ({there_record.id})"
    assert notices.check() == []  # told once
    while 1 in there.to_act:  # she moves there (in this test's process) until it is bob's turn
        there.submit(1, there.legal_actions(1)[0])
    assert notices.check() == []
    play_until(there, 1)
    assert [n.table_id for n in notices.check()] == [there_record.id]  # her turn again: again
    lobby.close()


async def test_an_invitation_reaches_another_process_at_once(stores):
    store, hers = stores(), stores()
    players(store, "alice", "carol")
    watching = lobby_of(hers)
    watching.watch()
    got: list = []
    stop = Notices(hers, "alice").follow(got.extend)
    lobby = lobby_of(store)
    try:
        record = lobby.create("carol", "king-up", ["me", "invite:alice", "open"])
        await until(lambda: got, what="the invitation told")
        assert [(n.kind, n.table_id, n.text) for n in got] == [
            ("invited", record.id, f"carol invites you to King Up! ({record.id})")
        ]
    finally:
        stop()
        watching.close()
        lobby.close()


def test_a_declined_invitation_opens_the_seat_and_tells_the_creator(stores):
    store = stores()
    players(store, "alice", "carol")
    lobby = lobby_of(store)
    record = lobby.create("carol", "king-up", ["me", "invite:alice", "open"])
    carol = Notices(store, "carol")
    with pytest.raises(LobbyError, match="no invitation"):
        decline(lobby, record.id, "carol")
    decline(lobby_of(stores()), record.id, "alice")  # in her own process
    lobby.poll()
    fresh = lobby.record(record.id)
    assert fresh.seats[1].is_open and fresh.invited("alice") is None
    assert [(n.kind, n.text) for n in carol.check()] == [("declined", "alice declined your invitation to King Up!")]
    assert carol.check() == []  # handed out once
    lobby.close()
