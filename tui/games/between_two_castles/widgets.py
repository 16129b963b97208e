"""The board's two small widgets: a grid that says when an arrow leads off its edge, and a line of
text that repaints only itself."""

from __future__ import annotations

from textual.message import Message

from ...widgets.grid import Grid


class BoardGrid(Grid):
    """The shared grid, telling the board when an arrow leads off its edge."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # fit_castles sizes the castle being worked on; the board column's own fitting would
        # measure the castle's narrow column and set it back to scale 1 a frame later
        self.auto_fit = False

    class Edge(Message):
        def __init__(self, grid: BoardGrid, dx: int, dy: int) -> None:
            super().__init__()
            self.grid, self.dx, self.dy = grid, dx, dy

    def center_on(self, pos: tuple[int, int]) -> None:
        """Scroll by whole cells so ``pos`` shows near the middle (a castle without a cursor shows
        its throne room); a castle that fits is not scrolled at all."""
        width = self.cell_size.width
        visible = max(1, (self.size.width - self._gutter) // width)
        first = max(0, min(pos[0] - visible // 2, self._columns - visible))
        self.scroll_to(first * width, 0, animate=False, immediate=True)

    def action_move(self, dx: int, dy: int) -> None:
        target = self._step(dx, dy)
        if target is None:
            self.post_message(self.Edge(self, dx, dy))
        else:
            self.cursor = target


COMPACT_COLUMN = 18  # the compact castle's column at its widest: max-width 17 and a margin of 1


def fit_castles(board) -> None:
    """The castle being worked on grows into the room the compact one leaves on a large terminal
    (a title line over each castle); the compact one stays at scale 1. Grid.Rescaled redraws it.
    The room is worked out from the compact column's widest, not its last layout, which lags a
    frame behind when the castles swap."""
    box, n = board.query_one("#castles"), len(board.shown)
    width = box.content_size.width - (COMPACT_COLUMN if n > 1 else 0)
    for i in range(n):
        board.castle_grid(i).fit_to(*((width, box.content_size.height - 1) if i == board.active else (0, 0)))
