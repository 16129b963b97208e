"""How the thinking bot judges a King Up! position before the end.

Each seat's standing is its score plus what its goal card is worth with the figures where they
stand now (the round's scoring if it ended here).

    >>> from engine.games import get_game
    >>> game = get_game("king-up")
    >>> from engine.core.game import GameConfig
    >>> evaluate(game, game.initial_state(GameConfig(3)))
    (0.5, 0.5, 0.5)
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import greedy_move
from .catalog import GOAL_CARDS, POINTS
from .state import KingUpState

SCALE = 6.0  # points of lead that make a win e times likelier than a loss

# Search options (engine.core.search.game_tuning): moves are cheap, so rollouts play on with
# every seat's greedy move (on its own view) far enough to reach the round's scoring.
SEARCH = {"rollout": "greedy", "rollout_depth": 30, "epsilon": 0.1}


def rollout_policy(game: Game, state: KingUpState, seat: int, legal: list, rng: random.Random) -> Any:
    """The greedy bot's move read from the determinized state (no view built: rollouts are
    most of the search's time)."""
    return greedy_move(state, seat, rng)


def evaluate(game: Game, state: KingUpState) -> tuple[float, ...]:
    """Each seat's winning chance: at the end 1/k for the k winners; before, a logistic of its
    lead in scores plus what its goal card is worth at the figures' current floors."""
    result = game.result(state)
    if result.finished:
        return shared_win(state.players, result.winners)
    if not state.goals:
        return (0.5,) * state.players
    scored = len(state.round_goals) == state.round
    totals = []
    for s, g in enumerate(state.goals):
        worth = 0 if scored else sum(POINTS[state.floors[f]] for f in GOAL_CARDS[g])
        totals.append(state.scores[s] + worth)
    return lead_chances(totals, SCALE)
