"""One castle: its throne room, the rooms placed around it as (column, floor) cells, its royal
attendants and kept bonus cards; and where a room may be placed.

The throne room lies on floor 0 in columns 0 and 1. Floors above it are positive, the downstairs
floors negative; columns grow to the right and may go negative on the left.

    >>> c = Castle(throne=0)
    >>> c.problem(ROOM_ID["King's Chambers"], 0, 2)
    'a room above the throne-room floor needs a room right below it'
    >>> (2, 0) in c.positions(ROOM_ID["Wine Room"])
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

import attrs

from .catalog import ROOM_ID  # noqa: F401 (the docstring example)
from .catalog import DOWNSTAIRS_ONLY, NORMAL_TYPES, OPEN_TOP, ROOMS, THRONE_CELLS, TYPE_OF, UPSTAIRS_ONLY, article

THRONE_ROOM = -1  # the value of the throne room's two cells in a grid
Cell = tuple[int, int]
ORTHOGONAL = ((0, 1), (0, -1), (-1, 0), (1, 0))
AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


_ROOMS_ONLY = ("grid", "type_counts", "frontier")
# Why a room may not go to a cell (Castle.problem fills in the room's type or the room below)
_TAKEN = "that cell is taken"
_UPSTAIRS = "{a} {kind} room goes on the throne-room floor or higher"
_DOWNSTAIRS = "a downstairs room goes below the throne-room floor"
_UNSUPPORTED = "a room above the throne-room floor needs a room right below it"
_DETACHED = "a room must share an edge with a room of the castle"
_OPEN_TOP = "nothing may go above the {below} (open to the sky)"  # cached; the same with more attendants or cards


def type_of(room: int) -> str:
    return "throne" if room == THRONE_ROOM else TYPE_OF[room]


@attrs.frozen(slots=False)  # slots=False for the cached grid; a new room makes a new Castle
class Castle:
    throne: int
    cells: tuple[tuple[int, int, int], ...] = ()  # (column, floor, room) in the order placed
    attendants: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()  # bonus cards kept, face up

    # -- building ------------------------------------------------------------------------------
    def with_room(self, room: int, col: int, floor: int) -> Castle:
        # The grid and the counts (cached properties) derived from this castle's instead of
        # worked out again from every cell: a game places a hundred rooms and scores after each.
        grid = self.grid.copy()
        grid[(col, floor)] = room
        counts = self.type_counts.copy()
        kind = TYPE_OF[room]
        counts[kind] = counts.get(kind, 0) + 1
        castle = Castle(self.throne, self.cells + ((col, floor, room),), self.attendants, self.cards)
        castle.__dict__.update(grid=grid, type_counts=counts)
        return castle

    def with_attendant(self, name: str) -> Castle:
        return self._same_rooms(Castle(self.throne, self.cells, self.attendants + (name,), self.cards))

    def with_card(self, card: int) -> Castle:
        return self._same_rooms(Castle(self.throne, self.cells, self.attendants, self.cards + (card,)))

    def _same_rooms(self, castle: Castle) -> Castle:
        """``castle``, which has this castle's rooms, given what was worked out about them already."""
        kept = self.__dict__
        castle.__dict__.update({key: kept[key] for key in _ROOMS_ONLY if key in kept})
        return castle

    # -- reading -------------------------------------------------------------------------------
    @cached_property
    def grid(self) -> dict[Cell, int]:
        grid = {cell: THRONE_ROOM for cell in THRONE_CELLS}
        for col, floor, room in self.cells:
            grid[(col, floor)] = room
        return grid

    @cached_property
    def type_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for _, _, room in self.cells:
            kind = TYPE_OF[room]
            counts[kind] = counts.get(kind, 0) + 1
        return counts

    def count(self, room_type: str) -> int:
        return self.type_counts.get(room_type, 0)

    @property
    def special_rooms(self) -> int:
        """Special rooms, the throne room included (the tie-break and a bonus card count them)."""
        counts = self.type_counts
        return 1 + counts.get("fountain", 0) + counts.get("tower", 0) + counts.get("foyer", 0)

    @property
    def normal_rooms(self) -> int:
        return sum(self.count(t) for t in NORMAL_TYPES)

    @cached_property
    def frontier(self) -> tuple[Cell, ...]:
        """Empty cells sharing an edge with the castle."""
        grid = self.grid
        seen = {(c + dc, f + df) for (c, f) in grid for dc, df in ORTHOGONAL}
        return tuple(sorted(cell for cell in seen if cell not in grid))

    def problem(self, room: int, col: int, floor: int) -> str | None:
        """Why ``room`` may not go to (col, floor), or None when it may."""
        fault = self._faults(room, ((col, floor),))[0]
        if fault is None:
            return None
        below = self.grid.get((col, floor - 1))
        kind = TYPE_OF[room]
        below_name = ROOMS[below].name if below is not None and below >= 0 else ""
        return fault.format(kind=kind, a=article(kind), below=below_name)

    def positions(self, room: int) -> list[Cell]:
        """Every cell where ``room`` may be placed, left to right, bottom to top: the cells next to
        the castle where nothing stands against it."""
        cells = self.frontier
        return [cell for cell, fault in zip(cells, self._faults(room, cells)) if fault is None]

    def _faults(self, room: int, cells: Iterable[Cell]) -> list[str | None]:
        """The placement rules, for ``room`` at each of ``cells``: what stands against it, as the
        unfilled text of ``problem``'s reason, or None. (One loop for many cells: the bots list
        the positions of every room they consider.)"""
        grid = self.grid
        kind = TYPE_OF[room]
        up_only, down_only = kind in UPSTAIRS_ONLY, kind in DOWNSTAIRS_ONLY
        faults: list[str | None] = []
        for col, floor in cells:
            below = grid.get((col, floor - 1))
            if (col, floor) in grid:
                faults.append(_TAKEN)
            elif up_only and floor < 0:
                faults.append(_UPSTAIRS)
            elif down_only and floor >= 0:
                faults.append(_DOWNSTAIRS)
            elif floor > 0 and below is None:
                faults.append(_UNSUPPORTED)
            elif not (
                (col, floor + 1) in grid or below is not None or (col - 1, floor) in grid or (col + 1, floor) in grid
            ):
                faults.append(_DETACHED)
            elif below is not None and below != THRONE_ROOM and TYPE_OF[below] in OPEN_TOP:
                faults.append(_OPEN_TOP)
            else:
                faults.append(None)
        return faults

    # -- shape ---------------------------------------------------------------------------------
    def columns(self) -> tuple[int, int]:
        cols = [c for c, _ in self.grid]
        return min(cols), max(cols)

    def floors(self) -> tuple[int, int]:
        floors = [f for _, f in self.grid]
        return min(floors), max(floors)

    def is_sound(self) -> bool:
        """Connected, and every room above floor 0 stands on a room that is not open to the sky."""
        grid = self.grid
        start = THRONE_CELLS[0]
        seen, todo = {start}, [start]
        while todo:
            c, f = todo.pop()
            for dc, df in ORTHOGONAL:
                n = (c + dc, f + df)
                if n in grid and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(grid):
            return False
        for (c, f), room in grid.items():
            below = grid.get((c, f - 1))
            if f > 0 and below is None:
                return False
            if below is not None and below != THRONE_ROOM and TYPE_OF[below] in OPEN_TOP:
                return False
            kind = type_of(room)
            if (kind in UPSTAIRS_ONLY and f < 0) or (kind in DOWNSTAIRS_ONLY and f >= 0):
                return False
        return True
