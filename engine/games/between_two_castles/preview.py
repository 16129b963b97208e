"""What placing a room would do to its castle, read from the view alone: the castle's score before
and after, and the bonus it would earn. The greedy bot weighs placements with it and a screen can
show it under the cursor, so both tell the same story as the final scoring.

    >>> preview_place(Castle(throne=2), ROOM_ID["Salon"], 0, 1)
    PlacePreview(before=0, after=2, room_points=0, bonus='')
"""

from __future__ import annotations

import attrs

from .castle import THRONE_ROOM, Castle
from .catalog import NORMAL_TYPES, ROOM_ID, TYPE_OF
from .scoring import cached_sheet, room_points
from .state import Place
from .view import BTCView, CastleView


@attrs.frozen
class PlacePreview:
    before: int  # the castle's score now
    after: int  # its score with the room placed (bonuses not yet taken)
    room_points: int  # what the placed room itself scores there
    bonus: str  # the bonus the placement earns: a room type, 'special' (a fifth), or ''


def castle_from_view(cv: CastleView) -> Castle:
    cells = tuple((c.col, c.floor, c.room) for c in cv.cells if c.room != THRONE_ROOM)
    return Castle(cv.throne, cells, cv.attendants, cv.cards)


def preview_place(castle: Castle, room: int, col: int, floor: int) -> PlacePreview:
    after = castle.with_room(room, col, floor)
    kind = TYPE_OF[room]
    bonus = ""
    if kind in NORMAL_TYPES:
        bonus = {2: kind, 4: "special"}.get(castle.count(kind), "")
    return PlacePreview(
        cached_sheet(castle).total, cached_sheet(after).total, room_points(after, col, floor, room), bonus
    )


def preview(view: BTCView, action: object) -> PlacePreview | None:
    if not isinstance(action, Place) or not 0 <= action.castle < len(view.castles):
        return None
    castle = castle_from_view(view.castles[action.castle])
    if castle.problem(action.room, action.col, action.floor):
        return None
    return preview_place(castle, action.room, action.col, action.floor)


__all__ = ["PlacePreview", "preview", "preview_place", "castle_from_view", "ROOM_ID"]
