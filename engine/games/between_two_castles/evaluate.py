"""How the thinking bot judges a Between Two Castles position before the end.

A seat scores its lower castle at the end, so that castle is its standing; the higher one
counts a little too, because the next rooms may go to either and a room there is not wasted.
Each castle is shared with a neighbour, so only the lead over the best other seat makes a
winning chance.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import BONUS_WORTH, GreedyBot
from .preview import preview_place
from .scoring import cached_sheet
from .state import BTCState, Choose, Place

SCALE = 6.0  # points of lead that make a win e times likelier than a loss
HIGHER = 0.2  # what a point in the higher castle is worth, against the lower one's

# Search options (engine.core.search.game_tuning): every seat plays its greedy move in rollouts,
# long enough for a whole turn of choosing and placing (a choice and two rooms a seat) to score;
# the root's real moves are checked against each determinization (it guesses which castle of an
# owner already got its room); a low exploration constant and a small greedy bonus, so that the
# few hundred iterations a second buys can still overrule the greedy move.
SEARCH = {"rollout": "greedy", "rollout_depth": 24, "epsilon": 0.1, "root_check": True,
          "exploration": 0.3, "prior_visits": 2, "prior_share": 0.03}


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
        return shared_win(state.players, state.winners)
    if not state.castles:
        return (1.0 / state.players,) * state.players
    totals = standings(state)
    return lead_chances(totals, SCALE)


def rollout_policy(game: Game, state: BTCState, seat: int, legal: list, rng: random.Random) -> Any:
    """The greedy bot's kind of move at a fraction of its cost, for the search's rollouts: a
    room goes where it raises its castle most (a bonus earned counts BONUS_WORTH), the pair
    kept from a hand is drawn at random (the greedy bot's pair choice weighs every pair in
    every place, too slow to play out); anything else is the greedy bot's move."""
    first = legal[0]
    if isinstance(first, Choose):
        return legal[rng.randrange(len(legal))]
    if isinstance(first, Place):
        return max(legal, key=lambda a: (_place_gain(state, seat, a), rng.random()))
    return GreedyBot().choose(game.view(state, seat), legal, rng)


def _place_gain(state: BTCState, seat: int, a: Any) -> float:
    if not isinstance(a, Place):
        return -1.0
    castle = state.castles[a.castle]
    p = preview_place(castle, a.room, a.col, a.floor)
    return p.after - p.before + (BONUS_WORTH if p.bonus else 0.0)
