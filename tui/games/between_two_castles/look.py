"""How rooms look: a theme colour per room type, a short name, a glyph per wall decoration, and
the cells of a castle seen from the side (floors upwards, cellars downwards, the throne room in
the middle of floor 0).

A castle's grid has one empty ring around its rooms, where new rooms may go. Screen rows run
from the top floor down; screen columns from the leftmost column right.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

from rich.text import Text

from engine.games.between_two_castles import BTCView, CastleView, RoomCard
from themes import GlyphSet

from ...widgets.grid import Cell, resolve_colour

Pos = tuple[int, int]
Spot = tuple[int, int]  # (column, floor) in a castle

# Pieces 0-6 are seven distinct colours in every theme (the colorblind one cycles seven): one per
# normal type; the special rooms share colours with them, their name tells them apart.
TYPE_COLOUR = MappingProxyType(
    {
        "food": "piece-0",
        "corridor": "piece-1",
        "outdoor": "piece-2",
        "downstairs": "piece-3",
        "utility": "piece-4",
        "sleeping": "piece-5",
        "living": "piece-6",
        "fountain": "piece-8",
        "tower": "piece-12",
        "foyer": "piece-11",
        "throne": "board-throne",
    }
)
TYPE_LETTER = MappingProxyType(
    {
        "food": "F",
        "living": "L",
        "utility": "U",
        "outdoor": "O",
        "sleeping": "S",
        "corridor": "C",
        "downstairs": "D",
        "fountain": "f",
        "tower": "t",
        "foyer": "y",
        "throne": "T",
    }
)
SKIP_WORDS = frozenset({"of", "the", "room", "chambers"})


@dataclass(frozen=True)
class Look:
    """The characters the rooms are drawn with."""

    decor: MappingProxyType  # decoration -> one character
    target: str  # an empty cell where the room in hand may go
    throne: str


UNICODE_LOOK = Look(
    MappingProxyType({"painting": "□", "torch": "¡", "swords": "×", "mirror": "○"}), target="◇", throne="♛"
)
ASCII_LOOK = Look(
    MappingProxyType({"painting": "#", "torch": "!", "swords": "x", "mirror": "o"}), target="+", throne="W"
)


def look_for(glyphs: GlyphSet) -> Look:
    return ASCII_LOOK if glyphs.ascii else UNICODE_LOOK


def short_name(name: str, width: int = 3) -> str:
    """``Wine Room`` -> ``Win``, ``Hall of Paintings`` -> ``HPa``, ``King's Chambers`` -> ``Kin``."""
    words = [w for w in name.replace("-", " ").split() if w.lower() not in SKIP_WORDS] or name.split()
    if len(words) == 1 or width < 3:
        return words[0][:width]
    return (words[0][0] + words[-1])[:width]


def decor_name(decor: str | None) -> str:
    return decor or "no decoration"


def legend(glyphs: GlyphSet) -> str:
    look = look_for(glyphs)
    parts = [f"{g} {d}" for d, g in look.decor.items()]
    return " ".join(parts) + f"  {look.target} free  {look.throne} throne"


def chip(kind: str, text: str, variables) -> Text:
    """``text`` on the room type's colour, as the panels and dialogs write a room."""
    colour = resolve_colour(variables, TYPE_COLOUR.get(kind, "board-cell"))
    return Text(text, style=f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}")


def room_card(view: BTCView, room: int) -> RoomCard | None:
    return next((c for c in view.room_cards if c.room == room), None)


def room_line(card: RoomCard) -> str:
    decor = f", {card.decor}" if card.decor else ""
    number = "" if card.type in ("fountain", "tower", "foyer") else f" #{card.room}"
    return f"{card.name}{number} ({card.type}{decor})"


