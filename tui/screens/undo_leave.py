"""The play screen's undo and leave keys: undo says why not before anyone presses it, and
leaving a game in progress asks first (Stay is the default). Kept beside play.py, which mixes
it in, so that each module stays short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.widgets import Input

from engine.core import IllegalAction

from .dialogs import ConfirmScreen

if TYPE_CHECKING:
    from engine.core import Table


class UndoAndLeave:
    """Mixed into the play screen: it needs ``table``, ``viewer``, ``humans`` and the status line."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        app: Any
        table: Table
        viewer: int | None
        humans: frozenset[int]
        is_current: bool
        _queued: str | None
        query_one: Callable[..., Any]
        set_focus: Callable[..., Any]
        claim_focus: Callable[..., None]
        _set_status: Callable[..., None]

    def undo_blocker(self) -> str | None:
        """Why undo cannot work now, or None when it can."""
        if self.table is None:
            return "the game is not open yet"
        if self.table.finished:
            return "the game is over"
        seat = self.viewer if self.viewer is not None else min(self.humans, default=None)
        if seat is None:
            return "only a player can undo"
        check = self.table.can_undo(seat)
        return None if check else check.reason

    def action_undo_why(self) -> None:
        self._set_status(f"Cannot undo: {self.undo_blocker()}", error=True)

    def action_undo(self) -> None:
        seat = self.viewer if self.viewer is not None else min(self.humans, default=None)
        if seat is None or self.undo_blocker() is not None:
            self.action_undo_why()
            return
        try:
            self.table.undo(seat)
        except IllegalAction as exc:
            self._set_status(exc.reason, error=True)

    def action_leave(self) -> None:
        """Esc backs out one step at a time (the board cancels a half-made move itself); leaving
        a game still in progress asks first, so a second esc never ends the evening by surprise."""
        command = self.query_one("#command", Input)
        if command.has_focus:
            command.value = ""
            self._queued = None
            self.set_focus(None)
            self.claim_focus()
            return
        if self.table.finished:
            self.app.pop_screen()
            return
        where = "It is saved as it is played: Continue or Load on the title screen resume it."
        self.app.push_screen(
            ConfirmScreen(f"Leave this game?\n{where}", "Leave", "Stay", default=False), self._leave_answered
        )

    def _leave_answered(self, leave: bool | None) -> None:
        if leave and self.is_current:
            self.app.pop_screen()
