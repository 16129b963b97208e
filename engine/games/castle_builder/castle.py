"""A castle seen from the side: a wall of tiles laid like bricks on a foundation.

Coordinates are (level, x): level 1 is the ground, on the foundation; x counts half tiles from the
foundation's left end, so a tile at (level, x) covers x .. x+2 and stands on the tiles at
(level - 1, x - 1) and (level - 1, x + 1). A castle is a sorted tuple of (level, x, tile id),
the gate (GATE, a tile numbered 2) included.

    >>> [s.x for s in open_spots(NEW_CASTLE) if s.level == 1]
    [0, 2, 4, 6, 10, 12, 14, 16]
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from .catalog import AIR, COLUMNS, GATE, GATE_X, MAX_LEVEL, TILES, WIDTH, Tile

Castle = tuple[tuple[int, int, int], ...]
NEW_CASTLE: Castle = ((1, GATE_X, GATE),)


@attrs.frozen
class Spot:
    """An empty place a tile may go: what it stands on and the number it needs (None: any)."""

    level: int
    x: int
    need: int | None
    left: int | None  # tile id below the left half
    right: int | None  # tile id below the right half


def spot_name(level: int, x: int) -> str:
    """``3e``: level 3, the tile whose left end is the 5th half-tile column."""
    return f"{level}{COLUMNS[x]}" if 0 <= x < len(COLUMNS) else f"{level}?"


def places_on(level: int) -> range:
    """The x of every place on ``level`` inside the foundation's width."""
    return range(level - 1, WIDTH - level, 2)


def grid(castle: Castle) -> dict[tuple[int, int], int]:
    return {(lv, x): t for lv, x, t in castle}


def with_tile(castle: Castle, level: int, x: int, tile: int) -> Castle:
    return tuple(sorted(castle + ((level, x, tile),)))


def without_tile(castle: Castle, level: int, x: int) -> Castle:
    return tuple(p for p in castle if (p[0], p[1]) != (level, x))


def height(castle: Castle) -> int:
    return max(lv for lv, _, _ in castle)


def count(castle: Castle, symbol: str) -> int:
    """Windows, roofs or persons in the castle."""
    return sum(getattr(TILES[t], symbol) for _, _, t in castle)


def is_free(cells: dict[tuple[int, int], int], level: int, x: int) -> bool:
    """Nothing is built on the tile at (level, x)."""
    return (level + 1, x - 1) not in cells and (level + 1, x + 1) not in cells


def free_tiles(castle: Castle) -> list[tuple[int, int, int]]:
    """Tiles with nothing built on them (the gate never leaves): targets of decay and the catapult."""
    cells = grid(castle)
    return [(lv, x, t) for lv, x, t in castle if t != GATE and is_free(cells, lv, x)]


def spot_at(cells: dict[tuple[int, int], int], level: int, x: int) -> Spot | None:
    """The spot at (level, x) if a tile could go there at all (by position, not by tile)."""
    if not 1 <= level <= MAX_LEVEL or x not in places_on(level) or (level, x) in cells:
        return None
    if not is_free(cells, level, x):
        return None  # nothing is pushed in under a tile already built
    if level == 1:
        return Spot(1, x, None, None, None)
    left, right = cells.get((level - 1, x - 1)), cells.get((level - 1, x + 1))
    if left is None and right is None:
        return None
    need = sum(TILES[t].upper for t in (left, right) if t is not None)
    return Spot(level, x, need, left, right)


@lru_cache(maxsize=8192)
def open_spots(castle: Castle) -> tuple[Spot, ...]:
    """Every empty place a tile could go (cached: castles are immutable and asked about often)."""
    cells = grid(castle)
    return tuple(s for lv in range(1, MAX_LEVEL + 1) for x in places_on(lv) if (s := spot_at(cells, lv, x)) is not None)


@lru_cache(maxsize=8192)
def levels_started(castle: Castle) -> frozenset[int]:
    return frozenset(lv for lv, _, _ in castle)


def pattern_problem(tile: Tile, spot: Spot) -> str | None:
    """Stone and air must match top to bottom: stone never on air or nothing, air never on stone."""
    if spot.level == 1:
        return None if tile.bottom == "SS" else "air may not stand on the foundation's stone"
    halves = ((tile.bottom[0], spot.left, 1), (tile.bottom[1], spot.right, 0))
    for mine, below, side in halves:
        if below is None:
            if mine != AIR:
                return "stone may not stand on nothing"
            continue
        theirs = TILES[below].top[side]
        if mine != theirs:
            return "stone may not stand on air" if theirs == AIR else "air may not stand on stone"
    return None


def fit_problem(castle: Castle, tile: Tile, level: int, x: int, delta: int = 0, free_change: bool = True) -> str | None:
    """Why ``tile`` (its number changed by ``delta``) cannot go to (level, x); None if it can.
    ``free_change``: a change is allowed where any number fits (rules version 2; see number_problem)."""
    cells = grid(castle)
    if not 1 <= level <= MAX_LEVEL or x not in places_on(level):
        return f"{spot_name(level, x)} is not a place in the castle"
    if (level, x) in cells:
        return f"{spot_name(level, x)} is already built"
    spot = spot_at(cells, level, x)
    if spot is None:
        covered = not is_free(cells, level, x)
        return (
            f"{spot_name(level, x)} lies under a tile already built"
            if covered
            else f"{spot_name(level, x)} has no tile beneath it"
        )
    why = pattern_problem(tile, spot)
    if why:
        return why
    if tile.castle and level not in levels_started(castle):
        return "a tile with the castle symbol may not start a new level"
    return number_problem(tile, spot, delta, free_change)


def any_number(tile: Tile, spot: Spot) -> bool:
    """Any number fits: a check-mark tile, or a place on the foundation."""
    return tile.check or spot.need is None


def number_problem(tile: Tile, spot: Spot, delta: int, free_change: bool = True) -> str | None:
    """Why ``tile``'s number changed by ``delta`` does not fit ``spot``. Where any number fits, a
    change is allowed all the same („Immer wenn du ein Plättchen anbaust … darfst du die dort
    aufgedruckte Zahl um 1 erhöhen oder verringern"): it only costs tiles. Rules version 1 (files
    saved under it, ``free_change`` False) refused it there."""
    if any_number(tile, spot):
        if not delta or free_change:
            return None
        if tile.check:
            return "a check mark has no number to change"
        return "any number goes on the foundation: there is nothing to change"
    assert tile.lower is not None  # a tile without a number is a check mark
    number = tile.lower + delta
    if number != spot.need:
        shown = f"{tile.lower}{delta:+d}" if delta else str(tile.lower)
        return f"{spot_name(spot.level, spot.x)} needs {spot.need}, not {shown}"
    return None


def fits(castle: Castle, tile: Tile, spot: Spot) -> int | None:
    """The change of number (0, ±1, ...) that makes ``tile`` fit ``spot`` by its patterns and the castle
    symbol; None if no change does. The caller decides which changes it can pay for."""
    if tile.castle and spot.level not in levels_started(castle):
        return None
    return _fits(tile, spot)


@lru_cache(maxsize=65536)
def _fits(tile: Tile, spot: Spot) -> int | None:
    if pattern_problem(tile, spot):
        return None
    if tile.check or spot.need is None or tile.lower is None:  # (only a check mark has no number)
        return 0
    return spot.need - tile.lower


def steps_for(level: int, tile: Tile) -> int:
    """The baron's steps: none on the ground (not even rubies), else the level plus 1 per ruby."""
    return 0 if level == 1 else level + tile.rubies