# -- a castle as grid cells ------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Where a castle's spots sit on its grid: one empty ring around the rooms."""

    min_col: int
    max_col: int
    min_floor: int
    max_floor: int

    @classmethod
    def around(cls, spots: Iterable[Spot]) -> Frame:
        spots = list(spots) or [(0, 0), (1, 0)]
        cols = [c for c, _ in spots]
        floors = [f for _, f in spots]
        return cls(min(cols) - 1, max(cols) + 1, min(floors) - 1, max(floors) + 1)

    @property
    def columns(self) -> int:
        return self.max_col - self.min_col + 1

    @property
    def rows(self) -> int:
        return self.max_floor - self.min_floor + 1

    def pos(self, spot: Spot) -> Pos:
        return spot[0] - self.min_col, self.max_floor - spot[1]

    def spot(self, pos: Pos) -> Spot:
        return pos[0] + self.min_col, self.max_floor - pos[1]

    def row_labels(self) -> list[str]:
        return [str(f) for f in range(self.max_floor, self.min_floor - 1, -1)]

    def col_labels(self) -> list[str]:
        return [str(c) for c in range(self.min_col, self.max_col + 1)]


def castle_cells(
    castle: CastleView,
    frame: Frame,
    look: Look,
    wide: bool,
    targets: frozenset[Spot] = frozenset(),
    big: tuple[int, int] = (0, 0),
) -> dict[Pos, Cell]:
    """The rooms (always selectable, to read them) and the free cells the room in hand may take;
    on a scaled-up grid (``big``: a room's inner width and lines) a room shows its name and decoration."""
    cells: dict[Pos, Cell] = {}
    for c in castle.cells:
        spot = (c.col, c.floor)
        if c.type == "throne":
            # Its two cells each have margins: a word split over them read "♛Thr  one♛". The
            # name shortened as every room's is, the crown in the other cell.
            glyph = look.throne if not wide else ("Thr" if c.col == 0 else look.throne)
            label = f"{c.name}: {castle.throne_rule}"
        elif wide:
            glyph = short_name(c.name) + look.decor.get(c.decor or "", " ")
            label = f"{c.name} ({c.type}{', ' + c.decor if c.decor else ''}): {c.rule_text}"
        else:
            glyph = TYPE_LETTER.get(c.type, "?")
            label = f"{c.name} ({c.type}{', ' + c.decor if c.decor else ''}): {c.rule_text}"
        cells[frame.pos(spot)] = Cell(
            glyph,
            bg=TYPE_COLOUR.get(c.type, "board-cell"),
            bold=True,
            label=label,
            key=("room", castle.index, spot),
            big=big_room(c, look, *big) if big[0] else "",
        )
    for spot in targets:
        cells[frame.pos(spot)] = Cell(
            look.target,
            bg="board-cell",
            fg="board-label",
            label=f"free at {spot[0]},{spot[1]}",
            key=("free", castle.index, spot),
        )
    return cells


def big_room(c, look: Look, width: int, lines: int) -> str:
    """A room on a scaled-up castle: its name in words that fit on ``lines - 1`` lines, its
    decoration under it; the throne room's two cells read ``♛ Throne`` ``Room ♛`` (on narrow cells
    the crowns under the words)."""
    if c.type == "throne":
        if width < len("♛ Throne"):  # the crown under the word, as a decoration is
            return f"Throne\n{look.throne}" if c.col == 0 else f"Room\n{look.throne}"
        return f"{look.throne} Throne" if c.col == 0 else f"Room {look.throne}"
    words = c.name.split()
    if lines <= 2 and len(c.name) > width:  # one line: the word that tells the room apart
        words = [([w for w in words if w.lower() not in SKIP_WORDS] or words)[-1]]
    rows: list[str] = []
    for word in words:
        if rows and len(rows[-1]) + 1 + len(word) <= width:
            rows[-1] += " " + word
        elif len(rows) < max(1, lines - 1):
            rows.append(word if len(word) <= width else short_name(word, width))
        else:
            break
    return "\n".join([*rows, look.decor.get(c.decor or "", "")])


def castle_frame(castle: CastleView) -> Frame:
    return Frame.around((c.col, c.floor) for c in castle.cells)
