"""NO_COLOR (https://no-color.org): the screen without a single colour code.

Textual's own answer to NO_COLOR turns every colour into a grey, which a 256-colour terminal
still receives as colour codes (issue 31). This filter drops colour altogether and keeps what
colour was telling in text attributes a terminal shows without it: a light background (a cursor,
a highlighted list line, a stone half of a Castle Builder tile) becomes reverse video, and text
darker than the screen's own text is dim.

    >>> from rich.style import Style
    >>> plain_style(Style(color="#000000", bgcolor="#e0e0e0", bold=True)).reverse
    True
    >>> plain = plain_style(Style(color="#e0e0e0", bgcolor="#000000"))
    >>> bool(plain.reverse), plain.color.is_default, plain.bgcolor.is_default
    (False, True, True)
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.filter import LineFilter

LIGHT = 0.5  # a background at least this bright is drawn as reverse video
FAINT = 0.35  # text at most this bright (on a dark background) is drawn dim


def _brightness(color: Color | None) -> float | None:
    if color is None or color.is_default:
        return None
    r, g, b = color.get_truecolor()
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@lru_cache(4096)
def plain_style(style: Style) -> Style:
    """``style`` with its colours taken out and what they told kept as attributes."""
    back, fore = _brightness(style.bgcolor), _brightness(style.color)
    light = back is not None and back >= LIGHT
    faint = not light and fore is not None and fore <= FAINT
    # Added onto the style, so its meta (what a click on it does) and other attributes stay.
    return style + Style(
        dim=bool(style.dim) or faint,
        reverse=bool(style.reverse) != light,
        color=Color.default(),
        bgcolor=Color.default(),
    )


class NoColour(LineFilter):
    """Every segment's style without colour (``plain_style``)."""

    def apply(self, segments: list[Segment], background) -> list[Segment]:
        return [
            Segment(text, None if style is None else plain_style(style), control) for text, style, control in segments
        ]
