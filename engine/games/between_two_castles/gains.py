"""What a placement adds to its castle's score, exactly, without scoring the castle again.

The search weighs thousands of placements a second; scoring the whole castle for each (as the
preview does) is most of its time. A room changes the points of only some rooms: those around
it and in its column, and those that count rooms anywhere (outdoor rooms, utility rooms'
connected sets, sleeping rooms' variety); plus the throne room when it fills a target cell,
the attendants when it carries their decoration, and the bonus cards. Each room's points before
are read once per castle from its score sheet and kept on the castle.

    >>> from .catalog import ROOM_ID
    >>> gain(Castle(throne=2), ROOM_ID["Salon"], 0, 1)
    2
"""

from __future__ import annotations

from .castle import AROUND, THRONE_ROOM, Castle
from .catalog import (
    ATTENDANT_DECOR,
    DECOR_OF,
    NORMAL_TYPES,
    ROOMS,
    THRONE_SPOTS,
    TYPE_OF,
)
from .scoring import (
    CATEGORIES,
    cached_sheet,
    card_points,
    matches,
    room_points,
    throne_points,
)

_CATEGORY = {t: CATEGORIES.index(t) for t in CATEGORIES}
_SPOTS = frozenset(THRONE_SPOTS.values())
_WANTS_ANY = frozenset({"connected", "anywhere"})  # rooms whose points may grow from a room anywhere
_FIXED = frozenset({"fountain", "castle"})  # a fountain scores 5; sleeping rooms look at types only
_OTHERS_FOR_SLEEPING = frozenset(t for t in NORMAL_TYPES if t != "sleeping")
# The cells around a room, and two above it (a food room there wants the two cells below it).
_NEAR = AROUND + ((0, 2),)


def score(castle: Castle) -> int:
    """The castle's score (its sheet's total, kept on the castle)."""
    kept = castle.__dict__.get("_total")
    if kept is None:
        kept = castle.__dict__["_total"] = cached_sheet(castle).total
    return kept


def cell_points(castle: Castle) -> dict[tuple[int, int], int]:
    """Each room's points as the castle stands (from its score sheet, kept on the castle)."""
    kept = castle.__dict__.get("_cell_points")
    if kept is not None:
        return kept
    rows = cached_sheet(castle).rows
    at = [0] * len(rows)
    out = {}
    for col, floor, room in castle.cells:
        row = _CATEGORY[TYPE_OF[room]]
        out[(col, floor)] = rows[row].points[at[row]]
        at[row] += 1
    castle.__dict__["_cell_points"] = out
    return out


class _Index:
    """Where a castle's rooms are, by what a new room may change: by column, those that count
    rooms anywhere, the sleeping rooms; and the bonus cards' points now."""

    def __init__(self, castle: Castle):
        self.columns: dict[int, list[tuple[int, int, int]]] = {}
        self.wide: list[tuple[int, int, int]] = []
        self.sleeping: list[tuple[int, int, int]] = []
        for col, floor, room in castle.cells:
            self.columns.setdefault(col, []).append((col, floor, room))
            where = ROOMS[room].where
            if where in _WANTS_ANY:
                self.wide.append((col, floor, room))
            elif where == "castle":
                self.sleeping.append((col, floor, room))
        self.cards = [(card, card_points(castle, card)) for card in castle.cards]
        self.throne = throne_points(castle)
        self.decors: dict[str, int] = {}  # attendants by the decoration they count
        for a in castle.attendants:
            self.decors[ATTENDANT_DECOR[a]] = self.decors.get(ATTENDANT_DECOR[a], 0) + 1


def _index(castle: Castle) -> _Index:
    kept = castle.__dict__.get("_gain_index")
    if kept is None:
        kept = castle.__dict__["_gain_index"] = _Index(castle)
    return kept


def _wanted_by(other: int) -> frozenset[int]:
    """The rooms whose arrival nearby (or anywhere, for the rooms that count the whole castle)
    may change ``other``'s points: what it wants; any room for a foyer; none for a fountain or a
    sleeping room (its variety is checked apart) or a tower (it counts rooms below it)."""
    r = ROOMS[other]
    if r.where == "foyer":
        return _ALL_ROOMS
    if r.where in _FIXED or r.where == "tower":
        return frozenset()
    return frozenset(x for x in _ALL_ROOMS if matches(x, r.wants))


_ALL_ROOMS = frozenset(range(len(ROOMS)))
_WANTED_BY = tuple(_wanted_by(x) for x in range(len(ROOMS)))
_TOWER = tuple(r.where == "tower" for r in ROOMS)


def gain(castle: Castle, room: int, col: int, floor: int) -> int:
    """The castle's score after ``room`` goes to (col, floor), minus its score now (bonuses
    the placement earns not included): what ``preview_place`` says, at a fraction of its cost."""
    before, index = cell_points(castle), _index(castle)
    after = castle.with_room(room, col, floor)
    delta = room_points(after, col, floor, room)
    grid = castle.grid
    changed = []
    for dc, df in _NEAR:
        cell = (col + dc, floor + df)
        other = grid.get(cell)
        if other is not None and other != THRONE_ROOM and (room in _WANTED_BY[other] or (_TOWER[other] and df > 0)):
            changed.append((cell[0], cell[1], other))
    for c, f, other in index.columns.get(col, ()):
        if room in _WANTED_BY[other] or (_TOWER[other] and f > floor):
            changed.append((c, f, other))
    changed += [(c, f, other) for c, f, other in index.wide if room in _WANTED_BY[other]]
    if not castle.count(TYPE_OF[room]) and TYPE_OF[room] in _OTHERS_FOR_SLEEPING:
        changed += index.sleeping  # a new type: sleeping rooms may reach 4
    for c, f, other in set(changed):
        delta += room_points(after, c, f, other) - before[(c, f)]
    if (col, floor) in _SPOTS:
        delta += throne_points(after) - index.throne
    for card, points in index.cards:
        delta += card_points(after, card) - points
    decor = DECOR_OF[room]
    if decor is not None:
        delta += index.decors.get(decor, 0)
    return delta
