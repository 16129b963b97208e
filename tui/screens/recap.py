"""Since your last turn: the box that tells a player what the others (and the bots) did that
touched them, opened by itself when their turn comes and something did, and reopened with l.

The play screen keeps one :class:`engine.core.recap.RecapLog` per human seat it shows, fed from
that seat's own updates, so the box holds the public move list and that seat's own views only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from tui.screens.modal import Dialog
from textual.widgets import Static

from engine.core.recap import Recap, RecapLog

if TYPE_CHECKING:
    from engine.core import Game, Table, Update


def recap_body(recap: Recap, names: Sequence[str], everything: bool) -> str:
    """The box's text (Rich markup): per player, what touched you (``everything``: all they did)."""
    out: list[str] = []
    for by, lines in recap.by_player():
        shown = [line for line in lines if everything or line.touched]
        if not shown:
            continue
        who = names[by] if by is not None and 0 <= by < len(names) else f"seat {by}"
        out.append(f"[b]{escape(who)}[/b]")
        for line in shown:
            mark = "▸ " if line.touched else "  "
            out.append(f"{mark}{escape(line.text)}" if line.touched else f"[dim]{mark}{escape(line.text)}[/dim]")
    if not out:
        out.append("Nothing the others did since your last turn touched you." if recap.lines else "Nothing yet.")
    return "\n".join(out)


class RecapScreen(Dialog[None]):
    """The recap box; a switches between what touched you and everything the others did."""

    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen > VerticalScroll { width: 78; max-width: 100%; height: auto; max-height: 22;
                                   border: thick $accent; background: $surface; padding: 0 1; }
    RecapScreen .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape,enter,l", "close", "Close"),
        Binding("a", "everything", "All moves"),
    ]

    def __init__(self, recap: Recap, names: Sequence[str]) -> None:
        super().__init__()
        self.recap, self.names = recap, list(names)
        self.everything = not recap.touched  # nothing touched you: show what happened instead

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("[b]Since your last turn[/b]", classes="title")
            yield Static(recap_body(self.recap, self.names, self.everything), id="recap-body")
            yield Static(self._hint(), classes="hint")

    def _hint(self) -> str:
        other = "only what touched you" if self.everything else "all the others' moves"
        return f"enter/esc: close · a: {other}"

    def action_everything(self) -> None:
        self.everything = not self.everything
        self.query_one("#recap-body", Static).update(recap_body(self.recap, self.names, self.everything))
        self.query_one(".hint", Static).update(self._hint())

    def action_close(self) -> None:
        self.dismiss(None)


class RecapKey:
    """The play screen's recap (mixed into it: it needs ``table``, ``game``, ``humans``, ``viewer``)."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        table: Table
        game: Game
        humans: frozenset[int]
        viewer: int | None
        app: Any

    _recaps: dict[int, RecapLog] = {}  # (replaced, never changed in place: set on mount)
    _recap_shown: dict[int, Recap] = {}

    def start_recaps(self) -> None:
        """One recap per human seat this terminal shows, from the move list so far."""
        lines = self.table.move_lines()
        players = len(self.table.seats)
        self._recaps = {s: RecapLog(self.game, s, lines, self.table.view(s), players) for s in self.humans}
        # A game opened again offers its recap on the footer but does not open it: the keys the
        # player presses first are for the board they chose to open.
        self._recap_shown = {s: log.recap() for s, log in self._recaps.items()}

    def recap_changed(self, seat: int | None, update: Update) -> None:
        """Every update the table sends a seat we show (before the screen picks the one it draws)."""
        log = self._recaps.get(seat) if seat is not None else None
        if log is None:
            return
        if update.kind == "moved":
            log.moved(update)
        elif update.kind == "undone":
            log.restart(self.table.move_lines(), update.view)

    def recap_due(self, seat: int) -> bool:
        """Whether the box opens by itself as ``seat``'s turn comes: something new touched it."""
        log = self._recaps.get(seat)
        if log is None:
            return False
        recap = log.recap()
        shown = self._recap_shown.get(seat)
        self._recap_shown[seat] = recap
        return bool(recap.touched) and (shown is None or shown.touched != recap.touched)

    def recap_screen(self, seat: int) -> RecapScreen:
        return RecapScreen(self._recaps[seat].recap(), [s.name for s in self.table.seats])

    def recap_seat(self) -> int | None:
        """The seat whose recap the key opens (the viewer, or the one human at this terminal);
        None while the others have done nothing since its last move."""
        seat = self.viewer if self.viewer in self._recaps else None
        if seat is None and len(self._recaps) == 1:
            seat = next(iter(self._recaps))
        return seat if seat is not None and self._recaps[seat].recap().lines else None

    def recap_offered(self, touched: bool) -> bool:
        """Whether the recap key works now with something that touched you (``touched``: shown on
        the footer) or with the others' moves alone (the same key, kept off a crowded footer)."""
        seat = self.recap_seat()
        return seat is not None and bool(self._recaps[seat].recap().touched) == touched

    def action_recap_quiet(self) -> None:
        self.action_recap()

    def action_recap(self) -> None:
        seat = self.recap_seat()
        if seat is not None:
            self._recap_shown[seat] = self._recaps[seat].recap()
            self.app.push_screen(self.recap_screen(seat))
