"""Play on from here: the replay viewer's dialog that starts a practice game from the step shown,
with each seat kept or switched to a person or another bot level, and the writing of its file.

The engine makes the branch (engine.core.branch); this module only asks who sits where and opens
the new save in the play screen.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Select, Static

from engine.core import Seat
from engine.core.branch import PRACTICE_NOTE, branch
from engine.core.writer import write_log_new
from tui.screens.modal import Dialog

from ..saves import new_save_path
from .new_game import seat_kinds


class BranchScreen(Dialog[list[Seat] | None]):
    """Who plays each seat from here on; ctrl+g starts, escape goes back to the replay."""

    DEFAULT_CSS = """
    BranchScreen { align: center middle; }
    BranchScreen > Vertical { width: 70; height: auto; border: thick $primary; padding: 0 1;
                              background: $surface; }
    BranchScreen .seat { height: 1; margin-top: 1; }
    BranchScreen .seat Label { width: 24; }
    BranchScreen Select { width: 28; }
    BranchScreen .note { color: $text-muted; margin-top: 1; }
    BranchScreen #buttons { height: 1; margin-top: 1; align: right middle; }
    BranchScreen Button { margin-left: 2; }
    """
    BINDINGS = [Binding("ctrl+g", "start", "Start"), Binding("escape", "cancel", "Back")]

    def __init__(self, game: Any, seats: tuple[Seat, ...], step: int, move: int | None = None) -> None:
        """``move``: the step's move number as the viewer shows it (default: the step)."""
        super().__init__()
        self.game, self.seats, self.step = game, seats, step
        self.move = step if move is None else move

    def compose(self) -> ComposeResult:
        kinds = seat_kinds(self.game)
        with Vertical():
            yield Static(f"[b]Play on from move {self.move}[/b]: a new practice game with the moves so far")
            for i, seat in enumerate(self.seats):
                with Horizontal(classes="seat"):
                    yield Label(f"{i + 1} {seat.name[:20]}")
                    value = seat.kind if seat.kind in dict((k, k) for _, k in kinds) else "human"
                    yield Select(kinds, value=value, allow_blank=False, compact=True, id=f"kind-{i}")
            yield Static(PRACTICE_NOTE, classes="note")
            with Horizontal(id="buttons"):
                yield Button("Start (ctrl+g)", id="start", variant="primary", compact=True)
                yield Button("Back (esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#kind-0", Select).focus()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)

    def action_start(self) -> None:
        self.dismiss([Seat(seat.name, self._kind(i)) for i, seat in enumerate(self.seats)])

    def _kind(self, i: int) -> str:
        """Seat ``i``'s chosen kind (its select allows no blank)."""
        value = self.query_one(f"#kind-{i}", Select).value
        assert isinstance(value, str), "a seat's kind select is never blank"
        return value

    def action_cancel(self) -> None:
        self.dismiss(None)


def write_branch(
    saves_dir, game: Any, header: Any, entries: Any, position: int, step: int, source: str, seats: list[Seat]
):
    """The branched game's new save file in the saves folder (never over another file)."""
    now = datetime.now()
    new, kept = branch(game, header, entries, position, step, source, seats, created=now.isoformat(timespec="seconds"))
    path = new_save_path(saves_dir, game.id, now)
    return write_log_new(path.with_name(path.name.replace(game.id, f"{game.id}-branch")), game, new, kept)
