"""Each seat's last move is in every view (the board marks it): public, this round only."""

from __future__ import annotations

import random

import attrs

from engine.core.views import view_from_json, view_to_json
from engine.games.king_up import GAME, Climb, KingUpView, LastMove, Pass, Place, Vote
from engine.games.king_up.catalog import ELIMINATED, OFF_BOARD, THRONE

from .helpers import apply, climbing, fig, fresh


def test_a_placement_and_a_climb_are_each_seats_last_move():
    state = fresh(players=3, start=0)
    state, _ = apply(state, 0, Place(fig("A"), 3))
    state, _ = apply(state, 1, Place(fig("B"), 1))
    assert GAME.view(state, 2).last_moves == (LastMove(fig("A"), OFF_BOARD, 3), LastMove(fig("B"), OFF_BOARD, 1), None)
    state = climbing(floors={"A": 3, "B": 1}, turn=2)
    state, _ = apply(state, 2, Climb(fig("A")))
    state, _ = apply(state, 0, Climb(fig("A")))
    assert GAME.view(state, 1).last_moves[2] == LastMove(fig("A"), 3, 4)
    assert GAME.view(state, 1).last_moves[0] == LastMove(fig("A"), 4, 5)


def test_every_seat_and_a_spectator_see_the_same_last_moves():
    state = fresh(players=4, start=1)
    for seat, (initial, floor) in zip((1, 2, 3), (("C", 2), ("D", 4), ("E", 1))):
        state, _ = apply(state, seat, Place(fig(initial), floor))
    seen = {GAME.view(state, seat).last_moves for seat in (None, 0, 1, 2, 3)}
    assert len(seen) == 1


def test_a_pass_is_no_board_move():
    state = climbing(floors={}, moves=(0, fig("A"), 4, 5, None))  # A, then A voted out
    state = attrs.evolve(state, floors=(ELIMINATED,) * 13)  # nobody left to move: a pass
    state, _ = apply(state, 0, Pass())
    assert GAME.view(state, 1).last_moves[0] is None


def test_votes_leave_the_last_moves_alone_and_a_new_round_clears_them():
    state = climbing(floors={"A": 5}, turn=0)
    state, _ = apply(state, 0, Climb(fig("A")))
    before = GAME.view(state, 1).last_moves
    assert before[0] == LastMove(fig("A"), 5, THRONE)
    state, _ = apply(state, 0, Vote(True))
    assert GAME.view(state, 2).last_moves == before  # one vote cast, still secret: no move
    state, _ = apply(state, 1, Vote(True))
    state, _ = apply(state, 2, Vote(True))  # elected: the round ends, the next one starts
    assert state.round == 2 and GAME.view(state, 0).last_moves == (None, None, None)


def test_the_last_moves_round_trip_through_json_and_determinize():
    state = fresh(players=3, start=0)
    state, _ = apply(state, 0, Place(fig("G"), 4))
    view = GAME.view(state, 1)
    assert view_from_json(KingUpView, view_to_json(view)) == view
    guess = GAME.determinize(view, random.Random(3))
    assert GAME.view(guess, 1).last_moves == view.last_moves
