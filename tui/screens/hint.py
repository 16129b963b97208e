"""Hints in a practice game: "what would the expert do?" (issue 14).

The play screen's ``h`` opens :class:`HintScreen`, which runs the expert's search off the event
loop (in the executor the app's tables think in: the loop's thread pool at a terminal, the bot
process pool on the SSH server) from the viewer's *view* and legal moves only, shows how far it
has got, and then the top three moves in notation with their win chance and a line of why.
Esc closes it at any time (a search under way is left to finish and its answer dropped);
enter on a move plays it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from engine.core.search_hint import Hint, hints, win_text
from tui.screens.modal import Dialog

from ..widgets.grid_canvas import GridCanvas

if TYPE_CHECKING:
    from engine.core import Table
    from tui.games.base import ViewPanel
    from tui.app import BergfriedApp

LEVEL = "expert"
#: A fixed number of playouts instead of the expert's time budget (tests set it: same answer).
ITERATIONS: int | None = None
WHY_WIDTH = 74  # the dialog's option width at 80 columns


def hint_option(rank: int, hint: Hint) -> Option:
    """'1. A3   win 62 %  Library': the move, its win chance and, where it says more than the
    notation, the move as the board names it. The line of why is shown below the list."""
    win = win_text(hint)
    text = Text(f"{rank}. ")
    text.append(f"{hint.notation:<14}", style="bold")
    text.append(f"{win:<12}")
    if hint.named:
        room = WHY_WIDTH - 3 - 14 - 12 - 2
        named = hint.named if len(hint.named) <= room else hint.named[: room - 1] + "…"
        text.append(f"  {named}")
    return Option(text, id=f"hint{rank}")


class HintScreen(Dialog[Any]):
    """The expert's top three moves for ``seat``; dismissed with the move to play, or None."""

    # Docked under the board, the screen behind it undimmed: the board stays in sight while
    # the moves are weighed (issue 30).
    CSS_PATH = "hint.tcss"
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(
        self,
        game: Any,
        view: Any,
        legal: Sequence[Any],
        names: Sequence[str],
        executor: Any = None,
        point_at: Callable[[Any], bool] | None = None,
    ) -> None:
        """``point_at``: the board's own way to put its cursor on a move (the highlighted hint
        is shown in place there, and the cursor stays on it once the dialog closes)."""
        super().__init__()
        self.game, self.view, self.legal, self.names = game, view, tuple(legal), tuple(names)
        self.executor = executor
        self.point_at = point_at
        budget = getattr(getattr(game, "bots", {}).get(LEVEL), "seconds", None)
        self.budget: float | None = None if ITERATIONS is not None else budget
        self.hints: list[Hint] = []
        self._started = 0.0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("What would the expert do?", id="hint-title")
            yield Static(self._thinking_text(), id="hint-status")
            yield ProgressBar(total=self.budget, show_eta=False, show_percentage=False, id="hint-progress")
            yield OptionList(id="hints")
            yield Static("", id="hint-why")
            yield Static("esc: cancel", id="hint-keys", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#hints", OptionList).display = False
        self._started = time.monotonic()
        self._ticker = self.set_interval(0.1, self._tick)
        self.run_worker(self._search(), exclusive=True, group="hint")

    def _thinking_text(self, elapsed: float = 0.0) -> str:
        budget = f"{elapsed:.1f} s of {self.budget:g} s" if self.budget else "a fixed number of playouts"
        return f"Searching from what you can see ({budget})"

    def _tick(self) -> None:
        elapsed = time.monotonic() - self._started
        self.query_one("#hint-status", Static).update(self._thinking_text(elapsed))
        if self.budget:
            self.query_one("#hint-progress", ProgressBar).update(progress=min(elapsed, self.budget))

    async def _search(self) -> None:
        # The search sees the view and legal moves only; its random source is fixed, which
        # gives away nothing and makes a fixed number of playouts answer the same every time.
        work = partial(
            hints,
            self.game,
            self.view,
            self.legal,
            random.Random(0),
            level=LEVEL,
            iterations=ITERATIONS,
            names=self.names,
        )
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(self.executor, work)
        except Exception as exc:  # noqa: BLE001 -- a failed search is told, never a crash
            self._show_failure(f"The search failed: {exc!r}")
            return
        self._show(found)

    def _show(self, found: list[Hint]) -> None:
        self.hints = found
        self._ticker.stop()
        self.query_one("#hint-progress", ProgressBar).display = False
        if not found:
            self.query_one("#hint-status", Static).update("There is no move to hint.")
            return
        self.query_one("#hint-status", Static).update(
            "From your view: 1 is the expert's pick, then by the measure it plays by."
        )
        moves = self.query_one("#hints", OptionList)
        moves.add_options([hint_option(i, h) for i, h in enumerate(found, start=1)])
        moves.display = True
        moves.highlighted = 0
        moves.focus()
        self.query_one("#hint-keys", Static).update("enter: play the move · esc: close")

    def _show_failure(self, text: str) -> None:
        self._ticker.stop()
        self.query_one("#hint-progress", ProgressBar).display = False
        self.query_one("#hint-status", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        hint = self.hints[event.option_index]
        self.query_one("#hint-why", Static).update(Text(hint.why))
        if self.point_at is not None and self.point_at(hint.action):
            self.call_after_refresh(self._clear_the_spot)

    def _clear_the_spot(self) -> None:
        """The dialog goes to the top while the move's spot lies under it at the bottom."""
        below = self.screen_stack_below()
        grid = below.focused if below is not None else None
        spot = grid.cursor_region() if isinstance(grid, GridCanvas) else None
        if spot is None:
            return
        height = self.query_one(Vertical).outer_size.height
        self.set_class(spot.bottom > self.size.height - height, "-top")

    def screen_stack_below(self) -> Any:
        stack = self.app.screen_stack
        return stack[-2] if len(stack) > 1 and stack[-1] is self else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.hints[event.option_index].action)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "hint")
        self.dismiss(None)


class HintKey:
    """The play screen's hint key (mixed into it: it needs ``table``, ``viewer``, ``app``)."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        app: BergfriedApp
        table: Table
        viewer: int | None
        board: ViewPanel
        _busy: bool
        _set_status: Callable[..., None]
        submit: Callable[[int, Any], None]

    def hint_blocker(self) -> str | None:
        """Why a hint cannot be asked for now, or None when it can."""
        table = self.table
        if table is None:
            return "the game is not open yet"
        if table.finished:
            return "the game is over"
        if not table.practice:
            return "hints are for practice games (New game: variant practice)"
        if table.stopped:
            return table.stopped
        if self.viewer is None or self.viewer not in table.to_act:
            return "it is not your turn"
        if self._busy:
            return "a dialog is open"
        return None

    def action_hint(self) -> None:
        if self.hint_blocker() is not None:
            self.action_hint_why()
            return
        seat, table = self.viewer, self.table
        screen = HintScreen(
            table.game,
            table.view(seat),
            table.legal_actions(seat),
            [s.name for s in table.seats],
            getattr(self.app.tables, "executor", None),
            self.board.point_at,
        )
        self.app.push_screen(screen, partial(self._hinted, seat, table.version))

    def action_hint_why(self) -> None:
        self._set_status(f"No hint: {self.hint_blocker()}", error=True)

    def _hinted(self, seat: int, version: int, action: Any) -> None:
        """Play the chosen hint, if the position is still the one it was searched for."""
        if action is not None and self.table.version == version and seat in self.table.to_act:
            self.submit(seat, action)
