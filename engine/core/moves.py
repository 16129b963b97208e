"""The move list: one line per described event, built from public information only.

Every screen that lists moves (the play screen, the replay viewer, ``replay --text``) and every
table subscriber gets its lines from here, so they read the same everywhere::

    lines = move_list(game, header, entries)
    lines[-1].text   # 'Adalbert   K4e'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .game import Game
from .saveformat import Entry, Header

NAME_WIDTH = 10


@attrs.frozen
class MoveLine:
    """One line of the move list, and where in the log it stands."""

    position: int  # the log position right after the event (a replay stops there)
    mover: int | None  # the seat whose move it is; None for consequences (a draw, a scoring)
    text: str  # the line as shown, the mover's name first when there is one
    named: frozenset[int] = frozenset()  # the seats its words name (a robbery's victim, a scorer)


def move_line(game: Game, before: Any, entry: Entry, position: int, names: Sequence[str]) -> MoveLine | None:
    """The line for ``entry`` (applied to ``before`` at log ``position``); None for bookkeeping."""
    text = game.describe(before, entry.event, names)
    if text is None:
        return None
    mover = entry.by if entry.move is not None else None
    named = _named(game, before, entry.event, names, text)
    if mover is not None and 0 <= mover < len(names):
        text = f"{_fit(names[mover]):<{NAME_WIDTH}} {text}"
    return MoveLine(position + 1, mover, text, named)


def _named(game: Game, before: Any, event: Any, names: Sequence[str], text: str) -> frozenset[int]:
    """The seats a line's words name: those whose name, swapped for another, changes the line.

    (Asking the game again beats searching the text for names: a name may be part of another,
    or be "You", which the game words as "you" or "Your".)"""
    named = set()
    for seat in range(len(names)):
        other = [*names[:seat], "\x00", *names[seat + 1 :]]
        if game.describe(before, event, other) != text:
            named.add(seat)
    return frozenset(named)


def _fit(name: str) -> str:
    """A name in the move list's name column; a longer one ends in "…" (it looked whole)."""
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def move_lines_from(
    game: Game, state: Any, entries: Iterable[Entry], start: int, names: Sequence[str]
) -> tuple[list[MoveLine], Any]:
    """Lines for ``entries`` logged from position ``start`` on ``state``; also the state after them."""
    lines = []
    for offset, entry in enumerate(entries):
        line = move_line(game, state, entry, start + offset, names)
        state = game.evolve(state, entry.event)
        if line is not None:
            lines.append(line)
    return lines, state


def move_list(game: Game, header: Header, entries: Sequence[Entry]) -> list[MoveLine]:
    """The whole move list of a log, folding it from the start."""
    names = [s.name for s in header.seats]
    lines, _ = move_lines_from(game, game.initial_state(header.config), entries, 0, names)
    return lines
