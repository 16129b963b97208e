"""Moves a stand-in bot made are visible: which lines of a table's move list a bot played for
an absent player (so a screen can mark them), and what to tell the player when they are back.

    shown = stand_in_lines(store, table_id, table.move_lines())    # positions to mark
    for text in played_for(store, table_id, table.move_lines(), seat):
        ...   # "While you were away, a bot played for you: …" (once: then they count as told)

The ranges are written by whichever process submits the bot's move (engine.store.stand_ins).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import MoveLine
from engine.store import Store
from engine.store import stand_ins


def _covered(line: MoveLine, ranges) -> bool:
    return any(first < line.position <= last and line.mover == seat for first, last, seat in ranges)


def stand_in_lines(store: Store, table_id: str, lines: Sequence[MoveLine]) -> frozenset[int]:
    """The positions (``MoveLine.position``) of the lines a stand-in played."""
    ranges = stand_ins.marks(store, table_id)
    return frozenset(line.position for line in lines if ranges and _covered(line, ranges))


def played_for(store: Store, table_id: str, lines: Sequence[MoveLine], seat: int, *, told: bool = True) -> list[str]:
    """The move-list lines a stand-in played for ``seat`` that its player has not been shown
    yet; ``told``: they count as shown from now on."""
    ranges = stand_ins.marks(store, table_id, seat, untold=True)
    if not ranges:
        return []
    out = [line.text for line in lines if _covered(line, ranges)]
    if told:
        stand_ins.told(store, table_id, seat)
    return out
