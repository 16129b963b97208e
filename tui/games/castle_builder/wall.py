"""The castle, the holder and the market as one grid of two-character cells.

A tile is four cells (two wide, two lines high), so a level's tiles sit half a tile to the side of
the level below, as bricks do: the two tiles under a place are the ones its four cells straddle.
Open places show the number they need (``=12``; blank on the foundation, where any number goes).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.segment import Segment

from engine.games.castle_builder import TILES, CastleBuilderView, CastleView, Spot, pattern_problem

from ...widgets.grid import Cell, Grid
from .look import Look, Pos, tile_cells, tile_name

MIN_LEVELS = 3
MAX_LEVELS = 9


class WallGrid(Grid):
    """The shared grid with two-character cells; a cursor or highlight lights a whole tile.

    The shared Grid draws one marker either side of a cell, which needs three characters per cell;
    a brick wall nine tiles wide fits the board column only at two. So this grid draws its cells
    itself and marks the cursor and legal places on all four cells of the tile they belong to.
    On a large terminal it draws at scale 2 (a tile 8 wide, 4 high), where a tile's two lines
    still sit together and the level numbers beside them."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(cell_width=3, max_scale=2, id=id)
        self.cell_width = 2
        self.groups: dict[Pos, Pos] = {}  # every cell of a tile or place -> its anchor cell

    def set_groups(self, groups: Mapping[Pos, Pos]) -> None:
        self.groups = dict(groups)

    def _cell_segments(self, pos: Pos, sub: int = 0) -> list[Segment]:
        cell = self._cells.get(pos)
        if cell is None:
            return [Segment("  " * self.scale, self._style("board-background", "board-foreground"))]
        anchor = self.groups.get(pos, pos)
        text, written = self._scaled(cell.glyph[:2].ljust(2), pos, anchor, sub)
        if anchor == self.cursor:
            style = self._style("board-cursor", "board-cursor-text", bold=True, underline=written)
            return [Segment(self._marked(text, pos, anchor, self.glyphs.cursor, written), style)]
        if anchor in self._highlights:
            style = self._style("board-legal", "board-legal-text", bold=True)
            return [Segment(self._marked(text, pos, anchor, self.glyphs.legal, written), style)]
        return [Segment(text, self._style(cell.bg, cell.fg, cell.bold, cell.dim))]

    def _scaled(self, text: str, pos: Pos, anchor: Pos, sub: int) -> tuple[str, bool]:
        """Line ``sub`` of a cell at the grid's scale, and whether it is the line with the text.

        A tile's symbols sit on the last line of its top cells and its numbers on the first line
        of its bottom cells, each half pushed to the tile's middle, so the tile reads as at scale 1.
        """
        scale = self.scale
        if scale == 1:
            return text, True
        grouped = pos in self.groups
        line = (scale - 1 if pos[1] < anchor[1] else 0) if grouped else (scale - 1) // 2
        if sub != line:
            return "  " * scale, False
        if not grouped and text[0] == text[1] != " ":  # the foundation: a line of stone
            return text[0] * 2 * scale, True
        return (text.rjust(2 * scale) if pos[0] == anchor[0] else text.ljust(2 * scale)), True

    @staticmethod
    def _marked(text: str, pos: Pos, anchor: Pos, marks: tuple[str, str], written: bool = True) -> str:
        """The markers either side of a place's number line, where its text leaves room."""
        if not written:
            return text
        if pos == anchor and text.startswith(" "):
            return marks[0] + text[1:]
        if pos == (anchor[0] + 1, anchor[1]) and text.endswith(" "):
            return text[:-1] + marks[1]
        return text

    def watch_cursor(self, old: Pos | None, new: Pos | None) -> None:
        super().watch_cursor(old, new)
        self._dirty_rows({p[1] for p, a in self.groups.items() if a in (old, new)})

    def set_highlights(self, positions: Iterable[Pos]) -> None:
        super().set_highlights(positions)
        self._strips.clear()
        self.refresh()


#: One tile of each bottom pattern and kind of number the game has (a number, or the check mark).
BOTTOMS = tuple({(t.bottom, t.check): t for t in TILES.values()}.values())

#: What an open place can take: any tile whose number fits, only a check-mark tile, or nothing.
NUMBERED, CHECK_ONLY, NOTHING = "number", "check", ""


