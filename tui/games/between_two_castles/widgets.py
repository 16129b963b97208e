"""The board's two small widgets: a grid that says when an arrow leads off its edge, and a line of
text that repaints only itself."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ...widgets.grid import Grid


class BoardGrid(Grid):
    """The shared grid, telling the board when an arrow leads off its edge."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # fit_castles sizes the castle being worked on; the board column's own fitting would
        # measure the castle's narrow column and set it back to scale 1 a frame later
        self.auto_fit = False
        self.whole_cells = True  # no part-rooms at a scrolled edge, a mark where more lies beyond

    class Edge(Message):
        def __init__(self, grid: BoardGrid, dx: int, dy: int) -> None:
            super().__init__()
            self.grid, self.dx, self.dy = grid, dx, dy

    def center_on(self, pos: tuple[int, int]) -> None:
        """Scroll by whole cells so ``pos`` shows near the middle (a castle without a cursor shows
        its throne room); a castle that fits is not scrolled at all."""
        first, shown, _ = self.window()
        first = max(0, min(pos[0] - shown // 2, self._columns - shown))
        if first != self.first_col:
            self.first_col = first
            self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        target = self._step(dx, dy)
        if target is None:
            self.post_message(self.Edge(self, dx, dy))
        else:
            self.cursor = target


WIDE, COMPACT = 6, 3  # cell widths at scale 1 of the castle being worked on and of the other one
NARROW_SIDE, ROOMY_SIDE = 17, 24  # the compact castle's column: at 80x24, and where its name fits whole


@dataclass(frozen=True)
class Fit:
    """How the castles are drawn: the worked-on castle's cells (width per line, lines), whether
    the other castle shows room names too, and the compact castle's column width."""

    cell_width: int = WIDE
    lines: int = 1
    other_wide: bool = False
    side: int = NARROW_SIDE


def best_cells(columns: int, rows: int, gutter: int, width: int, height: int) -> tuple[int, int]:
    """The worked-on castle's (cell width per line, lines) filling ``width`` x ``height``: most
    room for a name (up to 12 letters a line, a line kept for the decoration), then the widest."""
    best, best_key = (WIDE, 1), (0, WIDE)
    for lines in (2, 3):
        for per_line in range(COMPACT, 9):
            cell = per_line * lines
            if cell > 16 or columns * cell + gutter > width or rows * lines + 1 > height:
                continue
            key = (min(cell - 2, 12) * (lines - 1), cell)
            if key > best_key and cell > WIDE:  # taller but no wider than at scale 1 gains nothing
                best, best_key = (per_line, lines), key
    return best


def plan_castles(board) -> Fit:
    """The Fit for the board's castles in the room the castles' row has now."""
    box, n = board.query_one("#castles"), len(board.shown)
    width, height = box.content_size.width, box.content_size.height - 1
    side = NARROW_SIDE if width < 80 else ROOMY_SIDE
    active = board.castle_grid(board.active)
    gutter = active.needs(1).width - active.columns * active.cell_width
    room = width - (side + 1 if n > 1 else 0)
    per_line, lines = best_cells(active.columns, active.rows, gutter, room, height)
    other_wide = False
    if n > 1:
        other = board.castle_grid(1 - board.active)
        other_gutter = other.needs(1).width - other.columns * other.cell_width
        used = active.columns * per_line * lines + gutter
        other_wide = width - used - 1 >= other.columns * WIDE + other_gutter
    return Fit(per_line, lines, other_wide, side)


def fit_castles(board) -> None:
    """The castle being worked on grows into the room the other one leaves on a large terminal
    (a title line over each castle), its cells widened for whole names; the other one shows
    room names too where it fits at scale 1, else a letter per room. A new fit redraws."""
    if not board.query_one("#castles").content_size.width or not board.shown:
        return
    fit = plan_castles(board)
    if fit != board.fit or board.titles_unsized:
        board.fit = fit
        board.redraw_castles()
