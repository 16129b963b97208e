"""How a Castle Builder tile looks: four cells of two characters, two lines high.

The top line carries the tile's symbols (and a second number, the one the tiles above count), the
bottom line the number it is built with. Each half of each line is
stone (the tile's colour) or air (the board's background, the symbols in the tile's colour), read
from the tile's top and bottom edges — so a roof's top line is air and a side wall's outer half is
air on both lines, and a player sees at a glance what may stand on it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.games.castle_builder import CastleBuilderView
from themes import UNICODE, GlyphSet

from ...widgets.grid import Cell

Pos = tuple[int, int]


@dataclass(frozen=True)
class Look:
    window: str
    person: str
    ruby: str
    roof: str
    castle: str
    check: str
    gate: str
    foundation: str
    plain: str
    ruby_space: str
    tile_space: str
    coin_space: str
    coin: str
    # A theme without colour (monochrome, NO_COLOR): stone is drawn light on the dark board, so
    # stone and air halves differ in brightness (reverse video without colour), not only in hue.
    colourless: bool = False


UNICODE_LOOK = Look(
    window="▫",
    person="☺",
    ruby="◆",
    roof="^",
    castle="♜",
    check="✓",
    gate="∩",
    foundation="▀",
    plain="·",
    ruby_space="◆",
    tile_space="▮",
    coin_space="◎",
    coin="◎",
)
ASCII_LOOK = Look(
    window="o",
    person="p",
    ruby="*",
    roof="^",
    castle="#",
    check="Y",  # as the app writes ✓ in ASCII everywhere else (move list, status line)
    gate="n",
    foundation="=",
    plain=".",
    ruby_space="*",
    tile_space="#",
    coin_space="$",
    coin="$",
)


def look_for(glyphs: GlyphSet | None, colourless: bool = False) -> Look:
    look = ASCII_LOOK if (glyphs or UNICODE).ascii else UNICODE_LOOK
    return replace(look, colourless=True) if colourless else look


def symbols(tile, look: Look) -> str:
    """``▫☺◆`` — windows, persons, rubies, roofs and the castle symbol, at most four."""
    text = (
        look.window * tile.windows
        + look.person * tile.persons
        + look.ruby * tile.rubies
        + look.roof * tile.roofs
        + (look.castle if tile.castle else "")
    )
    if tile.kind == "gate":
        text = look.gate * 2
    return text[:4]


def label(tile, look: Look) -> str:
    return tile.label.replace("✓", look.check)


def tile_lines(tile, look: Look) -> tuple[str, str]:
    """The tile's top and bottom lines, four characters each, as the printed tile has them: the
    number it is built with at the bottom, and a second number (the one the tiles above count)
    at the top beside the symbols, ``▫/4`` over ``11`` (``▫♜5`` where two symbols leave no room
    for the slash). Written on one line as ``11/4`` it took all four characters and ran into its
    neighbour's number (``10/49/2``); each line keeps a blank at its right end."""
    lower, _, upper = label(tile, look).partition("/")
    top = symbols(tile, look) + (f"/{upper}" if upper else "")
    if len(top) > 3:  # a side wall's ``▫♜/5`` touched the next tile's top (``▫♜/5▫♜/4``)
        top = symbols(tile, look) + upper
    return top[:4].center(4), lower.center(4)


def colour_of(tile, shade: int, colourless: bool = False) -> str:
    """Roofs, check marks, rubies and persons stand out; plain stone alternates like bricks.
    Without colour every tile is light stone, alternating in brightness."""
    if colourless:
        return "board-label" if shade % 2 else "board-foreground"
    if tile.kind == "gate":
        return "board-throne"
    if tile.roofs:
        return "piece-0"
    if tile.check:
        return "piece-2"
    if tile.rubies:
        return "piece-3"
    if tile.persons:
        return "piece-1"
    return "board-cell-alt" if shade % 2 else "board-cell"


def tile_cells(
    tile,
    col: int,
    row: int,
    look: Look,
    *,
    shade: int = 0,
    key=None,
    dim: bool = False,
    selectable: bool = False,
    name: str = "",
) -> dict[Pos, Cell]:
    """The four cells of ``tile`` whose bottom-left cell is (col, row); ``key`` on that cell."""
    colour = colour_of(tile, shade, look.colourless)
    top, bottom = tile_lines(tile, look)
    cells: dict[Pos, Cell] = {}
    for line, text, edge in ((row - 1, top, tile.top), (row, bottom, tile.bottom)):
        for half in (0, 1):
            stone = edge[half] == "S"
            anchor = line == row and half == 0
            cells[(col + half, line)] = Cell(
                text[2 * half : 2 * half + 2],
                bg=colour if stone else "board-background",
                fg=None if stone else colour,
                bold=line == row,
                dim=dim,
                label=name,
                key=key if anchor else None,
                selectable=selectable and anchor,
            )
    return cells


def tile_name(tile) -> str:
    """``#37 11/1 great hall (window)``."""
    parts = []
    for n, word in ((tile.windows, "window"), (tile.persons, "person"), (tile.rubies, "ruby"), (tile.roofs, "roof")):
        if n:
            plural = "rubies" if word == "ruby" else word + "s"
            parts.append(f"{n} {word if n == 1 else plural}")
    if tile.castle:
        parts.append("castle symbol")
    extra = f" ({', '.join(parts)})" if parts else ""
    # As the move list and the hints write it (notation.tile_text): the numbers as printed, then the kind.
    return f"#{tile.id} {tile.label} {tile.kind}{extra}" if tile.kind != "gate" else f"gate 2{extra}"


def edges(tile) -> str:
    words = {"S": "stone", "A": "air"}
    top = "/".join(words[h] for h in tile.top) if tile.top[0] != tile.top[1] else words[tile.top[0]]
    bottom = "/".join(words[h] for h in tile.bottom) if tile.bottom[0] != tile.bottom[1] else words[tile.bottom[0]]
    return f"top {top}, bottom {bottom}"


def path_glyph(kind: str, look: Look) -> str:
    return {"ruby": look.ruby_space, "tile": look.tile_space, "coin": look.coin_space}.get(kind, look.plain)


def others(view: CastleBuilderView) -> list[int]:
    return [s for s in range(view.players) if s != view.seat]
