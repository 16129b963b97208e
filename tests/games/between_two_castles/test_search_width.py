"""Late in round 2 the thinking bot plays out more of greedy's best moves: its playouts are short
there, and clearly better moves than greedy's are found."""

from __future__ import annotations

import random

from engine.core.search import ThinkingBot
from engine.games.between_two_castles import GAME
from engine.games.between_two_castles.bots import GreedyBot
from engine.games.between_two_castles.evaluate import LATE_WIDTH, SEARCH

from .helpers import fresh


def _first_choice(players: int, seed: int, round_no: int, turn: int):
    state, rng = fresh(players, seed), random.Random(seed)
    while True:
        seat = min(GAME.to_act(state))
        view = GAME.view(state, seat)
        legal = list(GAME.legal_actions(state, seat))
        if (view.round, view.turn, view.phase) == (round_no, turn, "choosing"):
            return view, legal
        for ev in GAME.decide(state, seat, GreedyBot().choose(view, legal, rng), rng):
            state = GAME.evolve(state, ev)


def test_round_2s_last_turns_try_more_of_greedys_moves():
    view, legal = _first_choice(5, seed=2, round_no=2, turn=3)
    bot = ThinkingBot(GAME, "test", iterations=2 * LATE_WIDTH)
    bot.choose(view, legal, random.Random(1))
    assert len(legal) > LATE_WIDTH > SEARCH["root_width"]
    assert len(bot.last.root.children) == LATE_WIDTH
    early, legal = _first_choice(5, seed=2, round_no=2, turn=2)
    bot.choose(early, legal, random.Random(1))
    assert len(bot.last.root.children) == SEARCH["root_width"]
