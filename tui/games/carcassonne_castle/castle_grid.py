"""The castle's grid: the shared Grid, plus a few cells changed without redrawing the board,
the preview following the cursor in the same frame, and cells drawn across their whole width."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.segment import Segment
from textual.geometry import Size
from textual.strip import Strip

from ...widgets.grid import Cell, Grid
from .big import WIDTH
from .look import ASCII_LOOK, UNICODE_LOOK, Pos
from .track import WIDE

MAX_SCALE = 3  # up to 3 lines and 9 characters per square on a large terminal


class CastleGrid(Grid):
    """The shared grid, plus changing a few cells without redrawing the board, a hook that lets
    the board move its preview while the cursor moves, so both reach the screen in one frame
    (the CursorMoved message arrives a frame later), and cells drawn across their whole width:
    the wall's track numbers at scale 1, and at larger scales the roads joining their neighbours."""

    def __init__(self, id: str) -> None:
        super().__init__(id=id, cell_width=WIDTH, max_scale=MAX_SCALE)
        self.follow: Callable[[], None] | None = None
        self._stops: set[Pos] = set()  # the selectable cells: an arrow key looks at these only

    def set_board(self, cells: Mapping[Pos, Cell], **layout) -> None:
        self._stops = {pos for pos, cell in cells.items() if cell.selectable}
        super().set_board(cells, **layout)

    def _step(self, dx: int, dy: int) -> Pos | None:
        """As the shared grid steps (nearest along the axis, then across), over the stops only:
        a few dozen legal squares instead of every cell of the castle and its wall."""
        if self.cursor is None:
            return self._first_stop()
        cx, cy = self.cursor
        best, best_key = None, None
        for x, y in self._stops:
            along = (x - cx) * dx + (y - cy) * dy
            if along <= 0:
                continue
            across = abs((x - cx) * dy) + abs((y - cy) * dx)
            key = (along + 2 * across, across, x, y)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
        return best

    def watch_cursor(self, old: Pos | None, new: Pos | None) -> None:
        if self.follow is not None:
            self.follow()
        super().watch_cursor(old, new)

    def patch(self, cells: Mapping[Pos, Cell]) -> None:
        # Grid has no public call for this yet: see the closing report.
        self._cells.update(cells)
        for pos, cell in cells.items():
            (self._stops.add if cell.selectable else self._stops.discard)(pos)
        self._dirty_rows({row for _, row in cells})

    # At scale 2 and up the row numbers sit flush against the wall (no blank after them): that
    # one column lets the castle grow on a 120-column terminal.

    def needs(self, scale: int) -> Size:
        size = super().needs(scale)
        return Size(size.width - 1, size.height) if scale > 1 and self._gutter else size

    def _row_strip(self, line: int) -> Strip:
        cached = self._strips.get(line)
        if cached is not None or self.scale == 1 or not self._gutter:
            return cached or super()._row_strip(line)
        wide = super()._row_strip(line)
        cut = self._gutter - 1
        strip = Strip.join([wide.crop(0, cut), wide.crop(cut + 1, wide.cell_length)])
        self._strips[line] = strip
        return strip

    def _pos_at(self, x: int, y: int) -> Pos | None:
        return super()._pos_at(x + 1 if self.scale > 1 else x, y)

    def _cell_segments(self, pos: Pos, sub: int = 0) -> list[Segment]:
        cell = self._cells.get(pos)
        if cell is None or (self.scale == 1 and cell.key != WIDE):
            return super()._cell_segments(pos, sub)
        width = self.cell_width * self.scale
        lines = (cell.big if self.scale > 1 and cell.big else cell.glyph).split("\n")
        text = lines[sub] if sub < len(lines) else ""
        text = text.center(width) if len(text) < width else text[:width]
        body = self._style(cell.bg, cell.fg, cell.bold, cell.dim, pos == self.cursor)
        if pos == self.cursor:
            (left, right), mark = self.glyphs.cursor, self._style("board-cursor", "board-cursor-text", bold=True)
        elif pos in self._highlights:
            (left, right), mark = self.glyphs.legal, self._style("board-legal", "board-legal-text", bold=True)
        else:
            return [Segment(framed(text, cell.frame, sub) if any(cell.frame) else text, body)]
        return [Segment(left, mark), Segment(text[1:-1], body), Segment(right, mark)]


# A road leaving a square sideways runs to its edge: a card's edge is not drawn over it.
ROADS_ACROSS = frozenset(
    look.road(frozenset({1, 3}), well) for look in (UNICODE_LOOK, ASCII_LOOK) for well in (False, True)
)


def framed(text: str, frame: tuple[str, str], sub: int) -> str:
    """Line ``sub`` of a cell drawn across its whole width, with the card's edges (``frame``) in
    its first and last columns, except where a road crosses there."""
    left, right = (side[sub] if sub < len(side) else " " for side in frame)
    if left != " " and text[0] not in ROADS_ACROSS:
        text = left + text[1:]
    if right != " " and text[-1] not in ROADS_ACROSS:
        text = text[:-1] + right
    return text
