"""How the castle is drawn: one character per square, a theme colour behind it, and where each
castle square sits on the screen grid.

Every feature has its own glyph (roads as line drawings, a double line for a road with a well,
towers, houses, courtyards, markets) so they stay apart without colour; followers are their role's
letter, upper case for the first player and lower case for the second.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import attrs
from engine.games.carcassonne_castle import HalfLook
from themes import GlyphSet

from ...widgets.grid import Cell

Pos = tuple[int, int]
Square = tuple[int, int]

DIRS = "nesw"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
DIRECTION_NAMES = MappingProxyType({"n": "north", "e": "east", "s": "south", "w": "west"})
KIND_NAMES = MappingProxyType({"road": "road", "tower": "tower", "house": "house", "court": "courtyard"})

# The theme colour behind each kind of ground; the glyph on top tells them apart without colour.
GROUND = MappingProxyType(
    {
        "empty": "board-cell",
        "wall": "board-throne",
        "road": "board-muted",
        "square": "board-muted",
        "tower": "piece-12",
        "house": "piece-6",
        "court": "piece-2",
        "market": "piece-1",
    }
)


@dataclass(frozen=True)
class Look:
    """The characters the castle is drawn with (one per square)."""

    empty: str
    wall: str
    tower_tile: str  # a corner tower with its wall tile still lying face down
    tower_bare: str  # a corner tower whose tile was taken (or that never had one)
    tower: str
    house: str
    court: str
    market: str
    both_markers: str  # both score markers on one wall cell
    anchor: str  # a free square where half a of the drawn card may lie
    roads: Mapping[frozenset[int], str]  # board directions -> glyph
    wells: Mapping[frozenset[int], str]  # the same for a road with a well
    # A laid card's edges, in the side columns of its squares: the ends of a card lying across
    # (one line high), the corners of a card lying up and down or drawn larger, and the sides between.
    ends: tuple[str, str] = ("[", "]")
    corners: str = "╭╮╰╯"
    side: str = "│"

    def road(self, exits: frozenset[int], well: bool) -> str:
        table = self.wells if well else self.roads
        return table.get(exits) or self.roads.get(exits, "+")


def _dirs(text: str) -> frozenset[int]:
    return frozenset(DIRS.index(c) for c in text)


UNICODE_LOOK = Look(
    empty=" ",
    wall="▒",
    tower_tile="▣",
    tower_bare="□",
    tower="♜",
    house="⌂",
    court="░",
    market="¤",
    both_markers="&",
    anchor="◇",
    roads=MappingProxyType(
        {
            _dirs(k): v
            for k, v in {
                "ns": "│",
                "ew": "─",
                "ne": "└",
                "es": "┌",
                "sw": "┐",
                "nw": "┘",
                "nes": "├",
                "esw": "┬",
                "nsw": "┤",
                "new": "┴",
                "n": "╵",
                "e": "╶",
                "s": "╷",
                "w": "╴",
            }.items()
        }
    ),
    wells=MappingProxyType(
        {_dirs(k): v for k, v in {"ns": "║", "ew": "═", "ne": "╚", "es": "╔", "sw": "╗", "nw": "╝"}.items()}
    ),
)

ASCII_LOOK = Look(
    empty=" ",
    wall="#",
    tower_tile="@",
    tower_bare="O",
    tower="T",
    house="n",
    court=":",
    market="$",
    both_markers="&",
    anchor=" ",
    roads=MappingProxyType(
        {
            _dirs(k): v
            for k, v in {
                "ns": "|",
                "ew": "-",
                "ne": "+",
                "es": "+",
                "sw": "+",
                "nw": "+",
                "nes": "*",
                "esw": "*",
                "nsw": "*",
                "new": "*",
                "n": "|",
                "e": "-",
                "s": "|",
                "w": "-",
            }.items()
        }
    ),
    wells=MappingProxyType({_dirs(k): v for k, v in {"ns": "!", "ew": "="}.items()}),
    ends=("{", "}"),  # [ ] and ( ) are the cursor and the legal squares in ASCII
    corners="..''",
    side="|",
)


def look_for(glyphs: GlyphSet) -> Look:
    return ASCII_LOOK if glyphs.ascii else UNICODE_LOOK


def grid_pos(square: Square) -> Pos:
    """Castle square (x, y) -> grid cell; the wall ring has x or y of -1 or 12/14."""
    return square[0] + 1, square[1] + 1


def square_of(pos: Pos) -> Square:
    return pos[0] - 1, pos[1] - 1


def step(square: Square, facing: int) -> Square:
    """The square next to ``square`` in direction ``facing`` (0 n, 1 e, 2 s, 3 w)."""
    return square[0] + DX[facing], square[1] + DY[facing]


def count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def seat_letter(seat: int, letter: str) -> str:
    """A follower or palas: upper case for the first player, lower case for the second."""
    return letter.upper() if seat == 0 else letter.lower()


# -- what a card half looks like --------------------------------------------------------------


def half_glyph(half: HalfLook, look: Look) -> str:
    building = {"tower": look.tower, "house": look.house, "court": look.court, "market": look.market}.get(half.ground)
    if building is not None:
        return building
    return look.road(_dirs(half.roads), half.well)


def half_name(half: HalfLook) -> str:
    if half.ground in ("road", "square"):
        road = "square (roads end here)" if half.ground == "square" else "road"
        return road + (" with a well" if half.well else "")
    if half.ground in ("court", "market"):
        return "courtyard with a market" if half.ground == "market" else "courtyard"
    return half.ground


def half_cell(half: HalfLook, look: Look, **style: Any) -> Cell:
    fields: dict[str, Any] = dict(bg=GROUND[half.ground], selectable=False)
    fields.update(style)
    return Cell(half_glyph(half, look), label=half_name(half), **fields)


def restyle(cell: Cell, **changes: Any) -> Cell:
    return attrs.evolve(cell, **changes)


def card_frames(squares: tuple[Square, Square], look: Look, scale: int) -> dict[Square, tuple[str, str]]:
    """The side glyphs of a laid card's two squares, so one can tell where each card ends: one
    line high, a card lying across gets its ends and one lying up and down its four corners;
    drawn larger, every card is boxed by its corners with sides between."""
    (ax, ay), (bx, by) = squares
    nw, ne, sw, se = tuple(look.corners)
    if ay == by:  # across: the west square, then the east one
        west, east = sorted(squares)
        if scale == 1:
            return {west: (look.ends[0], ""), east: ("", look.ends[1])}
        middle = look.side * (scale - 2)
        return {west: (nw + middle + sw, ""), east: ("", ne + middle + se)}
    north, south = sorted(squares, key=lambda sq: sq[1])
    rest = look.side * (scale - 1)
    return {north: (nw + rest, ne + rest), south: (rest + sw, rest + se)}


def legend(glyphs: GlyphSet) -> str:
    """What the glyphs mean, in the two lines left under the castle at 80×24."""
    look = look_for(glyphs)
    well = look.road(frozenset({1, 3}), True)
    return (
        f"{look.tower} tower {look.house} house {look.court} courtyard {look.market} market "
        f"{well} well\n{look.tower_tile} tower tile  Kk follower  Pp palas  {glyphs.seat(0)}27 score"
    )
