"""The bots play every seat count, the Ludwig game included, and greedy beats random."""

from __future__ import annotations

import random

import pytest

from engine.core.selfplay import play_out
from engine.games.between_two_castles import GAME, Choose, Place
from engine.games.between_two_castles.bots import GreedyBot, castle_from_view
from engine.games.between_two_castles.scoring import castle_score

from .helpers import fresh


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_a_table_of_bots_plays_to_the_end_at_every_seat_count(players):
    levels = ["greedy"] + ["random"] * (players - 1)
    match = play_out(GAME, players, levels, seed=players)
    assert match.finished and len(match.result.scores) == players


def test_greedy_beats_random_clearly():
    wins = 0
    for i in range(6):
        levels = ["random"] * 3
        levels[i % 3] = "greedy"
        result = play_out(GAME, 3, levels, seed=100 + i).result
        wins += (i % 3) in result.winners
    assert wins >= 5


def test_the_greedy_bot_reads_castles_from_the_view_as_the_rules_score_them():
    match = play_out(GAME, 3, ["random"] * 3, seed=8)
    view = GAME.view(match.state, 0)
    for k, cv in enumerate(view.castles):
        assert castle_score(castle_from_view(cv)) == cv.score == view.castles[k].sheet.total


def test_greedy_chooses_a_legal_pair_and_a_legal_place():
    state = fresh(3)
    legal = list(GAME.legal_actions(state, 0))
    action = GreedyBot().choose(GAME.view(state, 0), legal, random.Random(1))
    assert isinstance(action, Choose) and action in legal
    for seat in range(3):
        hand = sorted(state.hands[seat])
        for ev in GAME.decide(state, seat, Choose((hand[0], hand[1])), random.Random(0)):
            state = GAME.evolve(state, ev)
    legal = list(GAME.legal_actions(state, 2))
    action = GreedyBot().choose(GAME.view(state, 2), legal, random.Random(1))
    assert isinstance(action, Place) and action in legal


def test_the_preview_of_a_placement_tells_what_the_rules_then_score():
    from engine.games.between_two_castles.scoring import castle_score as score

    state = fresh(3, seed=4)
    for seat in range(3):
        hand = sorted(state.hands[seat])
        for ev in GAME.decide(state, seat, Choose((hand[0], hand[1])), random.Random(0)):
            state = GAME.evolve(state, ev)
    for action in list(GAME.legal_actions(state, 1))[:12]:
        p = GAME.preview(GAME.view(state, 1), action)
        assert p.before == score(state.castles[action.castle])
        after = state
        for ev in GAME.decide(state, 1, action, random.Random(0)):
            after = GAME.evolve(after, ev)
        assert p.after == score(after.castles[action.castle])
    assert GAME.preview(GAME.view(state, 1), Choose((1, 2))) is None
