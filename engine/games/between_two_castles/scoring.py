"""Scoring a castle: every room by its own rule, the throne room, the attendants and the bonus
cards, on the rulebook's score sheet of 13 categories.

The throne room is one special room however many of a room's neighbouring cells it covers; it
counts 1 for a corridor whatever decoration the corridor wants (the rulebook says so), and it has
no decoration for an attendant.

    >>> sheet = score_sheet(Castle(throne=0))
    >>> sheet.total, len(sheet.rows)
    (0, 13)
"""
from __future__ import annotations

import attrs

from .castle import AROUND, ORTHOGONAL, THRONE_ROOM, Castle, Cell, type_of
from .catalog import (ATTENDANT_DECOR, BONUS_CARDS, DECOR_OF, DECORS, NORMAL_TYPES, ROOMS, SPECIAL_TYPES,
                      THRONE_CELLS, THRONE_SPOTS, THRONES)

CATEGORIES = ("food", "living", "utility", "outdoor", "sleeping", "corridor", "downstairs",
              "tower", "fountain", "foyer", "bonus cards", "attendants", "throne room")
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


def matches(room: int, wants: str, for_corridor: bool = False) -> bool:
    """Whether ``room`` (a room id or THRONE_ROOM) is what a room that ``wants`` this looks for."""
    if room == THRONE_ROOM:
        return wants == "special" or (for_corridor and wants in DECORS)
    if wants == "special":
        return ROOMS[room].type in SPECIAL_TYPES
    if wants in DECORS:
        return DECOR_OF[room] == wants
    return ROOMS[room].type == wants


def around(castle: Castle, col: int, floor: int) -> list[int]:
    """The rooms among the 8 cells around (col, floor); the throne room once."""
    grid = castle.grid
    out, throne = [], False
    for dc, df in AROUND:
        room = grid.get((col + dc, floor + df))
        if room is None:
            continue
        if room == THRONE_ROOM:
            if throne:
                continue
            throne = True
        out.append(room)
    return out


def room_points(castle: Castle, col: int, floor: int, room: int) -> int:
    r = ROOMS[room]
    grid = castle.grid
    match r.where:
        case "above_below" | "left_right" | "two_below":
            cells = {"above_below": ((col, floor + 1), (col, floor - 1)),
                     "left_right": ((col - 1, floor), (col + 1, floor)),
                     "two_below": ((col, floor - 1), (col, floor - 2))}[r.where]
            return r.points * sum(1 for c in cells if c in grid and matches(grid[c], r.wants))
        case "surrounding":
            corridor = r.type == "corridor"
            return r.points * sum(1 for n in around(castle, col, floor) if matches(n, r.wants, corridor))
        case "connected":
            return r.points * _connected(castle, (col, floor), r.wants)
        case "anywhere":
            return r.points * _in_castle(castle, r.wants)
        case "column_above" | "column":
            above_only = r.where == "column_above"
            found = {f if room_at != THRONE_ROOM else 0 for (c, f), room_at in grid.items()
                     if c == col and f != floor and (f > floor or not above_only) and matches(room_at, r.wants)}
            return r.points * len(found)
        case "castle":
            others = [t for t in NORMAL_TYPES if t != "sleeping"]
            return 4 if all(castle.count(t) for t in others) else 1
        case "fountain":
            return 5
        case "tower":
            return sum(1 for (c, f) in grid if c == col and f < floor)
        case "foyer":
            return len(around(castle, col, floor))
    raise ValueError(f"no scoring rule for {r.name}")


def _connected(castle: Castle, start: Cell, wants: str) -> int:
    """Rooms reachable from ``start`` through rooms that are all what it wants (throne once)."""
    grid = castle.grid
    seen, todo, found = {start}, [start], set()
    while todo:
        c, f = todo.pop()
        for dc, df in ORTHOGONAL:
            n = (c + dc, f + df)
            if n in seen or n not in grid or not matches(grid[n], wants):
                continue
            seen.add(n)
            todo.append(n)
            found.add("throne" if grid[n] == THRONE_ROOM else n)
    return len(found)


