"""Castle Builder bots: they see their seat's view and the legal moves, nothing else.

The greedy bot rebuilds its own castle from the view (every castle is public) and looks one move
ahead with the same building rules and baron walk the referee uses.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.bots import RandomBot

from .baron import walk
from .castle import Castle, fits, open_spots, steps_for, with_tile
from .catalog import PATH, TILE, TILES
from .state import Build, Discard, Draw, Knock, Steal, TakeCoin, TakeTile
from .view import CastleBuilderView

COIN_VALUE = 12.0  # a coin is the goal: worth more than any number of steps
DISCARD_COST = 1.5  # a tile paid to change a number


def castle_of(view: CastleBuilderView, seat: int) -> Castle:
    return tuple(sorted((p.level, p.x, p.tile.id) for p in view.castles[seat].tiles))


class GreedyBot:
    """Takes the build that moves its baron furthest or wins a coin, keeping a holder that can build on;
    draws when nothing worth building fits. Answers every coin choice to its own advantage."""

    level = "greedy"

    def choose(self, view: CastleBuilderView, legal: Sequence[Any], rng: random.Random) -> Any:
        return max(legal, key=lambda a: (self.value(view, a), rng.random()))

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
        value += w.distance + COIN_VALUE * w.coins + (1.0 if PATH[w.to] == TILE else 0.0)
    else:
        value += 0.5  # the ground: no steps, but room to build on
    castle = with_tile(castle_of(view, me), build.level, build.x, build.tile)
    kept = [f.id for f in view.holder if f.id != build.tile and f.id not in build.discards]
    value += 0.6 * _fitting(castle, kept)  # keep a holder that can build next turn
    return value


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
    return best + (0.5 if t.check else 0.0)


def _lead(view: CastleBuilderView, seat: int) -> float:
    return len(view.coins[seat]) + view.travelled[seat] / 100


def _coin_value(view: CastleBuilderView, me: int, effect: str) -> float:
    mine = view.castles[me]
    others = [c for c in view.castles if c.owner != me]
    if effect == "ruby":
        w = walk(view.barons, me, 1)
        return 3.0 + w.distance + COIN_VALUE * w.coins
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
