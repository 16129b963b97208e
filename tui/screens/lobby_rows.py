"""The lobby's table list, fitted to the terminal: every column shown at 80 columns (the long
ones, the game, the players and whose turn, cut with "…" only when they must be), and the whole
of each on a wider terminal.

    columns = fit_columns(summaries, width=80)   # [Column("Table", 9), Column("Game", 19), ...]
    row = table_row(summary, columns)            # the cells, each cut to its column
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.lobby import TableSummary

#: Each column's cell padding (DataTable's default: one space each side).
PADDING = 2

#: Room kept for the list's vertical scrollbar (shown when the tables outgrow the screen).
SCROLLBAR = 2

#: The columns that give way, in the order they do, and how narrow each may get.
SHRINK = (("Game", 19), ("Players", 12), ("Game", 14), ("Turn", 9), ("Players", 8))


@dataclass(frozen=True)
class Column:
    label: str
    width: int


@functools.lru_cache(maxsize=2048)
def table_cells(s: TableSummary) -> dict[str, str]:
    """A table's cells by column, uncut (never change the dict: it is kept for the next redraw,
    which asks again for every table of the lobby). Its players are the people at it (the bots
    and open seats have columns of their own; the line under the list names every seat)."""
    people = [name for name in s.seats if not _bot_or_open(name)]
    return {
        "Table": f"{_mark(s)} {s.id}",
        "Game": s.title,
        "Players": ", ".join(people) or "—",
        "Turn": _turn(s),
        "Free": str(s.free),
        "Bots": str(s.bots),
        "Watch": str(s.watchers),
    }


LABELS = ("Table", "Game", "Players", "Turn", "Free", "Bots", "Watch")


def fit_columns(rows: Sequence[TableSummary], width: int, at_least: Mapping[str, int] | None = None) -> list[Column]:
    """Each column as wide as its widest cell (or ``at_least``), the long ones narrower while the
    list would not fit ``width``."""
    cells = [table_cells(s) for s in rows]
    floor = at_least or {}
    natural = {label: max([len(label), floor.get(label, 0)] + [len(c[label]) for c in cells]) for label in LABELS}
    room = width - SCROLLBAR - PADDING * len(LABELS)
    for label, least in SHRINK:
        over = sum(natural.values()) - room
        if over <= 0:
            break
        natural[label] = max(min(least, natural[label]), natural[label] - over)
    return [Column(label, natural[label]) for label in LABELS]


def table_row(s: TableSummary, columns: Sequence[Column]) -> list[str]:
    cells = table_cells(s)
    return [cut(cells[c.label], c.width) for c in columns]


def cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


#: How a bot's seat name ends ("Greedy bot 3"): a player's name has no spaces.
BOT_SEAT = tuple(f" bot {i}" for i in range(1, 10))


def _bot_or_open(name: str) -> bool:
    return name.startswith("(open seat") or name.endswith(BOT_SEAT)


def _mark(s: TableSummary) -> str:
    if s.your_turn:
        return "▶"
    if s.invited:
        return "✉"
    return "•" if s.your_seat is not None else " "


def _turn(s: TableSummary) -> str:
    if s.status == "waiting":
        return "waiting"  # (for the players the Free column counts)
    if s.status == "finished":
        return "finished"
    return ", ".join(s.to_act) or "—"
