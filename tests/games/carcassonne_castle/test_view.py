"""Views are plain data: they round-trip through JSON, hold no engine objects, keep no secrets, and
are enough for the greedy bot and the preview."""

from __future__ import annotations

import random

import attrs

from engine.core.game import GameConfig
from engine.core.views import view_from_json, view_to_json
from engine.games.carcassonne_castle import GAME, CastleView, PlaceCard
from engine.games.carcassonne_castle.board import Board
from engine.games.carcassonne_castle.placing import legal_placements
from engine.games.carcassonne_castle.view import board_of

PLAIN = (int, str, bool, type(None))


def _plain(value) -> bool:
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_plain(v) for v in value)
    if attrs.has(type(value)):
        return attrs.fields(type(value)) and all(_plain(getattr(value, f.name)) for f in attrs.fields(type(value)))
    return False


def _positions(seed: int, every: int = 7):
    rng = random.Random(seed)
    config = GameConfig(2)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, rng):
        state = GAME.evolve(state, ev)
    turn = 0
    while not state.finished:
        if turn % every == 0:
            yield state
        legal = list(GAME.legal_actions(state, state.to_move))
        for ev in GAME.decide(state, state.to_move, rng.choice(legal), rng):
            state = GAME.evolve(state, ev)
        turn += 1
    yield state


def test_views_are_plain_data_and_round_trip_through_json():
    assert GAME.view_class is CastleView
    for seed in range(3):
        for state in _positions(seed):
            for seat in (0, 1, None):
                view = GAME.view(state, seat)
                assert _plain(view)
                assert view_from_json(CastleView, view_to_json(view)) == view


def test_the_view_shows_the_board_and_where_the_card_may_lie():
    for state in _positions(4, every=11):
        view = GAME.view(state, 0)
        assert len(view.laid) == len(state.board.placements)
        assert board_of(view) == state.board
        if state.card >= 0:
            spots = [
                (s.x, s.y, "nesw"[p.facing])
                for s, p in zip(view.placements, legal_placements(state.board.analysis, state.card))
            ]
            assert spots == [(s.x, s.y, s.facing) for s in view.placements]
        else:
            assert view.placements == ()
        if state.finished:
            assert len(view.before_final) == 2 and view.final
            paid = [sum(i.points for i in view.final if i.seat == s) for s in (0, 1)]
            assert [b + p for b, p in zip(view.before_final, paid)] == list(view.scores)


def test_resampling_changes_only_what_the_seat_cannot_see():
    state = next(_positions(5))
    rng = random.Random(1)
    other = GAME.resample_hidden(state, 0, rng)
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    assert sorted(other.towers) == sorted(state.towers)
    for seat in (0, 1, None):
        assert GAME.view(other, seat) == GAME.view(state, seat)


def test_preview_refuses_to_judge_what_is_not_a_listed_placement():
    state = next(_positions(2))
    view = GAME.view(state, 0)
    assert GAME.preview(view, PlaceCard(-5, 40, "e")) == ()
    assert GAME.preview(view, PlaceCard(0, 0, "x")) == ()
    assert GAME.preview(view, "E5e") == ()
    assert GAME.preview(attrs.evolve(view, card=-1), PlaceCard(0, 0, "e")) == ()
    assert isinstance(board_of(view), Board)
