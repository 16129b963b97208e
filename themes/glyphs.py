"""Glyph sets: the characters that draw markers, so meaning never rests on colour alone.

``UNICODE`` is the default; ``ASCII`` is for ``--ascii`` and terminals whose encoding cannot
show Unicode. ``glyphs_for`` also swaps the seat tokens for distinct shapes in themes where
colour cannot tell seats apart (colorblind, monochrome).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .palettes import COLOURLESS


@dataclass(frozen=True)
class GlyphSet:
    name: str
    cursor: tuple[str, str]  # drawn either side of the focused cell
    legal: tuple[str, str]  # either side of a legal target
    empty: str  # an empty board slot
    legal_empty: str  # an empty slot that is a legal target
    throne: str
    crown: str
    yes: str
    no: str
    card: str  # a face-down card
    turn: str  # marks the seat to act
    arrow: str
    separator: str
    spinner: tuple[str, ...]  # frames of the "thinking" indicator
    seats: tuple[str, ...]  # one token per seat
    ascii: bool = False

    def seat(self, index: int) -> str:
        return self.seats[index % len(self.seats)]


DOTS = ("●", "●", "●", "●", "●", "●")
SHAPES = ("●", "▲", "■", "◆", "★", "✚")
ASCII_SHAPES = ("o", "^", "#", "*", "+", "x")

UNICODE = GlyphSet(
    name="unicode",
    cursor=("▸", "◂"),
    legal=("·", "·"),
    empty="·",
    legal_empty="◇",
    throne="♛",
    crown="♔",
    yes="✔",
    no="✘",
    card="▮",
    turn="▶",
    arrow="→",
    separator="│",
    spinner=("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"),
    seats=DOTS,
)

ASCII = GlyphSet(
    name="ascii",
    cursor=("[", "]"),
    legal=("(", ")"),
    empty=".",
    legal_empty="o",
    throne="W",
    crown="K",
    yes="Y",
    no="N",
    card="#",
    turn=">",
    arrow="->",
    separator="|",
    spinner=("-", "\\", "|", "/"),
    seats=ASCII_SHAPES,
    ascii=True,
)

#: Themes where seat colours are not enough to tell seats apart.
SHAPE_THEMES = COLOURLESS | {"colorblind", "high-contrast"}


def glyphs_for(theme: str, ascii: bool = False) -> GlyphSet:
    """The glyph set to draw with under ``theme``; ASCII wins over everything."""
    if ascii:
        return ASCII
    if theme in SHAPE_THEMES:
        return replace(UNICODE, seats=SHAPES)
    return UNICODE
