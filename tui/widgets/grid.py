"""A board of styled cells drawn through Textual's line API.

Every game screen draws its board with :class:`Grid`: the King Up! castle, the Carcassonne
park and wall. A game screen only says *what* each cell holds (:class:`Cell`); the grid owns
how it looks, the cursor, the legal-target highlights, labels, scrolling, mouse and keys.

Colours are names of theme variables (``"piece-3"``, ``"board-throne"``) or literal colours,
resolved through ``app.theme_variables`` so a theme switch recolours the board. The cursor
and highlights are drawn with glyphs as well as colour, so they survive the monochrome theme.

How a grid is drawn (cells, geometry, row strips) is in grid_canvas.py.

A grid made with ``max_scale`` above 1 draws each cell ``scale`` times as wide and as high
where the board column (or :meth:`Grid.fit_to`) finds room, so a board fills a large terminal
and stays at scale 1 at 80x24; a scaled cell shows its ``big`` text (lines), else its glyph.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message

from themes import GlyphSet

from .grid_canvas import Cell, GridCanvas, Pos, resolve_colour

__all__ = ["Cell", "Grid", "GridMessage", "Pos", "resolve_colour"]


class GridMessage(Message):
    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.grid = grid

    @property
    def control(self) -> Grid:
        return self.grid


class Grid(GridCanvas, can_focus=True):
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
        if cell_width < 3:
            raise ValueError("cells need room for a glyph and two markers")
        super().__init__(cell_width=cell_width, name=name, id=id, classes=classes)
        self.max_scale = max_scale  # 1: never scaled
        self.auto_fit = True  # False: the board calls fit_to itself
        self._space: Size | None = None  # the room fit_to was last given

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
        if new is not None and self.whole_cells:
            self.show_column(new[0])
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
        pos = self.pos_on_screen(event.x, event.y)
        if pos is None or not self._can_stop(pos):
            return
        if pos == self.cursor:
            self.action_select()
        else:
            self.cursor = pos
