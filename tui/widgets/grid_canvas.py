"""How a :class:`~.grid.Grid` is drawn: what a cell shows, where each cell sits on screen, and the
row strips (the line API). The cursor, keys and scale live in grid.py.

Rows are rendered to cached :class:`Strip` objects; a cursor move re-renders two rows, so a
key press costs a few hundred segments however large the board is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from themes import UNICODE, GlyphSet, board_defaults

Pos = tuple[int, int]  # (column, row); row 0 is the top line of the board


def resolve_colour(variables: Mapping[str, str], name: str) -> Color:
    """A theme variable (``"piece-3"``) or literal colour, falling back to the default theme."""
    value = variables.get(name) or board_defaults().get(name) or name
    return Color.parse(value)


@attrs.frozen
class Cell:
    """What one board position shows. ``key`` is handed back when the cell is chosen."""

    glyph: str = ""
    bg: str | None = None  # theme variable or colour; None: the board's cell colour
    fg: str | None = None  # None: a text colour that contrasts with ``bg``
    bold: bool = False
    dim: bool = False
    label: str = ""  # the long name, shown while the cell is focused
    key: Any = None
    selectable: bool = True  # whether the cursor stops here
    big: str = ""  # drawn instead of the glyph when the grid is scaled up
    badge: str = ""  # a mark right of the glyph (a seat's token: "moved here last")
    # Glyphs in the cell's side columns (left, right): one a line from the top (a card's edges), or a
    # single one on the middle line (a park decoration between two spaces). Where no cursor is; a single
    # one also outranks a legal move's marker, since what parts two cells must stay visible.
    frame: tuple[str, str] = ("", "")
    wall_below: bool = False  # underlined (its last line): something stands between it and the cell below
    badge_fg: str | None = None  # its colour on the board background (the board's text where it would vanish)


class GridCanvas(ScrollView):
    """The cells of a grid on screen (geometry and drawing); Grid adds the cursor, keys and scale."""

    cursor: reactive[Pos | None] = reactive(None, always_update=False, repaint=False)

    def __init__(self, *, cell_width: int, name: str | None, id: str | None, classes: str | None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cell_width = cell_width
        self.scale = 1
        self._cells: dict[Pos, Cell] = {}
        self._columns = self._rows = 0
        self._row_labels: tuple[str, ...] = ()
        self._col_labels: tuple[str, ...] = ()
        self._highlights: frozenset[Pos] = frozenset()
        self._strips: dict[int, Strip] = {}
        self._styles: dict[tuple, Style] = {}
        self.glyphs: GlyphSet = UNICODE
        self.whole_cells = False  # True: scrolled by whole columns, a mark where more lies beyond
        self.first_col = 0  # the first column shown when whole_cells

    # -- geometry -------------------------------------------------------------------------

    @property
    def _gutter(self) -> int:
        return 1 + max((len(label) for label in self._row_labels), default=-1)

    @property
    def _header(self) -> int:
        return 1 if self._col_labels else 0

    @property
    def cell_size(self) -> Size:
        """A cell's width and height on screen at the current scale."""
        return Size(self.cell_width * self.scale, self.scale)

    def _pos_at(self, x: int, y: int) -> Pos | None:
        col, row = (x - self._gutter) // (self.cell_width * self.scale), (y - self._header) // self.scale
        if x < self._gutter or y < self._header or not (0 <= col < self._columns and 0 <= row < self._rows):
            return None
        return col, row

    def cursor_region(self) -> Region | None:
        """Where the cursor's cell is on the screen (a dialog may move out of its way)."""
        if self.cursor is None:
            return None
        return self._region_of(self.cursor).translate(self.content_region.offset - self.scroll_offset)

    def _region_of(self, pos: Pos) -> Region:
        col, row = pos
        width, height = self.cell_size
        return Region(self._gutter + col * width, self._header + row * height, width, height)

    def window(self) -> tuple[int, int, bool]:
        """With ``whole_cells``: the first column shown, how many, and whether they are fewer than
        all (then a column each side holds the marks and the row labels stay put)."""
        width = self.cell_width * self.scale
        room = self.size.width - self._gutter
        if not self.whole_cells or self._columns * width <= room:
            return 0, self._columns, False
        shown = max(1, (room - 2) // width)
        return max(0, min(self.first_col, self._columns - shown)), shown, True

    def show_column(self, col: int) -> None:
        """Scroll by whole columns until ``col`` is shown."""
        first, shown, _ = self.window()
        first = col if col < first else col - shown + 1 if col >= first + shown else first
        if first != self.first_col:
            self.first_col = first
            self.refresh()

    def pos_on_screen(self, x: int, y: int) -> Pos | None:
        """The cell at (``x``, ``y``) of the widget, scrolled as it is drawn."""
        first, shown, marks = self.window()
        if not self.whole_cells:
            return self._pos_at(x + int(self.scroll_x), y + int(self.scroll_y))
        x -= self._gutter + marks
        col = first + x // (self.cell_width * self.scale) if x >= 0 else -1
        if not first <= col < first + shown:
            return None
        return self._pos_at(self._gutter + col * self.cell_width * self.scale, y + int(self.scroll_y))

    # -- drawing --------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.glyphs = getattr(self.app, "glyphs", UNICODE)
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme: object) -> None:
        self._styles.clear()
        self._strips.clear()
        self.refresh()

    def _dirty_rows(self, rows: Iterable[int]) -> None:
        for row in rows:
            for line in range(self._header + row * self.scale, self._header + (row + 1) * self.scale):
                self._strips.pop(line, None)
                self.refresh_line(line)

    def _colour(self, name: str) -> Color:
        return resolve_colour(self.app.theme_variables, name)

    def _style(
        self, bg: str | None, fg: str | None, bold: bool = False, dim: bool = False, underline: bool = False
    ) -> Style:
        key = (bg, fg, bold, dim, underline)
        style = self._styles.get(key)
        if style is None:
            back = self._colour(bg or "board-cell")
            fore = self._colour(fg) if fg else back.get_contrast_text(1.0)
            style = Style(color=fore.rich_color, bgcolor=back.rich_color, bold=bold, dim=dim, underline=underline)
            self._styles[key] = style
        return style

    def _cell_text(self, cell: Cell, sub: int) -> str:
        """Line ``sub`` of a cell's text: the glyph at scale 1, else its lines centred."""
        lines = cell.big.split("\n") if self.scale > 1 and cell.big else [cell.glyph]
        top = (self.scale - len(lines)) // 2 if len(lines) < self.scale else 0
        return lines[sub - top] if 0 <= sub - top < len(lines) else ""

    def _cell_segments(self, pos: Pos, sub: int = 0) -> list[Segment]:
        """Line ``sub`` (0 at scale 1) of the cell at ``pos``."""
        cell = self._cells.get(pos)
        width = self.cell_width * self.scale
        if cell is None:
            return [Segment(" " * width, self._style("board-background", "board-foreground"))]
        wall = cell.wall_below and sub == self.scale - 1
        body = self._style(cell.bg, cell.fg, cell.bold, cell.dim, pos == self.cursor or wall)
        text = self._cell_text(cell, sub)
        marked = pos == self.cursor or pos in self._highlights or cell.badge or any(cell.frame)
        if len(text) > width - 2 and (sub != (self.scale - 1) // 2 or not (cell.selectable or marked)):
            # A scaled cell's name wider than its inside takes the whole width on a line that
            # bears no marks (they are on the middle line), so it is shown whole (issue 30); so
            # does a cell the cursor never stops on and that has no marks ("▲11" servants in a
            # Palais Royal room lost their seat's glyph, which NO_COLOR needs).
            return [Segment(text[:width].center(width), body)]
        inner = text[: width - 2].center(width - 2)
        if pos == self.cursor:
            left, right = self.glyphs.cursor
            mark = self._style("board-cursor", "board-cursor-text", bold=True)
        elif pos in self._highlights:
            left, right = self.glyphs.legal
            mark = self._style("board-legal", "board-legal-text", bold=True)
            left, right = (
                side if len(side) == 1 and side != " " else glyph for side, glyph in zip(cell.frame, (left, right))
            )
        elif not cell.badge and not any(cell.frame):
            return [Segment(" " + inner + " ", body)]
        else:
            left, right = (_line(side, sub, self.scale) for side in cell.frame)
            mark = body
        middle = sub == (self.scale - 1) // 2
        if not middle and mark is not body:  # the marks on the middle line, the colour on all
            left, right = " " * len(left), " " * len(right)
        segments = [Segment(left, mark), Segment(inner, body), Segment(right, mark)]
        if cell.badge and middle:  # in place of the right-hand mark: the left one still tells
            segments[2] = Segment(cell.badge[:1], self._badge_style(cell.badge_fg))
        return segments

    def _badge_style(self, fg: str | None) -> Style:
        """A badge's colour on the board background, or the board's text colour where it would
        vanish there (monochrome gives seats no colour: their tokens' shapes tell them apart)."""
        key = ("badge", fg)
        style = self._styles.get(key)
        if style is None:
            back = self._colour("board-background")
            fore = self._colour(fg) if fg else self._colour("board-foreground")
            if abs(fore.brightness - back.brightness) < 0.25:
                fore = self._colour("board-foreground")
            style = Style(color=fore.rich_color, bgcolor=back.rich_color, bold=True)
            self._styles[key] = style
        return style

    def _row_strip(self, line: int) -> Strip:
        strip = self._strips.get(line)
        if strip is not None:
            return strip
        label_style = self._style("board-background", "board-label")
        segments: list[Segment] = []
        row, sub = divmod(line - self._header, self.scale)
        if self._gutter:
            label = (
                self._row_labels[row]
                if (line >= self._header and row < len(self._row_labels) and sub == (self.scale - 1) // 2)
                else ""
            )
            segments.append(Segment(label.rjust(self._gutter - 1) + " ", label_style))
        if line < self._header:
            width = self.cell_width * self.scale
            text = "".join(c[:width].center(width) for c in self._col_labels)
            segments.append(Segment(text, label_style))
        elif self.scale == 1:
            for col in range(self._columns):
                segments.extend(self._cell_segments((col, row)))
        else:
            for col in range(self._columns):
                segments.extend(self._cell_segments((col, row), sub))
        strip = Strip(segments).simplify()
        self._strips[line] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = scroll_y + y
        background = self._style("board-background", "board-foreground")
        if line >= self._header + self._rows * self.scale:
            return Strip.blank(self.size.width, background)
        if self.whole_cells:
            return self._whole_cells_line(line).crop_extend(0, self.size.width, background)
        return self._row_strip(line).crop_extend(scroll_x, scroll_x + self.size.width, background)

    def _whole_cells_line(self, line: int) -> Strip:
        """The row labels, then whole cells only, a ‹ or › where more columns lie beyond."""
        strip, gutter = self._row_strip(line), self._gutter
        first, shown, marks = self.window()
        if not marks:
            return strip
        width = self.cell_width * self.scale
        less, more = "<>" if self.glyphs.ascii else "‹›"
        style = self._style("board-background", "board-label", bold=True)
        left = Strip([Segment(less if first > 0 else " ", style)])
        right = Strip([Segment(more if first + shown < self._columns else " ", style)])
        cells = strip.crop(gutter + first * width, gutter + (first + shown) * width)
        return Strip.join([strip.crop(0, gutter), left, cells, right])


def _line(side: str, sub: int, scale: int) -> str:
    """Line ``sub`` of a frame's side: a single glyph on the middle line, else its character for
    the line; a blank where it has none."""
    if len(side) == 1:
        return side if sub == (scale - 1) // 2 else " "
    return side[sub] if sub < len(side) else " "
