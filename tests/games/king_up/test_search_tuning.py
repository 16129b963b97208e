"""The King Up! search's own helpers: the rollout move read from the state plays as the greedy bot."""
from __future__ import annotations

import random

from engine.core.game import GameConfig
from engine.games.king_up import GAME
from engine.games.king_up.bots import GreedyBot, greedy_move


def random_positions(games: int, players: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        state = GAME.initial_state(GameConfig(players))
        for ev in GAME.setup(GameConfig(players), rng):
            state = GAME.evolve(state, ev)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = list(GAME.legal_actions(state, seat))
            yield state, seat, legal
            for ev in GAME.decide(state, seat, legal[rng.randrange(len(legal))], rng):
                state = GAME.evolve(state, ev)


def test_the_rollout_move_is_one_the_greedy_bot_values_most():
    bot, rng, seen = GreedyBot(), random.Random(3), 0
    for players in (3, 4, 6):
        for state, seat, legal in random_positions(4, players, players):
            values = bot.values(GAME.view(state, seat), legal)
            move = greedy_move(state, seat, rng)
            assert move in legal
            assert values[legal.index(move)] == max(values), (state, seat, move)
            seen += 1
    assert seen > 500
