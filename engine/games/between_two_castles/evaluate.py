"""How the thinking bot judges a Between Two Castles position before the end.

A seat scores its lower castle at the end, so that castle is its standing; the higher one
counts a little too, because the next rooms may go to either and a room there is not wasted.
Each castle is shared with a neighbour, so only the lead over the best other seat makes a
winning chance.
"""
from __future__ import annotations

import math

from engine.core.game import Game

from .scoring import cached_sheet
from .state import BTCState

SCALE = 6.0  # points of lead that make a win e times likelier than a loss
HIGHER = 0.2  # what a point in the higher castle is worth, against the lower one's

# Search options (engine.core.search.game_tuning): every seat plays its greedy move in rollouts.
SEARCH = {"rollout": "greedy", "rollout_depth": 12, "epsilon": 0.1}


def standings(state: BTCState) -> list[float]:
    """Each seat's lower castle, plus a little of the higher one."""
    now = [cached_sheet(c).total for c in state.castles]
    out = []
    for s in range(state.players):
        a, b = (now[k] for k in state.castles_of(s))
        out.append(min(a, b) + HIGHER * max(a, b))
    return out


def evaluate(game: Game, state: BTCState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the lead."""
    if state.finished:
        return tuple(1.0 / len(state.winners) if s in state.winners else 0.0 for s in range(state.players))
    if not state.castles:
        return (1.0 / state.players,) * state.players
    totals = standings(state)
    out = []
    for s, t in enumerate(totals):
        best = max(t2 for o, t2 in enumerate(totals) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(t - best) / SCALE)))
    return tuple(out)
