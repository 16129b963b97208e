"""How the thinking bot judges a Palais Royal position before the end: the final scoring as if
the game ended now (the rules' standing), the lead over the best other seat making the
winning chance."""
from __future__ import annotations

from engine.core.game import Game
from engine.core.search import standing

from .state import PalaisState

SCALE = 8.0  # points of lead that make a win e times likelier than a loss

# Search options (engine.core.search.game_tuning): every seat plays its greedy move in rollouts.
SEARCH = {"rollout": "greedy", "rollout_depth": 12, "epsilon": 0.1}


def evaluate(game: Game, state: PalaisState) -> tuple[float, ...]:
    return standing(game, state, scale=SCALE)
