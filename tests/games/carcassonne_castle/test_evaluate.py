"""The thinking bot's judgement of a Carcassonne position (evaluate.py): what each holding is
credited, and that a decision at fixed iterations is the same every time."""

from __future__ import annotations

import random

import pytest

from engine.core.fastattrs import replace
from engine.core.search import ThinkingBot
from engine.games.carcassonne_castle import GAME, evaluate
from engine.games.carcassonne_castle.board import Board
from engine.games.carcassonne_castle.catalog import ROAD, TOWER

from .helpers import Cards, at, follower, new_game, position


def _open_tower():
    """A tower of two cards with a side still open, a knight of seat 0 in it."""
    c = Cards()
    c1, c2 = c("tower_house"), c("tower_court")
    base = [at(c1, "F5", "n"), at(c2, "E6", "w")]
    return position(base, [follower(0, "K", c1)], card=c("houses"), supply=(5, 6))


def test_an_open_tower_is_credited_to_its_holder_by_its_share():
    state = _open_tower()
    knight = state.board.followers[0]
    tower = state.board.analysis.features[state.board.analysis.feature_of[(knight.card, knight.segment)]]
    assert tower.kind == TOWER and not tower.complete
    bare = replace(state, board=Board.of(state.board.placements), supply=(6, 6))
    gained = evaluate.outlook(state)[0] - evaluate.outlook(bare)[0]
    expected = tower.size * 2 * evaluate.share(TOWER, tower.open, len(state.deck))
    assert gained == pytest.approx(expected - evaluate.IN_HAND)
    assert evaluate.outlook(state)[1] == evaluate.outlook(bare)[1]  # nothing for the other seat


def test_an_open_feature_is_worth_less_the_more_sides_it_has_open_and_the_nearer_the_end():
    for kind, by_open in evaluate.SHARE.items():
        for sides, row in by_open.items():
            assert list(row) == sorted(row), (kind, sides)  # more cards left, more to come
            assert evaluate.share(kind, sides, 0) == row[0] and evaluate.share(kind, sides, 60) == row[-1]
        if kind != ROAD:  # a house open on one side early pays about all it shows; on four, far less
            assert by_open[1][-1] > by_open[4][-1] and by_open[4][0] <= 0.05
    state = _open_tower()
    early = evaluate.outlook(replace(state, deck=tuple(range(50))))[0]
    late = evaluate.outlook(replace(state, deck=tuple(range(3))))[0]
    assert early > late + 1  # the same tower, worth less with three cards left


def test_wall_tiles_in_hand_count_for_their_owner_and_tile_1_for_nothing():
    state = position(card=-1, to_move=-1, tiles=((9, 5), (1,)))
    totals = evaluate.outlook(state)
    assert totals[0] == pytest.approx(6 * evaluate.IN_HAND + 5 + evaluate.TILE_WORTH[5])
    assert totals[1] == pytest.approx(6 * evaluate.IN_HAND)
    assert all(0 <= w <= 5 for w in evaluate.TILE_WORTH.values())  # none above the five points of tile 9


def test_a_finished_game_is_judged_by_its_winners():
    state = position(finished=True, winners=(1,), card=-1)
    assert evaluate.evaluate(GAME, state) == (0.0, 1.0)


def _random_position(seed: int, moves: int):
    state = new_game(seed)
    rng = random.Random(moves)
    for _ in range(moves):
        legal = list(GAME.legal_actions(state, state.to_move))
        for ev in GAME.decide(state, state.to_move, rng.choice(legal), random.Random(0)):
            state = GAME.evolve(state, ev)
    return state


@pytest.mark.parametrize("moves", [4, 20])
def test_a_decision_at_fixed_iterations_is_the_same_every_time(moves):
    state = _random_position(5, moves)
    seat = state.to_move
    legal = list(GAME.legal_actions(state, seat))
    view = GAME.view(state, seat)
    picks, rewards = [], []
    for _ in range(2):
        bot = ThinkingBot(GAME, "test", iterations=len(legal))
        picks.append(bot.choose(view, legal, random.Random(9)))
        rewards.append({a: n.reward for a, n in bot.last.root.children.items()})
    assert picks[0] == picks[1] and rewards[0] == rewards[1]


def test_a_feature_open_toward_a_hole_never_closes_and_is_credited_nothing():
    """Random games to the end: every feature ``hopeless`` names at some position is still open at
    the end (a card covers two squares, so an empty square walled in on all sides stays empty)."""
    named = 0
    for seed in range(6):
        state, flagged = new_game(seed), []
        rng = random.Random(seed)
        while not state.finished:
            a = state.board.analysis
            for fid in evaluate.hopeless(a):
                assert not a.features[fid].complete
                flagged.append(next(iter(a.features[fid].members)))
            legal = list(GAME.legal_actions(state, state.to_move))
            for ev in GAME.decide(state, state.to_move, rng.choice(legal), rng):
                state = GAME.evolve(state, ev)
        end = state.board.analysis
        assert all(not end.features[end.feature_of[key]].complete for key in flagged)
        named += len(flagged)
    assert named > 0
