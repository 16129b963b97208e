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
from .catalog import (ATTENDANT_DECOR, BONUS_CARDS, DECOR_OF, DECORS, NORMAL_TYPES, ROOMS, SPECIAL_ID, SPECIAL_TYPES,
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
    """What ``room`` at (col, floor) scores in ``castle`` by its own rule."""
    score, points, wanted = _SCORERS[room]
    return score(castle, castle.grid, col, floor, points, wanted)


# Each room's rule as (scorer, points, the set of cell values it wants), made once from the catalog:
# a castle is scored room by room, and the final scoring of a load scores every castle.
def _wanted(wants: str, for_corridor: bool = False) -> frozenset[int]:
    """The room ids (and THRONE_ROOM) that ``matches`` what a room wants: a cell is one look-up."""
    values = {r.id for r in ROOMS if matches(r.id, wants, for_corridor)}
    if matches(THRONE_ROOM, wants, for_corridor):
        values.add(THRONE_ROOM)
    return frozenset(values)


def _two_cells(first: Cell, second: Cell):
    (a, b), (c, d) = first, second

    def score(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
        get = grid.get  # an empty cell gives None, which nothing wants
        return points * ((get((col + a, floor + b)) in wanted) + (get((col + c, floor + d)) in wanted))
    return score


def _neighbours(grid: dict, col: int, floor: int) -> list:
    """The 8 cells around (col, floor): a room id, THRONE_ROOM or None each (the cells of AROUND)."""
    get, left, right, down, up = grid.get, col - 1, col + 1, floor - 1, floor + 1
    return [get((left, down)), get((col, down)), get((right, down)), get((left, floor)), get((right, floor)),
            get((left, up)), get((col, up)), get((right, up))]


def _surrounding(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    get, left, right, down, up = grid.get, col - 1, col + 1, floor - 1, floor + 1  # _neighbours, inline
    # A castle holds each of these rooms once, and a set holds the throne room's two cells once,
    # as the rule counts it: the wanted rooms around are a set's size (None is never wanted).
    return points * len(wanted.intersection([get((left, down)), get((col, down)), get((right, down)),
                                             get((left, floor)), get((right, floor)), get((left, up)),
                                             get((col, up)), get((right, up))]))


def _surrounding_copies(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    """``_surrounding`` for a room that wants special rooms, of which a castle may hold copies."""
    rooms = _neighbours(grid, col, floor)
    n = sum(map(wanted.__contains__, rooms))
    if THRONE_ROOM in wanted:
        thrones = rooms.count(THRONE_ROOM)
        if thrones > 1:
            n -= thrones - 1  # the throne room counts once
    return points * n


def _connected_points(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    """Rooms reachable from (col, floor) through rooms that are all wanted (the throne room once)."""
    get = grid.get
    seen, todo, n, throne = {(col, floor)}, [(col, floor)], 0, 0
    while todo:
        c, f = todo.pop()
        for cell in ((c, f + 1), (c, f - 1), (c - 1, f), (c + 1, f)):
            if cell in seen:
                continue
            room = get(cell)
            if room not in wanted:
                continue
            seen.add(cell)
            todo.append(cell)
            if room == THRONE_ROOM:
                throne = 1
            else:
                n += 1
    return points * (n + throne)


def _anywhere(castle: Castle, grid: dict, col: int, floor: int, points: int, wants: str) -> int:
    return points * castle.type_counts.get(wants, 0)  # castle.count(wants)


def _specials_anywhere(castle: Castle, grid: dict, col: int, floor: int, points: int, wants: str) -> int:
    return points * castle.special_rooms


def _column(above_only: bool):
    def score(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
        # each cell of the column is one floor, the throne room's included: no floor counts twice
        n = 0
        for (c, f), room in grid.items():
            if c == col and f != floor and (f > floor or not above_only) and room in wanted:
                n += 1
        return points * n
    return score


_OTHER_THAN_SLEEPING = tuple(t for t in NORMAL_TYPES if t != "sleeping")


def _variety(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    return 4 if all(map(castle.type_counts.get, _OTHER_THAN_SLEEPING)) else 1


def _fountain(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    return 5


def _tower(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    n = 0
    for c, f in grid:
        if c == col and f < floor:
            n += 1
    return n


def _foyer(castle: Castle, grid: dict, col: int, floor: int, points: int, wanted: frozenset) -> int:
    rooms = _neighbours(grid, col, floor)
    thrones = rooms.count(THRONE_ROOM)
    return 8 - rooms.count(None) - (thrones - 1 if thrones > 1 else 0)


_SCORER_OF = {"above_below": _two_cells((0, 1), (0, -1)), "left_right": _two_cells((-1, 0), (1, 0)),
              "two_below": _two_cells((0, -1), (0, -2)), "surrounding": _surrounding,
              "connected": _connected_points, "anywhere": _anywhere, "column_above": _column(True),
              "column": _column(False), "castle": _variety, "fountain": _fountain, "tower": _tower,
              "foyer": _foyer}


def _scorer(r) -> tuple:
    if r.where not in _SCORER_OF:
        raise ValueError(f"no scoring rule for {r.name}")
    if r.where == "anywhere":  # a count kept on the castle, not a look at cells
        return _specials_anywhere if r.wants == "special" else _anywhere, r.points, r.wants
    wanted = _wanted(r.wants, r.type == "corridor")
    if r.where == "surrounding" and wanted & _COPIED:
        return _surrounding_copies, r.points, wanted
    return _SCORER_OF[r.where], r.points, wanted


_COPIED = frozenset(SPECIAL_ID.values())  # the special rooms: a castle may hold more than one of each
_SCORERS = tuple(_scorer(r) for r in ROOMS)


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
    grid = castle.grid
    for col, floor, room in castle.cells:
        score, points, wanted = _SCORERS[room]  # room_points, without its call
        per[_CATEGORY_OF_ROOM[room]].append(score(castle, grid, col, floor, points, wanted))
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
        score, points, wanted = _SCORERS[room]
        total += score(castle, grid, col, floor, points, wanted)
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
