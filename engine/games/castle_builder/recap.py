"""What another player's move changed for you, read from two of your own views (the recap's
notes, engine.core.recap): the tiles that left or reached your holder, and the tiles knocked
out of your castle. Built from views only, so it names nothing you could not see anyway."""

from __future__ import annotations

from collections import Counter

from .view import CastleBuilderView, TileFace


def tile_words(tile: TileFace) -> str:
    """A tile as the holder shows it: its numbers and its kind."""
    return f"{tile.label} {tile.kind}"


def recap_notes(before: CastleBuilderView, after: CastleBuilderView) -> tuple[str, ...]:
    """What changed in ``after.seat``'s holder and castle between the two views."""
    seat = after.seat
    if seat is None or before.seat != seat or len(before.castles) <= seat:
        return ()
    notes: list[str] = []
    had, has = Counter(t.id for t in before.holder), Counter(t.id for t in after.holder)
    faces = {t.id: t for t in (*before.holder, *after.holder)}
    lost, got = had - has, has - had
    if lost:
        notes.append("you lost " + ", ".join(tile_words(faces[i]) for i in lost.elements()) + " from your holder")
    if got:
        notes.append("you got " + ", ".join(tile_words(faces[i]) for i in got.elements()))
    built = {(p.level, p.x): p for p in after.castles[seat].tiles}
    for placed in before.castles[seat].tiles:
        if (placed.level, placed.x) not in built:
            notes.append(f"your castle lost {tile_words(placed.tile)} at {placed.spot}")
    return tuple(notes)
