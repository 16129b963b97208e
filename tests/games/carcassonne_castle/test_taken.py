"""The analysis the rules hand back with a move is taken by the next move's rules (built on in
place) only while nobody else has read it; every position still reads as its cards say."""
from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMove
from engine.core.game import rng_for
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.board import analysis_of

from .helpers import new_game


def contents(a) -> tuple:
    """What an analysis says about its position (not its caches)."""
    features = {fid: (f.kind, f.members, f.open, f.well, f.markets) for fid, f in a.features.items()}
    return (a.owner, a.feature_of, features, a.next_id, a.frontier, a.completed, a.placements)


def replayed(seed: int, moves: int) -> tuple[list, list]:
    """A random game's states as a load makes them: every move decided on the state the move before
    handed back, its analysis read by nobody else."""
    rng = random.Random(seed)
    state, actions = new_game(seed), []
    while not state.finished and len(actions) < moves:  # the moves, chosen on positions read openly
        action = rng.choice(list(GAME.legal_actions(state, state.to_move)))
        actions.append((state.to_move, action))
        state = GAME.decide(state, state.to_move, action, rng_for(seed, len(actions))).after
    state, states = new_game(seed), []
    for k, (seat, action) in enumerate(actions):
        states.append(state)
        state = GAME.decide(state, seat, action, rng_for(seed, k + 1)).after
    return states, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_taken_positions_still_read_as_their_cards_say(seed):
    states, last = replayed(seed, 40)
    taken = sum(1 for s in states if s.board._analysis is not None and s.board._analysis.claim == [])
    assert taken >= len(states) - 2  # the next move built on each in place
    for s in states + [last]:
        assert contents(s.board.analysis) == contents(analysis_of(s.board.placements))


def test_a_read_position_is_not_taken():
    _, last = replayed(4, 12)
    seat, action = last.to_move, next(iter(GAME.legal_actions(last, last.to_move)))  # reads it
    before = contents(last.board.analysis)
    after = GAME.decide(last, seat, action, rng_for(4, 99)).after
    assert last.board._analysis.claim is None  # shared: built on copies
    assert contents(last.board.analysis) == before
    assert contents(after.board.analysis) == contents(analysis_of(after.board.placements))


def test_a_refused_move_gives_the_analysis_back():
    _, last = replayed(5, 10)
    legal = list(GAME.legal_actions(last, last.to_move))
    _, last = replayed(5, 10)  # the same position again, read by nobody
    bad = legal[0].__class__(0, 0, "n")  # a corner of the wall: never a place for a card
    with pytest.raises(IllegalMove):
        GAME.decide(last, last.to_move, bad, rng_for(5, 1))
    assert last.board._analysis.claim == [True]
    after = GAME.decide(last, last.to_move, legal[0], rng_for(5, 11)).after
    assert last.board._analysis.claim == []
    assert contents(after.board.analysis) == contents(analysis_of(after.board.placements))
    assert contents(last.board.analysis) == contents(analysis_of(last.board.placements))
