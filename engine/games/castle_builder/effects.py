"""The 11 coin effects (the rulebook's last page), and the options of those that ask for a choice.

Each effect resolves even when it helps nobody. "The player or players with the most X (at least 1)"
favours every seat tied for the most; tiles are handed out clockwise from the coin's taker.
"""

from __future__ import annotations

import random

from .castle import count, free_tiles, height
from .catalog import EFFECTS, MOST_OF
from .events import CastleTileRemoved, EffectResolved, MarketCleared, MarketTileTaken, Task, TileDiscarded, TileStolen
from .state import PEACEFUL, CastleBuilderState
from .turn import Folder, draw_tiles, market_tiles, refill_market

GIFTS = {"tower": 2, "persons": 2, "windows": 2, "roofs": 2, "monk": 3}


def favoured(state: CastleBuilderState, seat: int, effect: str) -> list[int]:
    """The seats that get tiles from ``effect``, clockwise from ``seat``."""
    order = state.clockwise(seat)
    if effect == "tower":
        score = {s: height(state.castles[s]) for s in order}
        best = max(score.values())
        return [s for s in order if score[s] == best]
    if effect == "monk":  # the coin just taken does not count
        held = {s: len(state.coins[s]) - (s == seat) for s in order}
        least = min(held.values())
        return [s for s in order if held[s] == least]
    score = {s: count(state.castles[s], MOST_OF[effect]) for s in order}
    best = max(score.values())
    return [s for s in order if score[s] == best] if best >= 1 else []


def thief_victims(state: CastleBuilderState, seat: int) -> list[int]:
    return [s for s in state.opponents(seat) if state.holders[s]]


def catapult_targets(state: CastleBuilderState, seat: int) -> list[tuple[int, int, int]]:
    """(owner, level, x) of every free tile in an opponent's castle."""
    return [(s, lv, x) for s in state.opponents(seat) for lv, x, _ in free_tiles(state.castles[s])]


def decay_targets(state: CastleBuilderState, seat: int) -> list[tuple[int, int, int]]:
    return [(seat, lv, x) for lv, x, _ in free_tiles(state.castles[seat])]


def resolve_effect(fold: Folder, seat: int, effect: str, rng: random.Random) -> list[Task]:
    """Do the effect of the coin ``seat`` took; the tasks it leaves (choices, discards down to 7)."""
    state = fold.state
    if PEACEFUL in state.variants and EFFECTS[effect].red:
        fold.add(EffectResolved(seat, effect, ()))
        return _choose_or_take(fold, seat, "market", market_tiles(fold.state), rng)
    if effect == "ruby":
        fold.add(EffectResolved(seat, effect, (seat,)))
        return [Task("move", seat, 1)]
    if effect in GIFTS:
        winners = favoured(state, seat, effect)
        fold.add(EffectResolved(seat, effect, tuple(winners)))
        for s in winners:
            draw_tiles(fold, s, GIFTS[effect], effect, rng)
        return [Task("limit", s) for s in winners]
    if effect == "thief":
        victims = thief_victims(state, seat)
        fold.add(EffectResolved(seat, effect, tuple(victims)))
        if len(victims) == 1:
            return steal(fold, seat, victims[0], rng)
        return [Task("thief", seat)] if victims else []
    if effect == "lady":
        victims = thief_victims(state, seat)
        fold.add(EffectResolved(seat, effect, tuple(victims)))
        for s in victims:
            fold.add(TileDiscarded(s, rng.choice(fold.state.holders[s]), "lady"))
        return []
    if effect == "mill":
        fold.add(EffectResolved(seat, effect, (seat,)))
        if market_tiles(state):
            fold.add(MarketCleared(tuple(market_tiles(state))))
        refill_market(fold, rng)
        return _choose_or_take(fold, seat, "mill", market_tiles(fold.state), rng)
    if effect in ("decay", "catapult"):
        targets = (decay_targets if effect == "decay" else catapult_targets)(state, seat)
        fold.add(EffectResolved(seat, effect, tuple(sorted({t[0] for t in targets}))))
        if len(targets) == 1:
            knock(fold, seat, *targets[0])
            return []
        return [Task(effect, seat)] if targets else []
    raise ValueError(f"no coin effect {effect!r}")


def _choose_or_take(fold: Folder, seat: int, kind: str, tiles: list[int], rng: random.Random) -> list[Task]:
    if len(tiles) == 1:
        return take_market_tile(fold, seat, tiles[0], rng)
    return [Task(kind, seat)] if tiles else []


def steal(fold: Folder, seat: int, victim: int, rng: random.Random, chosen: bool = False) -> list[Task]:
    """A random tile from the victim's hidden holder: drawn now, written into the event."""
    fold.add(TileStolen(seat, victim, rng.choice(fold.state.holders[victim]), chosen))
    return [Task("limit", seat)]


def knock(fold: Folder, seat: int, owner: int, level: int, x: int, chosen: bool = False) -> None:
    tile = dict(((lv, xx), t) for lv, xx, t in fold.state.castles[owner])[(level, x)]
    fold.add(CastleTileRemoved(owner, seat, level, x, tile, chosen))


def take_market_tile(fold: Folder, seat: int, tile: int, rng: random.Random, chosen: bool = False) -> list[Task]:
    fold.add(MarketTileTaken(seat, tile, chosen))
    refill_market(fold, rng)
    return [Task("limit", seat)]
