"""How the thinking bot judges a Castle Builder position before the end.

The game is a race to seven coins, most of them won by the baron passing the coin spaces of
the path (one every eight spaces). A seat's progress is its coins plus how far its baron has
come towards the next coin space; the lead in progress over the best other seat makes its
winning chance.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .baron import coins_won, walk
from .catalog import COIN
from .bots import COIN_VALUE, DISCARD_COST, GreedyBot
from .castle import steps_for
from .catalog import PATH, PATH_LENGTH, TILE, TILES
from .state import Build, CastleBuilderState, Draw

SCALE = 1.2  # coins of lead that make a win e times likelier than a loss
TOWARDS = 0.7  # what reaching the space just before a coin space is worth, in coins

# Search options (engine.core.search.game_tuning): every seat plays its greedy move in rollouts;
# a low exploration constant and a small greedy bonus, so that the few hundred iterations a
# second buys can still overrule the greedy move.
SEARCH = {
    "rollout": "greedy",
    "rollout_depth": 12,
    "epsilon": 0.1,
    "exploration": 0.3,
    "prior_visits": 2,
    "prior_share": 0.03,
}


def _to_next_coin() -> tuple[int, ...]:
    out = []
    for pos in range(PATH_LENGTH):
        step = 1
        while PATH[(pos + step) % PATH_LENGTH] != COIN:
            step += 1
        out.append(step)
    return tuple(out)


TO_NEXT_COIN = _to_next_coin()
GAP = max(TO_NEXT_COIN)


def progress(state: CastleBuilderState) -> list[float]:
    """Each seat's coins plus its baron's way towards the next coin space."""
    return [
        len(state.coins[s]) + TOWARDS * (GAP - TO_NEXT_COIN[state.barons[s]]) / (GAP - 1) for s in range(state.players)
    ]


def evaluate(game: Game, state: CastleBuilderState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the lead in progress."""
    if state.finished:
        return shared_win(state.players, state.winners)
    if not state.barons:
        return (1.0 / state.players,) * state.players
    totals = progress(state)
    return lead_chances(totals, SCALE)


def rollout_policy(game: Game, state: CastleBuilderState, seat: int, legal: list, rng: random.Random) -> Any:
    """The greedy bot's kind of move at a fraction of its cost, for the search's rollouts: the
    build that moves the baron furthest and wins coins (tiles paid count against it), or a draw
    when the holder is short; anything else is the greedy bot's move."""
    if not any(isinstance(a, (Build, Draw)) for a in legal):
        return GreedyBot().choose(game.view(state, seat), legal, rng)
    return max(legal, key=lambda a: (_move_value(state, seat, a), rng.random()))


def _move_value(state: CastleBuilderState, seat: int, a: Any) -> float:
    if isinstance(a, Draw):
        return 3.0 - 0.5 * len(state.holders[seat])
    if not isinstance(a, Build):
        return -5.0
    steps = steps_for(a.level, TILES[a.tile])
    value = -DISCARD_COST * len(a.discards)
    if not steps:
        return value + 0.5
    w = walk(state.barons, seat, steps)
    won = coins_won(w.coins, state.rules_version)
    return value + w.distance + COIN_VALUE * won + (1.0 if PATH[w.to] == TILE else 0.0)