def _in_castle(castle: Castle, wants: str) -> int:
    if wants == "special":
        return castle.special_rooms
    return castle.count(wants)


def throne_points(castle: Castle) -> int:
    grid = castle.grid
    total = 0
    for wanted, spot in THRONES[castle.throne].wants:
        room = grid.get(THRONE_SPOTS[spot])
        if room is not None and room != THRONE_ROOM and ROOMS[room].type == wanted:
            total += 2
    return total


def attendant_points(castle: Castle, attendant: str) -> int:
    decor = ATTENDANT_DECOR[attendant]
    return sum(1 for _, _, room in castle.cells if DECOR_OF[room] == decor)


def card_points(castle: Castle, card: int) -> int:
    c = BONUS_CARDS[card]
    return c.points * card_count(castle, c.key)


def card_count(castle: Castle, key: str) -> int:
    """How many times a bonus card's condition is met."""
    grid = castle.grid
    if key in NORMAL_TYPES:
        return castle.count(key)
    match key:
        case "variety":
            return sum(1 for t in NORMAL_TYPES + SPECIAL_TYPES if castle.count(t))
        case "attendants":
            return len(castle.attendants)
        case "underground":
            return sum(1 for _, f, _ in castle.cells if f < 0)
        case "high":
            return sum(1 for _, f, _ in castle.cells if f >= 2)
        case "height":
            low, high = castle.floors()
            return high - low + 1
        case "width":
            low, high = castle.columns()
            return high - low + 1
        case "enclosed":
            return _rooms_with_all_occupied(castle, AROUND)
        case "crossed":
            return _rooms_with_all_occupied(castle, ORTHOGONAL)
        case "special":
            return castle.special_rooms
        case "throne_variety":
            rooms = (grid.get(cell) for cell in THRONE_SPOTS.values())
            return len({type_of(r) for r in rooms if r is not None and type_of(r) in NORMAL_TYPES})
        case "throne_ring":
            return sum(1 for cell in THRONE_SPOTS.values() if cell in grid)
        case "five_of_a_type":
            return sum(1 for t in NORMAL_TYPES if castle.count(t) >= 5)
        case "three_of_a_type":
            return sum(1 for t in NORMAL_TYPES if castle.count(t) >= 3)
    raise ValueError(f"unknown bonus card {key!r}")


def _rooms_with_all_occupied(castle: Castle, offsets) -> int:
    grid = castle.grid
    n = sum(1 for c, f, _ in castle.cells if all((c + dc, f + df) in grid for dc, df in offsets))
    ring = {(c + dc, f + df) for c, f in THRONE_CELLS for dc, df in offsets} - set(THRONE_CELLS)
    return n + (1 if ring <= grid.keys() else 0)


def score_sheet(castle: Castle) -> ScoreSheet:
    per: dict[str, list[int]] = {c: [] for c in CATEGORIES}
    for col, floor, room in castle.cells:
        per[_CATEGORY_OF[ROOMS[room].type]].append(room_points(castle, col, floor, room))
    per["bonus cards"] = [card_points(castle, c) for c in castle.cards]
    per["attendants"] = [attendant_points(castle, a) for a in castle.attendants]
    per["throne room"] = [throne_points(castle)]
    return ScoreSheet(tuple(SheetRow(c, tuple(per[c])) for c in CATEGORIES))


def castle_score(castle: Castle) -> int:
    """The sheet's total; a castle whose sheet was kept (a view, a bot scored it) is not scored again."""
    sheet = castle.__dict__.get("_sheet")
    return sheet.total if sheet is not None else score_sheet(castle).total


def cached_sheet(castle: Castle) -> ScoreSheet:
    """The castle's sheet, kept on the castle: an unchanged castle is the same object from state
    to state, so views and standings score each castle once."""
    sheet = castle.__dict__.get("_sheet")
    if sheet is None:
        sheet = castle.__dict__["_sheet"] = score_sheet(castle)
    return sheet