def takes(castle: CastleView, level: int, x: int) -> str:
    """What could stand on this open place by its stone and air (the rule's own pattern_problem).
    Over two roofs' air nothing can, and its number means nothing; over one tile and nothing only
    a tile with an air half fits, and every such tile of the game is a check mark (a side wall),
    so there too the number the place asks for never decides."""
    if level == 1:
        return NUMBERED
    below = {(p.level, p.x): p.tile.id for p in castle.tiles}
    spot = Spot(level, x, None, below.get((level - 1, x - 1)), below.get((level - 1, x + 1)))
    fitting = [tile for tile in BOTTOMS if pattern_problem(tile, spot) is None]
    if not fitting:
        return NOTHING
    return CHECK_ONLY if all(tile.check for tile in fitting) else NUMBERED


def fillable(castle: CastleView, level: int, x: int) -> bool:
    """Whether any tile of the game could stand on this open place by its stone and air."""
    return takes(castle, level, x) != NOTHING


def place_text(castle: CastleView, level: int, x: int, need: int | None, look: Look) -> str:
    """The open place's label, four characters: `` =9 ``, `` =12`` (right-aligned, so the cursor's
    left marker keeps the blank before it), ``=✓`` where only a check-mark tile can stand, blank
    on the foundation (any number) and where no tile can stand."""
    kind = takes(castle, level, x)
    if kind == CHECK_ONLY:
        text = f"={look.check}"
    elif kind == NOTHING or need is None:
        text = ""
    else:
        text = f"={need}"
    return text.center(4) if len(text) < 3 else text.rjust(4)


def levels_shown(castle: CastleView) -> int:
    return min(MAX_LEVELS, max(MIN_LEVELS, castle.height + 1))


def level_row(levels: int, level: int) -> int:
    """The grid row of a level's number line (its symbol line is the row above)."""
    return 2 * (levels - level) + 1


def castle_cells(
    view: CastleBuilderView, castle: CastleView, look: Look, levels: int, legal: set[tuple[int, int]]
) -> tuple[dict[Pos, Cell], dict[Pos, Pos]]:
    """The castle's tiles and open places; the foundation below them."""
    cells: dict[Pos, Cell] = {}
    groups: dict[Pos, Pos] = {}
    for placed in castle.tiles:
        row = level_row(levels, placed.level)
        name = f"{placed.spot}: {tile_name(placed.tile)}"
        cells.update(
            tile_cells(
                placed.tile,
                placed.x,
                row,
                look,
                shade=placed.x // 2 + placed.level,
                name=name,
                key=("placed", placed.level, placed.x),
            )
        )
        _group(groups, placed.x, row)
    for spot in castle.spots:
        if spot.level > levels:
            continue
        row = level_row(levels, spot.level)
        kind = takes(castle, spot.level, spot.x)
        text = place_text(castle, spot.level, spot.x, spot.need, look)
        name = f"{spot.spot}: " + (
            "no tile can stand here (stone on air or nothing)"
            if kind == NOTHING
            else "only a check-mark tile can stand here"
            if kind == CHECK_ONLY
            else "any number"
            if spot.need is None
            else f"needs {spot.need}"
        )
        for half in (0, 1):
            cells[(spot.x + half, row - 1)] = Cell("  ", bg="board-background", label=name, selectable=False)
            cells[(spot.x + half, row)] = Cell(
                text[2 * half : 2 * half + 2],
                bg="board-background",
                fg="board-label",
                label=name,
                key=("spot", spot.level, spot.x) if half == 0 else None,
                selectable=(spot.level, spot.x) in legal and half == 0,
            )
        _group(groups, spot.x, row)
    base = 2 * levels
    for col in range(2 * view.ground_places):
        # In the labels' colour, which every theme sets apart from its background (the throne's
        # colour is a background: on the light and high-contrast boards it all but vanished).
        cells[(col, base)] = Cell(
            look.foundation * 2, bg="board-background", fg="board-label", label="the foundation", selectable=False
        )
    return cells, groups


def row_cells(tiles, row: int, look: Look, selectable: set[int], place: str) -> tuple[dict[Pos, Cell], dict[Pos, Pos]]:
    """A row of tiles side by side (the holder or the market), shade alternating."""
    cells: dict[Pos, Cell] = {}
    groups: dict[Pos, Pos] = {}
    for i, tile in enumerate(tiles):
        ok = tile.id in selectable
        cells.update(
            tile_cells(
                tile,
                2 * i,
                row,
                look,
                shade=i,
                key=("tile", tile.id),
                dim=not ok and bool(selectable),
                selectable=ok,
                name=f"{'royal' if tile.royal else place}: {tile_name(tile)}",
            )
        )
        _group(groups, 2 * i, row)
    return cells, groups


def _group(groups: dict[Pos, Pos], col: int, row: int) -> None:
    for dx in (0, 1):
        for dy in (0, -1):
            groups[(col + dx, row + dy)] = (col, row)
