"""The play screen's flow: after every change, and whenever the screen comes back to the top,
``advance`` does at most one thing: show a pending interlude, show game over, cover the board
for the next hot-seat player, or open a secret prompt. Kept beside play.py, which mixes it in,
so that each module stays short.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from .dialogs import CoverScreen
from .game_over import GameOverScreen

if TYPE_CHECKING:
    from engine.core import Table


class TurnFlow:
    """Mixed into the play screen, whose table, seats, interludes and drawing it uses."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        app: Any
        ui: Any
        table: Table
        viewer: int | None
        humans: frozenset[int]
        hot_seat: bool
        is_current: bool
        _busy: bool
        _interludes: deque[Any]
        _interlude_open: bool
        _under_interlude: Any
        _over_shown: bool
        redraw: Callable[[], None]
        context: Callable[[], Any]
        submit: Callable[[int, Any], None]
        recap_due: Callable[[int], bool]
        recap_screen: Callable[[int], Any]
        call_after_refresh: Callable[..., Any]
        _rebuild_moves: Callable[[Any], None]

    def advance(self) -> None:
        # One interlude at a time, the next once it closes: is_current stays true under a modal,
        # and the next one pushed then showed above it (the round's scores before the vote's reveal).
        if not self.is_current or self._busy or self._interlude_open or self.app.too_small:
            return
        if self._interludes:
            self._interlude_open = True
            interlude = self._interludes.popleft()
            self._under_interlude = getattr(interlude, "board_view", None)
            if self._under_interlude is not None:
                self.redraw()
            self.app.push_screen(interlude, self._interlude_closed)
            return
        if self.table.finished:
            if not self._over_shown:
                self._over_shown = True
                self.app.push_screen(GameOverScreen(self.table))
            return
        humans = sorted(self.table.to_act & self.humans)
        if humans and not self.table.stopped:
            self._turn_human(humans)

    def _interlude_closed(self, _result: Any = None) -> None:
        self._interlude_open = False
        if self._under_interlude is not None:
            self._under_interlude = None
            self.redraw()
        self.call_after_refresh(self.advance)

    def _turn_human(self, humans: list[int]) -> None:
        """Show the human to act (behind a cover in hot-seat play)."""
        seat = self.viewer if self.viewer in humans else humans[0]
        if seat != self.viewer:
            if self.hot_seat:
                self._busy = True
                self.app.push_screen(CoverScreen(self.table.seats[seat].name), partial(self._uncovered, seat))
                return
            self.viewer = seat
        self.redraw()
        if self.recap_due(seat):  # what the others did to you first; the turn goes on once it closes
            self._interlude_open = True
            self.app.push_screen(self.recap_screen(seat), self._interlude_closed)
            return
        prompt = self.ui.secret_prompt(self.context())
        if prompt is not None:
            self._busy = True
            self.app.push_screen(prompt, partial(self._prompted, seat))

    def _uncovered(self, seat: int, _result: Any = None) -> None:
        self._busy = False
        self.viewer = seat
        self._rebuild_moves(self.table.move_lines())
        self.redraw()
        self.call_after_refresh(self.advance)

    def _prompted(self, seat: int, action: Any) -> None:
        self._busy = False
        if action is not None:
            self.submit(seat, action)

    def action_skip(self) -> None:
        self.table.hurry()
