"""Castle Builder bots: they see their seat's view and the legal moves, nothing else.

The greedy bot rebuilds its own castle from the view (every castle is public) and looks one move
ahead with the same building rules and baron walk the referee uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any


from .baron import coins_won, walk
from .castle import Castle, Spot, fits, open_spots, pattern_problem, steps_for, with_tile
from .catalog import CASTLE_TILES, PATH, TILE, TILES
from .state import Build, Discard, Draw, Knock, Steal, TakeCoin, TakeTile
from .view import CastleBuilderView

COIN_VALUE = 12.0  # a coin is the goal: worth more than any number of steps
DISCARD_COST = 1.5  # a tile paid to change a number
WASTED = -1e9  # a change paid for nothing (see GreedyBot.values)


def castle_of(view: CastleBuilderView, seat: int) -> Castle:
    return tuple(sorted((p.level, p.x, p.tile.id) for p in view.castles[seat].tiles))


class GreedyBot:
    """Takes the build that moves its baron furthest or wins a coin, keeping a holder that can build on;
    draws when nothing worth building fits. Answers every coin choice to its own advantage."""

    level = "greedy"

    def choose(self, view: CastleBuilderView, legal: Sequence[Any], rng: random.Random) -> Any:
        values = self.values(view, legal)
        # Only the moves worth weighing draw a tie-break: a game plays as if the wasted were not there.
        weighed = [i for i, v in enumerate(values) if v != WASTED] or range(len(legal))
        return legal[max(weighed, key=lambda i: (values[i], rng.random()))]

    def values(self, view: CastleBuilderView, legal: Sequence[Any]) -> list[float]:
        """``value`` of each legal move; a number change paid where the same tile fits the same
        place as printed (on the foundation or a ✓ tile, any number fits) only throws tiles away,
        so it is ranked last without being weighed: such changes are most of the legal builds."""
        plain = {(a.tile, a.level, a.x) for a in legal if type(a) is Build and not a.delta}
        return [
            WASTED if type(a) is Build and a.delta and (a.tile, a.level, a.x) in plain else self.value(view, a)
            for a in legal
        ]

    def value(self, view: CastleBuilderView, action: Any) -> float:
        me = view.me
        match action:
            case Build():
                return _build_value(view, me, action)
            case Draw():
                return 3.0 - 0.5 * len(view.holder)
            case Discard(tile=t):
                return -_keep_value(castle_of(view, me), t)
            case TakeCoin(effect=e):
                return _coin_value(view, me, e)
            case Steal(victim=v):
                return view.holder_counts[v]
            case Knock(owner=o, level=lv):
                return (lv - 10) if o == me else _lead(view, o) * 10 + lv
            case TakeTile(tile=t):
                return _keep_value(castle_of(view, me), t)
        return 0.0


def _build_value(view: CastleBuilderView, me: int, build: Build) -> float:
    tile = TILES[build.tile]
    steps = steps_for(build.level, tile)
    value = -DISCARD_COST * len(build.discards)
    if steps:
        w = walk(view.barons, me, steps)
        value += w.distance + COIN_VALUE * coins_won(w.coins) + (1.0 if PATH[w.to] == TILE else 0.0)
    else:
        value += 0.5  # the ground: no steps, but room to build on
    before = castle_of(view, me)
    castle = with_tile(before, build.level, build.x, build.tile)
    kept = [f.id for f in view.holder if f.id != build.tile and f.id not in build.discards]
    value += 0.6 * _fitting(castle, kept)  # keep a holder that can build next turn
    value += SPOT_WEIGHT * (_promise(castle) - _promise(before) + _ease(_spot_key(before, build)))
    return value


SPOT_WEIGHT = 8.0  # what a castle that stays easy to build on is worth


def _promise(castle: Castle) -> float:
    """How easy the castle's open places above the ground are to fill, summed."""
    return sum(_ease(_key(s)) for s in open_spots(castle) if s.level > 1)


def _key(spot) -> tuple:
    tops = tuple(TILES[t].top if t is not None else None for t in (spot.left, spot.right))
    return spot.need, tops


def _spot_key(castle: Castle, build: Build) -> tuple:
    spot = next((s for s in open_spots(castle) if (s.level, s.x) == (build.level, build.x)), None)
    return _key(spot) if spot is not None and spot.level > 1 else (None, ())


@cache
def _ease(key: tuple) -> float:
    """The share of all tiles that fit a place with this need and these tops, changed by at most 1."""
    need, tops = key
    if need is None:
        return 0.0
    spot = Spot(2, 1, need, *(_STAND_IN.get(top) for top in tops))
    fit = 0
    for t in CASTLE_TILES:
        if pattern_problem(t, spot):
            continue
        fit += t.check or abs(need - t.lower) <= 1
    return fit / len(CASTLE_TILES)


# A tile id per top pattern, to stand in for the real tiles below a place.
_STAND_IN = {top: next(t.id for t in CASTLE_TILES if t.top == top) for top in ("SS", "SA", "AS", "AA")}


def _fitting(castle: Castle, tiles: list[int]) -> int:
    """How many of ``tiles`` could be built next on ``castle`` above the ground, unchanged."""
    spots = [s for s in open_spots(castle) if s.level > 1]
    return sum(1 for t in tiles if any(fits(castle, TILES[t], s) == 0 for s in spots))


def _keep_value(castle: Castle, tile: int) -> float:
    t = TILES[tile]
    spots = open_spots(castle)
    best = 0.0
    for s in spots:
        delta = fits(castle, t, s)
        if delta is None or abs(delta) > 1:
            continue
        best = max(best, (s.level + t.rubies) * (1.0 if delta == 0 else 0.5) if s.level > 1 else 0.3)
    # A check mark is worth keeping where it fits this castle at all; one that fits only another
    # castle would be hoarded for ever, and with it the tiles that castle needs (issue 26).
    return best + (0.5 if t.check and best else 0.0)


def _lead(view: CastleBuilderView, seat: int) -> float:
    return len(view.coins[seat]) + view.travelled[seat] / 100


def _coin_value(view: CastleBuilderView, me: int, effect: str) -> float:
    mine = view.castles[me]
    others = [c for c in view.castles if c.owner != me]
    if effect == "ruby":
        w = walk(view.barons, me, 1)
        return 3.0 + w.distance + COIN_VALUE * coins_won(w.coins)
    if effect in ("windows", "persons", "roofs", "tower"):
        attr = "height" if effect == "tower" else effect
        best_other = max(getattr(c, attr) for c in others)
        ours = getattr(mine, attr)
        return 2.5 if ours >= best_other and (ours >= 1) else -1.0
    if effect == "monk":
        fewest = min(len(c) for s, c in enumerate(view.coins) if s != me)
        return 3.0 if len(view.coins[me]) - 1 <= fewest else -1.0
    if effect == "thief":
        return 2.0 if any(n for s, n in enumerate(view.holder_counts) if s != me) else 0.0
    if effect == "lady":
        return 1.0
    if effect == "catapult":
        return 1.5
    if effect == "mill":
        return 1.2
    if effect == "decay":
        return -3.0
    return 0.0
