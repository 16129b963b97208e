"""The thinking bot's fast helpers tell the same story as the rules: a placement's score change
is the preview's, and the rollout policy plays a move the greedy bot values best."""

from __future__ import annotations

import random

from engine.games.between_two_castles import GAME, Place
from engine.games.between_two_castles.bots import GreedyBot
from engine.games.between_two_castles.evaluate import projected
from engine.games.between_two_castles.gains import gain, score
from engine.games.between_two_castles.preview import preview_place
from engine.games.between_two_castles.rollout import rollout_policy

from .helpers import apply, castle, fresh, room


def random_positions(players: int, games: int, seed: int):
    """Every position of a few random games, with the seat to move and its legal moves."""
    rng = random.Random(seed)
    for g in range(games):
        state = fresh(players, seed=seed * 100 + g)
        while not state.finished:
            seat = min(GAME.to_act(state))
            legal = list(GAME.legal_actions(state, seat))
            yield state, seat, legal
            state, _ = apply(state, seat, legal[rng.randrange(len(legal))], rng.randrange(1 << 30))


def test_a_placements_gain_is_the_previews_score_change_everywhere():
    checked = 0
    for state, _, legal in random_positions(5, 3, seed=1):
        for a in legal:
            if isinstance(a, Place):
                c = state.castles[a.castle]
                p = preview_place(c, a.room, a.col, a.floor)
                assert gain(c, a.room, a.col, a.floor) == p.after - p.before, a
                checked += 1
    assert checked > 2000


def test_a_gain_counts_rooms_far_away_that_want_it():
    # A garden wanting food rooms anywhere gains 1 from a food room placed on the other side.
    c = castle(rooms={(-1, 0): "Vegetable Garden"})
    alone = castle()
    wine = room("Wine Room")
    assert gain(c, wine, 2, 0) == gain(alone, wine, 2, 0) + 1
    assert gain(c, wine, 2, 0) == preview_place(c, wine, 2, 0).after - score(c)


def test_the_rollout_policy_plays_a_move_the_greedy_bot_values_best():
    greedy, rng, checked = GreedyBot(), random.Random(3), 0
    for state, seat, legal in random_positions(4, 2, seed=2):
        if len(legal) < 2:
            continue
        values = greedy.values(GAME.view(state, seat), legal)
        move = rollout_policy(GAME, state, seat, legal, rng)
        assert values[legal.index(move)] == max(values), move
        checked += 1
    assert checked > 50


def test_projected_scores_count_the_rooms_still_to_place():
    state = fresh(3, seed=5)
    for seat in range(3):
        state, _ = apply(state, seat, next(GAME.legal_actions(state, seat)))
    assert state.to_place  # revealed, nothing placed yet
    now = [score(c) for c in state.castles]
    ahead = projected(state)
    assert all(a >= n for a, n in zip(ahead, now)) and sum(ahead) > sum(now)
