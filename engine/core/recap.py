"""Since your last turn: what the other players (and bots) did, and what of it touched you.

Built from what the seat may know and nothing else: the move-list lines (public, built by
``describe``) and the seat's own views, which the game may compare (``recap_notes``) to say
what changed for that seat alone (which of your tiles a robber took). A screen keeps one
:class:`RecapLog` per seat it shows and feeds it every table update::

    log = RecapLog(game, seat, table.move_lines(), table.view(seat))
    log.moved(update)          # each "moved" update the table sends that seat
    log.recap().touched        # the lines that named the seat or changed what it holds
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .moves import NAME_WIDTH, MoveLine


@attrs.frozen
class RecapLine:
    """One thing that happened since the seat's last move."""

    by: int | None  # whose turn it was (None: before anyone moved)
    text: str  # the move-list line, or the game's note on what the seat lost or got
    touched: bool  # it named the seat, or changed what the seat holds


@attrs.frozen
class Recap:
    seat: int | None
    lines: tuple[RecapLine, ...] = ()

    @property
    def touched(self) -> tuple[RecapLine, ...]:
        return tuple(line for line in self.lines if line.touched)

    def by_player(self) -> list[tuple[int | None, list[RecapLine]]]:
        """The lines grouped by whose turn it was, in the order those turns came."""
        groups: list[tuple[int | None, list[RecapLine]]] = []
        for line in self.lines:
            if not groups or groups[-1][0] != line.by:
                groups.append((line.by, []))
            groups[-1][1].append(line)
        return groups


class RecapLog:
    """The recap of one seat, kept up to date from the table's updates for that seat."""

    def __init__(self, game: Any, seat: int | None, lines: Sequence[MoveLine], view: Any, players: int) -> None:
        self.game, self.seat, self.players = game, seat, players
        self.restart(lines, view)

    def restart(self, lines: Sequence[MoveLine], view: Any) -> None:
        """Start again from a whole move list (a game opened, a move taken back)."""
        self._view = view
        self._lines: list[RecapLine] = []
        by: int | None = None
        for line in lines:
            if line.mover is not None:
                by = line.mover
            if line.mover == self.seat and self.seat is not None:
                self._lines.clear()  # the seat's own move: the recap starts after it
            elif by is not None and by != self.seat:  # (the set-up is nobody's doing)
                self._add(by, _words(line), self._touches(line))

    def moved(self, update: Any) -> None:
        """A change at the table (``update``: the table's "moved" update for this seat)."""
        by = update.seat
        if by is not None and by == self.seat:
            self._lines.clear()
        elif by is not None:
            for line in update.lines:
                self._add(by, _words(line), self._touches(line))
            notes = self.game.recap_notes
            view = self._view
            for step in update.steps:
                for note in notes(view, step.view) if self.seat is not None else ():
                    self._add(by, note, True)
                view = step.view
        if update.steps:
            self._view = update.steps[-1].view
        elif update.view is not None:
            self._view = update.view

    def _touches(self, line: MoveLine) -> bool:
        """A line names the seat, and not as one of everyone (a reveal, the scores, the end)."""
        return self.seat in line.named and len(line.named) < self.players

    def _add(self, by: int | None, text: str, touched: bool) -> None:
        self._lines.append(RecapLine(by, text, touched))

    def recap(self) -> Recap:
        return Recap(self.seat, tuple(self._lines))


def recap_text(recap: Recap, names: Sequence[str], everything: bool = False) -> list[str]:
    """The recap as lines of text: per player, what touched the seat (``everything``: all they did)."""
    out: list[str] = []
    for by, lines in recap.by_player():
        shown = [line for line in lines if everything or line.touched]
        if not shown:
            continue
        who = names[by] if by is not None and 0 <= by < len(names) else "Set-up"
        out.append(who)
        out.extend(f"  {line.text}" for line in shown)
    return out


def _words(line: MoveLine) -> str:
    """A move-list line without its mover column (the recap names the player above it)."""
    return line.text[NAME_WIDTH + 1 :] if line.mover is not None else line.text
