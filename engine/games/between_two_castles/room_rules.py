"""Each room's own scoring rule (Between Two Castles): what a room wants around, beside, above
or below it, or anywhere in the castle, as one function of (castle, grid, col, floor) made once
from the catalog. The score sheet that adds them up is scoring.py.
"""

from __future__ import annotations

from .castle import AROUND, ORTHOGONAL, THRONE_ROOM, Castle, Cell
from .catalog import DECOR_OF, DECORS, NORMAL_TYPES, ROOMS, SPECIAL_ID, SPECIAL_TYPES, THRONE_CELLS


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
    return SCORERS[room](castle, castle.grid, col, floor)


# Each room's rule as one function of (castle, grid, col, floor), made once from the catalog with the
# room's points and the cell values it wants bound in: a castle is scored room by room, and the final
# scoring of a load scores every castle.
def _wanted(wants: str, for_corridor: bool = False) -> frozenset[int]:
    """The room ids (and THRONE_ROOM) that ``matches`` what a room wants: a cell is one look-up."""
    values = {r.id for r in ROOMS if matches(r.id, wants, for_corridor)}
    if matches(THRONE_ROOM, wants, for_corridor):
        values.add(THRONE_ROOM)
    return frozenset(values)


class _Near(dict):
    """Each cell's cells at ``offsets`` from it, made once for columns -16 to 17 and floors -14 to 14 (far
    beyond the castles games build), so that looking around a room makes no cell; for a cell further
    out they are worked out when asked (a dict's ``__missing__``)."""

    def __init__(self, offsets: tuple[Cell, ...]):
        super().__init__()
        self.offsets = offsets
        for col in range(-16, 18):
            for floor in range(-14, 15):
                self[(col, floor)] = self.__missing__((col, floor))

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        col, floor = cell
        return tuple([(col + dc, floor + df) for dc, df in self.offsets])


AROUND_OF, NEXT_TO = _Near(AROUND), _Near(ORTHOGONAL)


def _two_cells(first: Cell, second: Cell):
    (a, b), (c, d) = first, second

    def rule(points: int, wanted: frozenset):
        def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
            get = grid.get  # an empty cell gives None, which nothing wants
            return points * ((get((col + a, floor + b)) in wanted) + (get((col + c, floor + d)) in wanted))

        return score

    return rule


def _surrounding(points: int, wanted: frozenset):
    def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
        # A castle holds each of these rooms once, and a set holds the throne room's two cells once,
        # as the rule counts it: the wanted rooms around are a set's size (None is never wanted).
        return points * len(wanted.intersection(map(grid.get, AROUND_OF[col, floor])))

    return score


def _surrounding_copies(points: int, wanted: frozenset):
    """``_surrounding`` for a room that wants special rooms, of which a castle may hold copies."""

    def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
        rooms = list(map(grid.get, AROUND_OF[col, floor]))
        n = sum(map(wanted.__contains__, rooms))
        if THRONE_ROOM in wanted:
            thrones = rooms.count(THRONE_ROOM)
            if thrones > 1:
                n -= thrones - 1  # the throne room counts once
        return points * n

    return score


def _connected(points: int, wanted: frozenset):
    """Rooms reachable from (col, floor) through rooms that are all wanted (the throne room once)."""

    def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
        get, start = grid.get, (col, floor)
        seen, todo, n, throne = {start}, [start], 0, 0
        while todo:
            for cell in NEXT_TO[todo.pop()]:
                room = get(cell)
                if room in wanted and cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
                    if room == THRONE_ROOM:
                        throne = 1
                    else:
                        n += 1
        return points * (n + throne)

    return score


def _anywhere(points: int, wants: str):
    if wants == "special":
        return lambda castle, grid, col, floor: points * castle.special_rooms
    return lambda castle, grid, col, floor: points * castle.type_counts.get(wants, 0)  # castle.count(wants)


# The column rules read the castle's cells, quicker to go through than its grid, and the throne room's
# cells apart: each cell of the column is one floor, the throne room's included, so no floor counts twice.
_THRONE_FLOOR = dict(THRONE_CELLS)  # column -> the floor of the throne room's cell in it


def _column_above(points: int, wanted: frozenset):
    throne = THRONE_ROOM in wanted

    def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
        n = 1 if throne and _THRONE_FLOOR.get(col, floor) > floor else 0
        for c, f, room in castle.cells:
            if c == col and f > floor and room in wanted:
                n += 1
        return points * n

    return score


def _column(points: int, wanted: frozenset):
    throne = THRONE_ROOM in wanted

    def score(castle: Castle, grid: dict, col: int, floor: int) -> int:
        n = 1 if throne and _THRONE_FLOOR.get(col, floor) != floor else 0
        for c, f, room in castle.cells:
            if c == col and f != floor and room in wanted:
                n += 1
        return points * n

    return score


_OTHER_THAN_SLEEPING = frozenset(t for t in NORMAL_TYPES if t != "sleeping")


def _variety(castle: Castle, grid: dict, col: int, floor: int) -> int:
    return 4 if castle.type_counts.keys() >= _OTHER_THAN_SLEEPING else 1  # the types the castle has


def _fountain(castle: Castle, grid: dict, col: int, floor: int) -> int:
    return 5


def _tower(castle: Castle, grid: dict, col: int, floor: int) -> int:
    n = 0
    for c, f in grid:
        if c == col and f < floor:
            n += 1
    return n


def _foyer(castle: Castle, grid: dict, col: int, floor: int) -> int:
    rooms = list(map(grid.get, AROUND_OF[col, floor]))
    thrones = rooms.count(THRONE_ROOM)
    return 8 - rooms.count(None) - (thrones - 1 if thrones > 1 else 0)


# Rules made from the room's points and wanted set; the last four need neither.
_RULE_OF = {
    "above_below": _two_cells((0, 1), (0, -1)),
    "left_right": _two_cells((-1, 0), (1, 0)),
    "two_below": _two_cells((0, -1), (0, -2)),
    "surrounding": _surrounding,
    "connected": _connected,
    "column_above": _column_above,
    "column": _column,
}
_FIXED_RULE_OF = {"castle": _variety, "fountain": _fountain, "tower": _tower, "foyer": _foyer}


def _scorer(r):
    if r.where == "anywhere":  # a count kept on the castle, not a look at cells
        return _anywhere(r.points, r.wants)
    if r.where in _FIXED_RULE_OF:
        return _FIXED_RULE_OF[r.where]
    if r.where not in _RULE_OF:
        raise ValueError(f"no scoring rule for {r.name}")
    wanted = _wanted(r.wants, r.type == "corridor")
    if r.where == "surrounding" and wanted & _COPIED:
        return _surrounding_copies(r.points, wanted)
    return _RULE_OF[r.where](r.points, wanted)


_COPIED = frozenset(SPECIAL_ID.values())  # the special rooms: a castle may hold more than one of each
SCORERS = tuple(_scorer(r) for r in ROOMS)
