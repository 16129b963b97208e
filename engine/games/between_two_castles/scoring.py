"""Scoring a castle: every room by its own rule (room_rules.py), the throne room, the attendants
and the bonus cards (bonus_cards.py), on the rulebook's score sheet of 13 categories.

The throne room is one special room however many of a room's neighbouring cells it covers; it
counts 1 for a corridor whatever decoration the corridor wants (the rulebook says so), and it has
no decoration for an attendant.

    >>> sheet = score_sheet(Castle(throne=0))
    >>> sheet.total, len(sheet.rows)
    (0, 13)
"""

from __future__ import annotations

import attrs

from .bonus_cards import card_count, card_points
from .castle import Castle
from .catalog import (
    ATTENDANT_DECOR,
    DECORS,
    NORMAL_TYPES,
    ROOMS,
    SPECIAL_TYPES,
    THRONE_SPOTS,
    THRONES,
)
from .room_rules import SCORERS, around, matches, room_points

CATEGORIES = (
    "food",
    "living",
    "utility",
    "outdoor",
    "sleeping",
    "corridor",
    "downstairs",
    "tower",
    "fountain",
    "foyer",
    "bonus cards",
    "attendants",
    "throne room",
)
_CATEGORY_OF = {t: t for t in NORMAL_TYPES + SPECIAL_TYPES}


@attrs.frozen
class SheetRow:
    category: str
    points: tuple[int, ...]  # one entry per room, attendant or card of the category

    @property
    def total(self) -> int:
        return sum(self.points)


@attrs.frozen
class ScoreSheet:
    rows: tuple[SheetRow, ...]

    @property
    def total(self) -> int:
        return sum(r.total for r in self.rows)

    def row(self, category: str) -> SheetRow:
        return next(r for r in self.rows if r.category == category)


def throne_points(castle: Castle) -> int:
    get = castle.grid.get
    total = 0
    for cell, wanted in _THRONE_WANTS[castle.throne]:
        if get(cell) in wanted:
            total += 2
    return total


# Each throne room's two wishes as (cell, the ids of the rooms of the wanted type).
_THRONE_WANTS = tuple(
    tuple((THRONE_SPOTS[spot], frozenset(r.id for r in ROOMS if r.type == kind)) for kind, spot in t.wants)
    for t in THRONES
)


def attendant_points(castle: Castle, attendant: str) -> int:
    # Only normal rooms have decorations, and a castle holds each normal room once.
    return len(_WITH_DECOR[ATTENDANT_DECOR[attendant]].intersection(castle.grid.values()))


_WITH_DECOR = {decor: frozenset(r.id for r in ROOMS if r.decor == decor) for decor in DECORS}


def score_sheet(castle: Castle) -> ScoreSheet:
    per: dict[str, list[int]] = {c: [] for c in CATEGORIES}
    grid = castle.grid
    for col, floor, room in castle.cells:
        per[_CATEGORY_OF_ROOM[room]].append(SCORERS[room](castle, grid, col, floor))  # room_points, without its call
    per["bonus cards"] = [card_points(castle, c) for c in castle.cards]
    per["attendants"] = [attendant_points(castle, a) for a in castle.attendants]
    per["throne room"] = [throne_points(castle)]
    return ScoreSheet(tuple(SheetRow(c, tuple(per[c])) for c in CATEGORIES))


_CATEGORY_OF_ROOM = tuple(_CATEGORY_OF[r.type] for r in ROOMS)


def castle_score(castle: Castle) -> int:
    """The sheet's total; a castle whose sheet was kept (a view, a bot scored it) is not scored
    again, and one that was not is summed without making its sheet (the final scoring)."""
    sheet = castle.__dict__.get("_sheet")
    if sheet is not None:
        return sheet.total
    grid, total = castle.grid, throne_points(castle)
    for col, floor, room in castle.cells:
        total += SCORERS[room](castle, grid, col, floor)
    for card in castle.cards:
        total += card_points(castle, card)
    for attendant in castle.attendants:
        total += attendant_points(castle, attendant)
    return total


def cached_sheet(castle: Castle) -> ScoreSheet:
    """The castle's sheet, kept on the castle: an unchanged castle is the same object from state
    to state, so views and standings score each castle once."""
    sheet = castle.__dict__.get("_sheet")
    if sheet is None:
        sheet = castle.__dict__["_sheet"] = score_sheet(castle)
    return sheet


__all__ = [
    "CATEGORIES",
    "SheetRow",
    "ScoreSheet",
    "matches",
    "around",
    "room_points",
    "throne_points",
    "attendant_points",
    "card_points",
    "card_count",
    "score_sheet",
    "castle_score",
    "cached_sheet",
]
