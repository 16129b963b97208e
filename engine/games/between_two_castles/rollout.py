"""The greedy bot's play, read from the search's determinized state at a fraction of its cost.

The thinking bot's rollouts let every seat play as a table of greedy bots plays, so the search
judges positions the opponents really reach. The greedy bot itself rebuilds every castle from a
view and scores each castle again for every placement it weighs; here a placement's worth is
its exact score change (``gains.gain``) and each room's best placement in a castle is worked
out once per castle and kept on it. The choices are the greedy bot's: the same objective, the
same worth of a bonus, the same eye on the rooms passed on.
"""

from __future__ import annotations

import random
from typing import Any

from .bots import BONUS_GUESS, BONUS_WORTH, PASS_WEIGHT
from .castle import Castle
from .catalog import ATTENDANT_NAMES, NORMAL_TYPES, TYPE_OF
from .gains import gain, score
from .scoring import attendant_points, card_points
from .state import Assign, Attend, BTCState, Choose, Keep, PickBonus, Place

_NO_PLACE = -5.0  # a room with nowhere to go in a castle (as the greedy bot counts it)


def worth(castle: Castle, room: int, col: int, floor: int) -> float:
    """A placement's score change, a bonus it earns counted at BONUS_WORTH."""
    kind = TYPE_OF[room]
    bonus = kind in NORMAL_TYPES and castle.count(kind) in (2, 4)
    return gain(castle, room, col, floor) + (BONUS_WORTH if bonus else 0.0)


# Castles alike in content share their worths: the playouts of one search pass judge several
# moves in the same sampled state, and a castle no move has touched yet is rebuilt alike in each.
_SHARED: dict[tuple, tuple[dict, dict]] = {}
_SHARED_MAX = 4_000  # castles remembered (then forgotten at once: 10 ms to free, not within a playout step)


def worths(castle: Castle, room: int) -> dict[tuple[int, int], float]:
    """``worth`` of every place ``room`` may go in ``castle`` (kept on the castle: it never changes,
    and shared by castles alike)."""
    values = _kept(castle)[0].get(room)
    if values is None:
        values = _kept(castle)[0][room] = {(c, f): worth(castle, room, c, f) for c, f in castle.positions(room)}
    return values


def best(castle: Castle, room: int) -> float:
    """The most ``room`` can add to ``castle`` (kept like its worths)."""
    bests = _kept(castle)[1]
    value = bests.get(room)
    if value is None:
        value = bests[room] = max(worths(castle, room).values(), default=_NO_PLACE)
    return value


def _kept(castle: Castle) -> tuple[dict, dict]:
    """The worths and best worths by room kept for ``castle`` (and every castle alike)."""
    fields = castle.__dict__
    kept = fields.get("_worths")
    if kept is None:
        key = (fields["throne"], fields["cells"], fields["attendants"], fields["cards"])
        kept = _SHARED.get(key)
        if kept is None:
            if len(_SHARED) >= _SHARED_MAX:
                _SHARED.clear()
            kept = _SHARED[key] = ({}, {})
        fields["_worths"] = kept
    return kept


def rollout_policy(game: Any, state: BTCState, seat: int, legal: list, rng: random.Random) -> Any:
    """The move the greedy bot would make in ``state`` (ties drawn at random, as it draws them)."""
    first = legal[0]
    if isinstance(first, Choose):
        return _choose(state, seat, legal, rng)
    if isinstance(first, Place):
        return _place(state, seat, legal, rng)
    if isinstance(first, Assign):  # two players only: the greedy bot's own view of it
        from .bots import GreedyBot

        return GreedyBot().choose(game.view(state, seat), legal, rng)
    castle = state.castles[state.bonuses[-1].castle] if state.bonuses else state.castles[state.castles_of(seat)[0]]
    return max(legal, key=lambda a: (_bonus_value(castle, a), rng.random()))


def _objective(a: float, b: float) -> float:
    """The greedy bot's, on my two castles' scores: the lower first, then the sum of both."""
    return min(a, b) + 0.3 * (a + b)


def _choose(state: BTCState, seat: int, legal: list, rng: random.Random) -> Any:
    left, right = state.castles_of(seat)
    lc, rc = state.castles[left], state.castles[right]
    at_left, at_right = score(lc), score(rc)
    hand = state.hands[seat]
    shared = lc if state.round == 1 else rc
    passed = {r: best(shared, r) for r in hand}

    def value(a: Choose) -> float:
        x, y = a.rooms
        straight = _objective(at_left + best(lc, x), at_right + best(rc, y))
        crossed = _objective(at_left + best(lc, y), at_right + best(rc, x))
        rest = max((passed[r] for r in hand if r != x and r != y), default=0.0)
        return max(straight, crossed) + PASS_WEIGHT * rest

    return max(legal, key=lambda a: (value(a), rng.random()))


def _place(state: BTCState, seat: int, legal: list, rng: random.Random) -> Any:
    other = None
    if not state.bonuses:  # my own two rooms still to place: the other goes to the other castle
        own = [t for t in state.to_place if t.placer == seat and t.owner == seat and t.castle < 0]
        if len(own) == 2:
            other = {own[0].room: own[1].room, own[1].room: own[0].room}
    castles = state.castles
    left, right = state.castles_of(seat)
    at_left, at_right = score(castles[left]), score(castles[right])

    def value(a: Place) -> float:
        k = a.castle
        add_left = add_right = 0.0
        here = worths(castles[k], a.room)[(a.col, a.floor)]
        if k == left:
            add_left = here
        elif k == right:
            add_right = here
        if other is not None and a.room in other:  # the other room then goes to my other castle
            j = left if left != k else right
            there = best(castles[j], other[a.room])
            if j == left:
                add_left = there
            else:
                add_right = there
        return _objective(at_left + add_left, at_right + add_right)

    return max(legal, key=lambda a: (value(a), rng.random()))


def _bonus_value(castle: Castle, action: Any) -> float:
    match action:
        case Attend(attendant=name):
            return max(attendant_points(castle, name), 0)
        case Keep(card=card):
            return card_points(castle, card)
        case PickBonus(kind=kind):
            guess = max(attendant_points(castle, a) for a in ATTENDANT_NAMES) - 4 if kind == "living" else 0
            return BONUS_GUESS.get(kind, 0) + guess
    return 0.0
