"""Take-backs by asking, on both databases: accepted by every player at the table (answered in
their own processes), refused, lapsed when the game moves on, accepted at once where only bots
(or players away) would answer, and never after something hidden was revealed."""

from __future__ import annotations

import pytest

from engine.lobby import LobbyError
from engine.together.takeback import Takebacks

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores


def king_up(lobby, seats=("me", "invite:bob", "invite:carol")):
    record = lobby.create("alice", "king-up", list(seats))
    for spec in seats:
        if spec.startswith("invite:"):
            lobby.join(record.id, spec[7:])
    return record, lobby.table(record.id)


def move(table) -> int:
    seat = min(table.to_act)
    table.submit(seat, table.legal_actions(seat)[0])
    return seat


NAMES = ("alice", "bob", "carol")


def test_accepted_by_everyone_at_the_table_in_their_processes(stores):
    store = stores()
    players(store, *NAMES)
    lobby = lobby_of(store)
    record, table = king_up(lobby)
    attached = [table.attach(i, lambda update: None) for i in range(3)]
    mover = move(table)
    lines = len(table.move_lines())
    asker = Takebacks(lobby)
    asked = asker.ask(record.id, NAMES[mover])
    others = [i for i in range(3) if i != mover]
    assert asked.open and asked.waiting == tuple(others)
    with pytest.raises(LobbyError, match="already"):
        asker.ask(record.id, NAMES[mover])
    theirs = [Takebacks(lobby_of(stores())) for _ in others]  # each answers in their own process
    with pytest.raises(LobbyError, match="not asked"):
        theirs[0].answer(record.id, NAMES[mover], True)
    first = theirs[0].answer(record.id, NAMES[others[0]], True)
    assert first.open and first.waiting == (others[1],)
    assert theirs[1].pending(record.id).waiting == (others[1],)
    done = theirs[1].answer(record.id, NAMES[others[1]], True)
    assert done.status == "accepted"
    table.catch_up()
    assert len(table.move_lines()) == lines - 1 and mover in table.to_act  # taken back
    assert asker.pending(record.id) is None and asker.last(record.id).status == "accepted"
    for a in attached:
        a.detach()
    for t in theirs:
        t.lobby.close()
    lobby.close()


def test_refused_and_lapsed(stores):
    store = stores()
    players(store, *NAMES)
    lobby = lobby_of(store)
    record, table = king_up(lobby)
    attached = [table.attach(i, lambda update: None) for i in range(3)]
    mover = move(table)
    lines = len(table.move_lines())
    takebacks = Takebacks(lobby)
    takebacks.ask(record.id, NAMES[mover])
    other = next(i for i in range(3) if i != mover)
    refused = takebacks.answer(record.id, NAMES[other], False)
    assert refused.status == "refused" and refused.reason == f"{NAMES[other]} refused"
    assert len(table.move_lines()) == lines and takebacks.pending(record.id) is None
    takebacks.ask(record.id, NAMES[mover])  # asked again, then the game moves on
    move(table)
    assert takebacks.pending(record.id) is None
    assert takebacks.last(record.id).status == "lapsed"
    with pytest.raises(LobbyError, match="nobody is asking|moved on"):
        takebacks.answer(record.id, NAMES[other], True)
    for a in attached:
        a.detach()
    lobby.close()


def test_bots_and_players_away_accept_without_being_asked(stores):
    store = stores()
    players(store, *NAMES)
    lobby = lobby_of(store)
    record, table = king_up(lobby, ("me", "bot:random", "invite:bob"))  # bob is not at the table
    while 0 not in table.to_act:
        move(table)
    move(table)
    lines = len(table.move_lines())
    done = Takebacks(lobby).ask(record.id, "alice")
    assert done.status == "accepted" and len(table.move_lines()) == lines - 1 and 0 in table.to_act
    lobby.close()


def test_never_after_something_hidden_was_revealed(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = lobby_of(store)
    record = lobby.create("alice", "carcassonne-castle", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    mover = move(table)
    with pytest.raises(LobbyError, match="cannot take back: hidden information has been revealed"):
        Takebacks(lobby).ask(record.id, ["alice", "bob"][mover])
    with pytest.raises(LobbyError, match="no seat"):
        Takebacks(lobby).ask(record.id, "carol")
    lobby.close()
