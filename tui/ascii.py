"""An output filter that leaves only ASCII on screen, for terminals that cannot show Unicode.

The glyph sets already draw boards in ASCII; this filter catches everything else (Textual's
borders, scrollbars, footer keys, Markdown bullets, text written with a middle dot) cell for
cell, so the layout does not move.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

SPECIFIC = MappingProxyType(
    {
        "·": ".",
        "•": "*",
        "×": "x",
        "—": "-",
        "–": "-",
        "…": ".",
        "→": ">",
        "←": "<",
        "↑": "^",
        "↓": "v",
        "▼": "v",  # a choice's drop-down arrow (Select): "?" read as a broken glyph
        "▲": "^",
        # Letters with a stroke have no decomposition: "Søren" read "S?ren" (seen in tmux).
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "▶": ">",
        "▸": ">",
        "◂": "<",
        "◀": "<",
        "⏎": "J",
        "✔": "Y",
        "✘": "N",
        "✓": "Y",
        "✗": "N",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "♛": "W",
        "♔": "K",
        "▮": "#",
        "●": "o",
    }
)
HORIZONTAL = frozenset("─━═╌╍┄┅┈┉╴╶╸╺▀▄▔▁")
VERTICAL = frozenset("│┃║╎╏┆┇┊┋╵╷╹╻▌▐▊▎▍▋▉▏▕█")


def to_ascii(char: str) -> str:
    """One character's ASCII stand-in, as many cells wide as the original."""
    if char in SPECIFIC:
        return SPECIFIC[char]
    if char in HORIZONTAL:
        return "-"
    if char in VERTICAL:
        return "|"
    if "\u2500" <= char <= "\u257f":
        return "+"  # the remaining box-drawing pieces are corners and joins
    if "\u2580" <= char <= "\u259f":
        return "#"  # shades and partial blocks (scrollbar thumbs)
    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if len(base) == 1 and cell_len(char) == 1:
        return base  # a letter with an accent keeps its letter: "Abbé" reads "Abbe", not "Abb?"
    return "?" * max(cell_len(char), 0)


class AsciiFilter(LineFilter):
    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.text.isascii()
            else Segment(
                "".join(c if c.isascii() else to_ascii(c) for c in segment.text), segment.style, segment.control
            )
            for segment in segments
        ]
