"""What another player's move changed for you, read from two of your own views (the recap's
notes, engine.core.recap): a park row's bonus that now pays you less, and a room's majority
you lost. The move list names only the mover ("c1: a noble, face down"), so a player saw their
top row's 6 points go to someone else only as a lower score. Built from views only, so it names
nothing you could not see anyway."""

from __future__ import annotations

from .catalog import BONUS_ROOMS
from .view import PalaisView


def recap_notes(before: PalaisView, after: PalaisView) -> tuple[str, ...]:
    """What changed for ``after.seat`` in the park rows' bonuses and the rooms' majorities."""
    seat = after.seat
    if seat is None or before.seat != seat or seat >= after.players or after.phase != "playing":
        return ()
    notes: list[str] = []
    rows = {row.key: row for row in before.rows}
    for row in after.rows:
        was = rows.get(row.key)
        if was is not None and row.points[seat] < was.points[seat]:
            notes.append(f"the {row.side} {row.name} pays you {row.points[seat]} now ({was.points[seat]} before)")
    for room in after.rooms:
        held = before.rooms[room.room].majority == seat
        if room.room in BONUS_ROOMS and held and room.majority != seat:
            where = f"{room.name}'s room" if room.name.startswith("Madame") else f"the {room.name}"
            notes.append(f"you lost the majority in {where}")
    return tuple(notes)
