"""Bergfried's colour themes and glyph sets.

Themes are Textual :class:`~textual.theme.Theme` objects. The board colours travel as theme
variables (``board-*``, ``piece-*``, ``seat-*``, ``figure-*``) so the grid widget and game screens look them
up through ``app.theme_variables`` instead of hard-coding colours; swapping the theme recolours
every board at once.

Glyphs are separate from colours: a :class:`GlyphSet` says which characters draw cursors,
markers, crowns and seat tokens. ``glyphs_for(theme, ascii)`` picks the set, so the colorblind
and monochrome themes can tell seats apart by shape, and ``--ascii`` terminals get plain ASCII.
"""

from __future__ import annotations

from .glyphs import ASCII, ASCII_SHAPES, SHAPES, UNICODE, GlyphSet, glyphs_for
from .palettes import (
    BOARD_VARIABLES,
    DEFAULT_THEME,
    FIGURE_COLOURS,
    PIECE_COLOURS,
    SEAT_COLOURS,
    THEME_NAMES,
    THEMES,
    board_defaults,
    get_theme,
)

__all__ = [
    "ASCII",
    "ASCII_SHAPES",
    "BOARD_VARIABLES",
    "DEFAULT_THEME",
    "FIGURE_COLOURS",
    "GlyphSet",
    "PIECE_COLOURS",
    "SEAT_COLOURS",
    "SHAPES",
    "THEMES",
    "THEME_NAMES",
    "UNICODE",
    "board_defaults",
    "get_theme",
    "glyphs_for",
]
