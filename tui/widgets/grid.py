"""A board of styled cells drawn through Textual's line API.

Every game screen draws its board with :class:`Grid`: the King Up! castle, the Carcassonne
park and wall. A game screen only says *what* each cell holds (:class:`Cell`); the grid owns
how it looks, the cursor, the legal-target highlights, labels, scrolling, mouse and keys.

Colours are names of theme variables (``"piece-3"``, ``"board-throne"``) or literal colours,
resolved through ``app.theme_variables`` so a theme switch recolours the board. The cursor
and highlights are drawn with glyphs as well as colour, so they survive the monochrome theme.

Rows are rendered to cached :class:`Strip` objects; a cursor move re-renders two rows, so a
key press costs a few hundred segments however large the board is.

A grid made with ``max_scale`` above 1 draws each cell ``scale`` times as wide and as high
where the board column (or :meth:`Grid.fit_to`) finds room, so a board fills a large terminal
and stays at scale 1 at 80x24; a scaled cell shows its ``big`` text (lines), else its glyph.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.color import Color
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
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


class GridMessage(Message):
    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.grid = grid

    @property
    def control(self) -> Grid:
        return self.grid


class Grid(ScrollView, can_focus=True):
    """A scrollable grid of :class:`Cell` with a cursor and highlighted legal targets."""

    DEFAULT_CSS = """
    Grid {
        background: $background; height: auto; width: auto;
        max-height: 100%; max-width: 100%; scrollbar-size: 1 1;
    }
    Grid:focus { background-tint: $foreground 4%; }
    """

    BINDINGS = [
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("enter", "select", "Choose"),
    ]

    cursor: reactive[Pos | None] = reactive(None, always_update=False, repaint=False)

    class CursorMoved(GridMessage):
        def __init__(self, grid: Grid, pos: Pos | None, cell: Cell | None) -> None:
            super().__init__(grid)
            self.pos, self.cell = pos, cell

    class Rescaled(GridMessage):
        """The grid changed its scale; a board may redraw its cells with more words."""

        def __init__(self, grid: Grid, scale: int) -> None:
            super().__init__(grid)
            self.scale = scale

    class Selected(GridMessage):
        def __init__(self, grid: Grid, pos: Pos, cell: Cell) -> None:
            super().__init__(grid)
            self.pos, self.cell = pos, cell

    def __init__(
        self,
        *,
        cell_width: int = 3,
        max_scale: int = 1,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        if cell_width < 3:
            raise ValueError("cells need room for a glyph and two markers")
        self.cell_width = cell_width
        self.max_scale = max_scale  # 1: never scaled
        self.scale = 1
        self.auto_fit = True  # False: the board calls fit_to itself
        self._space: Size | None = None  # the room fit_to was last given
        self._cells: dict[Pos, Cell] = {}
        self._columns = self._rows = 0
        self._row_labels: tuple[str, ...] = ()
        self._col_labels: tuple[str, ...] = ()
        self._highlights: frozenset[Pos] = frozenset()
        self._strips: dict[int, Strip] = {}
        self._styles: dict[tuple, Style] = {}
        self.glyphs: GlyphSet = UNICODE

    # -- what the game screen calls -------------------------------------------------------

    def set_board(
        self,
        cells: Mapping[Pos, Cell],
        *,
        columns: int | None = None,
        rows: int | None = None,
        row_labels: Iterable[str] = (),
        col_labels: Iterable[str] = (),
    ) -> None:
        """Replace the whole board; the cursor stays where it was when that cell still exists."""
        self._cells = dict(cells)
        self._columns = columns if columns is not None else 1 + max((c for c, _ in cells), default=-1)
        self._rows = rows if rows is not None else 1 + max((r for _, r in cells), default=-1)
        self._row_labels = tuple(row_labels)
        self._col_labels = tuple(col_labels)
        self._strips.clear()
        if self._space is not None and self._best_scale(self._space) != self.scale:
            self.scale = self._best_scale(self._space)
            self.post_message(self.Rescaled(self, self.scale))
        before = self.virtual_size
        self.virtual_size = self.needs(self.scale)
        if self.virtual_size != before and self.max_scale > 1:
            self._ask_for_room(now=True)
        if self.cursor is not None and not self._can_stop(self.cursor):
            self.cursor = self._first_stop()
        self.refresh()

    def set_highlights(self, positions: Iterable[Pos]) -> None:
        new = frozenset(positions)
        changed = new ^ self._highlights
        self._highlights = new
        self._dirty_rows({r for _, r in changed})

    def cell_at(self, pos: Pos | None) -> Cell | None:
        return None if pos is None else self._cells.get(pos)

    @property
    def columns(self) -> int:
        return self._columns

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def highlights(self) -> frozenset[Pos]:
        return self._highlights

    @property
    def current(self) -> Cell | None:
        return self.cell_at(self.cursor)

    def find(self, key: Any) -> Pos | None:
        """The position of the cell whose key is ``key``."""
        return next((pos for pos, cell in self._cells.items() if cell.key == key), None)

    def set_glyphs(self, glyphs: GlyphSet) -> None:
        self.glyphs = glyphs
        self._strips.clear()
        self.refresh()

    # -- scale ----------------------------------------------------------------------------

    def needs(self, scale: int) -> Size:
        """The room the whole board takes at ``scale``."""
        return Size(self._gutter + self._columns * self.cell_width * scale, self._header + self._rows * scale)

    def _best_scale(self, space: Size) -> int:
        fitting = [
            s
            for s in range(2, self.max_scale + 1)
            if self._columns
            and self._rows
            and self.needs(s).width <= space.width
            and self.needs(s).height <= space.height
        ]
        return max(fitting, default=1)

    def fit_to(self, width: int, height: int) -> None:
        """Draw at the largest scale (up to ``max_scale``) whose board fits ``width`` x ``height``."""
        self._space = Size(width, height)
        self.set_scale(self._best_scale(self._space))

    def set_scale(self, scale: int) -> None:
        scale = max(1, min(scale, self.max_scale))
        if scale == self.scale:
            return
        self.scale = scale
        self._strips.clear()
        self.virtual_size = self.needs(scale)
        self.refresh(layout=True)
        if self.cursor is not None:
            self.call_after_refresh(self.scroll_to_region, self._region_of(self.cursor), animate=False, force=True)
        self.post_message(self.Rescaled(self, scale))

    def _ask_for_room(self, now: bool = False) -> None:
        """The board column around this grid shares its room out again (``now`` too)."""
        column: Any = next((a for a in self.ancestors if hasattr(a, "fit_boards_soon")), None)
        if column is not None and self.auto_fit:
            if now:
                column.fit_boards()
            column.fit_boards_soon()

    def on_resize(self) -> None:
        if self.max_scale > 1:
            self._ask_for_room()

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

    def _region_of(self, pos: Pos) -> Region:
        col, row = pos
        width, height = self.cell_size
        return Region(self._gutter + col * width, self._header + row * height, width, height)

    # -- cursor ---------------------------------------------------------------------------

    def _can_stop(self, pos: Pos) -> bool:
        cell = self._cells.get(pos)
        return cell is not None and cell.selectable

    def _first_stop(self) -> Pos | None:
        stops = sorted((r, c) for (c, r), cell in self._cells.items() if cell.selectable)
        return (stops[0][1], stops[0][0]) if stops else None

    def _step(self, dx: int, dy: int) -> Pos | None:
        """The nearest stop in direction (dx, dy): closest along the axis, then across it."""
        if self.cursor is None:
            return self._first_stop()
        cx, cy = self.cursor
        best, best_key = None, None
        for (x, y), cell in self._cells.items():
            along = (x - cx) * dx + (y - cy) * dy
            across = abs((x - cx) * dy) + abs((y - cy) * dx)
            if along <= 0 or not cell.selectable:
                continue
            key = (along + 2 * across, across, x, y)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
        return best

    def move_cursor(self, pos: Pos | None) -> None:
        if pos is None or self._can_stop(pos):
            self.cursor = pos

    def watch_cursor(self, old: Pos | None, new: Pos | None) -> None:
        self._dirty_rows({p[1] for p in (old, new) if p is not None})
        if new is not None:
            self.scroll_to_region(self._region_of(new), animate=False, force=True, immediate=True)
        self.post_message(self.CursorMoved(self, new, self.cell_at(new)))

    def action_move(self, dx: int, dy: int) -> None:
        target = self._step(dx, dy)
        if target is not None:
            self.cursor = target

    def action_select(self) -> None:
        cell = self.current
        if self.cursor is not None and cell is not None:
            self.post_message(self.Selected(self, self.cursor, cell))

    def on_click(self, event: Click) -> None:
        pos = self._pos_at(event.x + int(self.scroll_x), event.y + int(self.scroll_y))
        if pos is None or not self._can_stop(pos):
            return
        if pos == self.cursor:
            self.action_select()
        else:
            self.cursor = pos

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
        body = self._style(cell.bg, cell.fg, cell.bold, cell.dim, pos == self.cursor)
        inner = self._cell_text(cell, sub)[: width - 2].center(width - 2)
        if pos == self.cursor:
            left, right = self.glyphs.cursor
            mark = self._style("board-cursor", "board-cursor-text", bold=True)
        elif pos in self._highlights:
            left, right = self.glyphs.legal
            mark = self._style("board-legal", "board-legal-text", bold=True)
        else:
            return [Segment(" " + inner + " ", body)]
        if sub != (self.scale - 1) // 2:  # the marks on the middle line, the colour on all
            left, right = " " * len(left), " " * len(right)
        return [Segment(left, mark), Segment(inner, body), Segment(right, mark)]

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
        return self._row_strip(line).crop_extend(scroll_x, scroll_x + self.size.width, background)
