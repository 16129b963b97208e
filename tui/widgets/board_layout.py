"""The layout the play screen and the replay viewer share: the board left, info and moves right.

The board's column shares its room out among the grids of the board that may be scaled up
(``Grid(max_scale=...)``): on every resize it picks the largest scale at which all of them fit
together, so a board fills a large terminal and stays as drawn at 80x24.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static

from .grid import Grid


class MoveList(OptionList):
    """The move list: an OptionList whose wrapped lines are measured again when its scrollbar
    comes or goes. (OptionList measures each option's height at the width it had then; after a
    rebuild, e.g. an undo, every line was measured without the scrollbar, and the last line of
    each wrapped move vanished once the scrollbar took its two columns.)"""

    def watch_show_vertical_scrollbar(self, _shown: bool) -> None:
        self._clear_caches()
        # The lines grew: the highlighted move (the newest, or the replay's step) stays in sight.
        self.call_after_refresh(self.scroll_to_highlight)

    def scroll_to_highlight(self, top: bool = False) -> None:
        super().scroll_to_highlight(top)
        # Once more when the lines are measured anew: a wrapped move's last line stays in sight.
        self.call_after_refresh(super().scroll_to_highlight, top)


class BoardColumn(Vertical):
    """The board's column: the scalable grids in it grow together while they fit."""

    def __init__(self, board: Widget) -> None:
        super().__init__(id="board-col")
        self._board = board
        self._pending = False

    def compose(self) -> ComposeResult:
        yield self._board

    def on_resize(self) -> None:
        self.fit_boards_soon()

    def fit_boards_soon(self) -> None:
        if not self._pending:
            self._pending = True
            self.call_after_refresh(self.fit_boards)

    def fit_boards(self) -> None:
        self._pending = False
        grids = [g for g in self.query(Grid) if g.max_scale > 1 and g.auto_fit and g.display and g.columns and g.rows]
        if not grids or not self.size.height:
            return
        slack = self.content_size.height - sum(c.outer_size.height for c in self.children if c.display)
        scale = next((s for s in range(max(g.max_scale for g in grids), 1, -1) if fits(grids, s, slack)), 1)
        for grid in grids:
            grid.set_scale(scale)


def fits(grids: list[Grid], scale: int, slack: int) -> bool:
    """Whether every grid fits its container's width at ``scale`` (or its own max scale) and
    the rows the auto-high grids grow by fit the column's free rows (``slack``; negative when
    the board overflows); a grid of fixed or fractional height must fit its own height."""
    growth = 0
    for grid in grids:
        need = grid.needs(min(scale, grid.max_scale))
        container = grid.parent
        room = container.content_size.width if isinstance(container, Widget) else grid.size.width
        if need.width > room - grid.styles.margin.width:
            return False
        height = grid.styles.height
        if height is None or height.is_auto:
            growth += need.height - grid.outer_size.height
        elif need.height > grid.outer_size.height:
            return False
    return growth <= slack


class BoardAndMoves(Horizontal):
    DEFAULT_CSS = """
    BoardAndMoves { height: 1fr; }
    BoardAndMoves #board-col { width: 1fr; padding: 0 1; }
    BoardAndMoves #side { width: 32; border-left: solid $panel; padding: 0 1; }
    BoardAndMoves #moves { height: 1fr; border: none; padding: 0; }
    """

    def __init__(self, board: Widget, info: Widget | None, moves_title: str, moves: OptionList) -> None:
        super().__init__(id="main")
        self._board, self._info, self._title, self._moves = board, info, moves_title, moves

    def on_resize(self) -> None:
        # A board that leaves room on a large terminal (SIDE_GROWS) lets the moves wrap less.
        if getattr(self._board, "SIDE_GROWS", False):
            self.query_one("#side").styles.width = side_width(self.size.width)

    def compose(self) -> ComposeResult:
        yield BoardColumn(self._board)
        with Vertical(id="side"):
            if self._info is not None:
                yield self._info
            yield Static(self._title, classes="panel-title")
            yield self._moves


def side_width(width: int) -> int:
    """The side panel: 32 columns up to a 130-column terminal, then a third of what is more (160: 42)."""
    return 32 + min(16, max(0, (width - 130) // 3))
