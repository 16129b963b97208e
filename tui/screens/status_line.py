"""The play screen's status line: whose turn it is and what to do, who the table waits for, and
refusals, which stay in sight while the turn goes on (issue 30). Kept beside play.py, which
mixes it in, so that each module stays short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.core import Table

    from ..games.base import GameUI, ViewContext

    _MixedInto = Screen[None]  # to mypy the mixin is the screen it is mixed into
else:
    _MixedInto = object


class StatusLine(_MixedInto):
    """The status line of the play screen it is mixed into (which has ``table``, ``ui``,
    ``hot_seat`` and ``_queued``)."""

    if TYPE_CHECKING:
        table: Table
        ui: GameUI

        def context(self) -> ViewContext: ...

        hot_seat: bool
        _queued: str | None

    _kept_error: str | None = None  # a refusal shown until the player acts again
    _kept_in_turn = False  # whether it was made in the player's turn (else the turn's line wins)

    def _status_text(self, ctx: ViewContext) -> str:
        if self.table.finished:
            return "The game is over."
        if ctx.interactive:
            who = f"{ctx.name(ctx.seat)}: " if self.hot_seat else "Your turn: "
            return who + self.ui.phase_text(ctx)
        queued = f" · “{self._queued}” is played when your turn comes" if self._queued else ""
        if self.table.thinking is not None:
            return f"{ctx.name(self.table.thinking)} is thinking {ctx.spinner}{queued}"
        waiting = ", ".join(ctx.name(s) for s in sorted(self.table.to_act))
        return f"Waiting for {waiting}{queued}"

    def _set_status(self, text: str, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(error, "-error")
        self._kept_error = text if error else None
        self._kept_in_turn = error and self.table is not None and self.context().interactive

    def _show_turn_status(self, ctx: ViewContext) -> None:
        """The turn's line, except that a refusal stays while the turn goes on: others moving at
        the same time (simultaneous turns, bots) redrew over it before it could be read."""
        if self._kept_error is None or not ctx.interactive or not self._kept_in_turn:
            self._set_status(self._status_text(ctx))
