"""The five Bergfried themes, as Textual ``Theme`` objects with board colours as variables.

Every theme defines the same variable names (``BOARD_VARIABLES``); ``board_defaults()`` gives
fallbacks so a theme that forgets one, or a Textual built-in theme, still renders a board.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from textual.theme import Theme

DEFAULT_THEME = "bergfried-dark"

#: Colours for up to 13 distinct pieces (King Up! has a dozen-odd candidates).
PIECE_COLOURS = 13
#: Colours for up to 6 seats.
SEAT_COLOURS = 6
#: Colours for 13 pieces that belong to no seat (King Up!'s candidates): each far from every
#: seat colour, from the board and from each other (picked for the largest smallest CIELAB
#: distance), so no candidate looks like a player's own colour or like another candidate.
FIGURE_COLOURS = 13

BOARD_VARIABLES = (
    "board-background",
    "board-foreground",
    "board-label",
    "board-cell",
    "board-cell-alt",
    "board-throne",
    "board-cursor",
    "board-cursor-text",
    "board-legal",
    "board-legal-text",
    "board-muted",
    *(f"piece-{i}" for i in range(PIECE_COLOURS)),
    *(f"seat-{i}" for i in range(SEAT_COLOURS)),
    *(f"figure-{i}" for i in range(FIGURE_COLOURS)),
)

# Okabe & Ito (2008), "Color Universal Design": distinguishable under the common
# colour-vision deficiencies. Black is left out because it vanishes on dark boards.
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")


def _board(
    background: str,
    foreground: str,
    label: str,
    cell: str,
    cell_alt: str,
    throne: str,
    cursor: str,
    cursor_text: str,
    legal: str,
    legal_text: str,
    muted: str,
    pieces: tuple[str, ...],
    seats: tuple[str, ...],
    figures: tuple[str, ...],
) -> dict[str, str]:
    variables = {
        "board-background": background,
        "board-foreground": foreground,
        "board-label": label,
        "board-cell": cell,
        "board-cell-alt": cell_alt,
        "board-throne": throne,
        "board-cursor": cursor,
        "board-cursor-text": cursor_text,
        "board-legal": legal,
        "board-legal-text": legal_text,
        "board-muted": muted,
    }
    # Short palettes cycle; the glyph (an initial, a shape) keeps the pieces apart.
    variables.update({f"piece-{i}": pieces[i % len(pieces)] for i in range(PIECE_COLOURS)})
    variables.update({f"seat-{i}": seats[i % len(seats)] for i in range(SEAT_COLOURS)})
    variables.update({f"figure-{i}": figures[i % len(figures)] for i in range(FIGURE_COLOURS)})
    return variables


_DARK_PIECES = (
    "#e06c75",
    "#e5c07b",
    "#98c379",
    "#56b6c2",
    "#61afef",
    "#c678dd",
    "#d19a66",
    "#be5046",
    "#7ec699",
    "#f7768e",
    "#b4befe",
    "#f9e2af",
    "#a6adc8",
)
_LIGHT_PIECES = (
    "#c0392b",
    "#b7950b",
    "#1e8449",
    "#117a8b",
    "#1f5fa8",
    "#7d3c98",
    "#a04000",
    "#641e16",
    "#0e6655",
    "#943126",
    "#283593",
    "#7e5109",
    "#515a5a",
)
_SEATS = ("#e06c75", "#61afef", "#98c379", "#e5c07b", "#c678dd", "#56b6c2")
_LIGHT_SEATS = ("#c0392b", "#1f5fa8", "#1e8449", "#b7950b", "#7d3c98", "#117a8b")
_DARK_FIGURES = (
    "#1d1dc9",
    "#36e236",
    "#d7e236",
    "#28358a",
    "#eec4da",
    "#c9621d",
    "#e23692",
    "#c036e2",
    "#783a6c",
    "#36e2c0",
    "#4c9c16",
    "#6363e9",
    "#dae6cb",
)
_LIGHT_FIGURES = (
    "#36e236",
    "#56292f",
    "#1d1dc9",
    "#ef8fb6",
    "#d736e2",
    "#c0e236",
    "#786c3a",
    "#c91d78",
    "#36e292",
    "#a9a9d6",
    "#63e0e9",
    "#d78f75",
    "#3a9c16",
)
_CONTRAST_FIGURES = (
    "#007ae6",
    "#0000e6",
    "#a7f28c",
    "#e69900",
    "#f28cc3",
    "#f2a78c",
    "#80c4ff",
    "#e6007a",
    "#ffe680",
    "#8947eb",
    "#99e600",
    "#17cf48",
    "#e65c00",
)
# Paul Tol's colour-blind-safe schemes, the ones farthest from the Okabe-Ito seats.
_TOL_FIGURES = (
    "#EE3377",
    "#332288",
    "#FFAABB",
    "#AA4499",
    "#999933",
    "#DDDDDD",
    "#EE8866",
    "#EEDD88",
    "#882255",
    "#228833",
    "#CC6677",
    "#CC3311",
    "#AAAA00",
)

THEMES: Mapping[str, Theme] = MappingProxyType(
    {
        "bergfried-dark": Theme(
            name="bergfried-dark",
            primary="#c9a227",
            secondary="#7a8b99",
            accent="#e5c07b",
            warning="#e5c07b",
            error="#e06c75",
            success="#98c379",
            foreground="#e6e1d6",
            background="#1b1d23",
            surface="#23262e",
            panel="#2d313b",
            dark=True,
            variables=_board(
                "#1b1d23",
                "#e6e1d6",
                "#8a8f98",
                "#2d313b",
                "#353a45",
                "#5a4a1a",
                "#c9a227",
                "#1b1d23",
                "#3e5a3a",
                "#e6e1d6",
                "#5c6370",
                _DARK_PIECES,
                _SEATS,
                _DARK_FIGURES,
            ),
        ),
        "bergfried-light": Theme(
            name="bergfried-light",
            primary="#8a6d0b",
            secondary="#4f6272",
            accent="#a04000",
            warning="#9a6700",
            error="#b3261e",
            success="#1e7b34",
            foreground="#1f1f1f",
            background="#f4f1ea",
            surface="#e9e4d8",
            panel="#ddd6c6",
            dark=False,
            variables=_board(
                "#f4f1ea",
                "#1f1f1f",
                "#6b6b6b",
                "#e2dccd",
                "#d6cfbd",
                "#f0d98a",
                "#8a6d0b",
                "#ffffff",
                "#bfe3b4",
                "#1f1f1f",
                "#9e9e9e",
                _LIGHT_PIECES,
                _LIGHT_SEATS,
                _LIGHT_FIGURES,
            ),
        ),
        "high-contrast": Theme(
            name="high-contrast",
            primary="#ffff00",
            secondary="#00ffff",
            accent="#ff00ff",
            warning="#ffff00",
            error="#ff5555",
            success="#00ff00",
            foreground="#ffffff",
            background="#000000",
            surface="#000000",
            panel="#1a1a1a",
            dark=True,
            luminosity_spread=0.3,
            text_alpha=1.0,
            variables=_board(
                "#000000",
                "#ffffff",
                "#ffffff",
                "#000000",
                "#1a1a1a",
                "#4d4d00",
                "#ffff00",
                "#000000",
                "#00ff00",
                "#000000",
                "#808080",
                ("#ff5555", "#ffff00", "#00ff00", "#00ffff", "#5599ff", "#ff55ff", "#ffaa00", "#ffffff"),
                ("#ff5555", "#00ffff", "#00ff00", "#ffff00", "#ff55ff", "#ffffff"),
                _CONTRAST_FIGURES,
            ),
        ),
        "colorblind": Theme(
            name="colorblind",
            primary="#56B4E9",
            secondary="#009E73",
            accent="#E69F00",
            warning="#E69F00",
            error="#D55E00",
            success="#009E73",
            foreground="#f0f0f0",
            background="#161616",
            surface="#202020",
            panel="#2c2c2c",
            dark=True,
            variables=_board(
                "#161616",
                "#f0f0f0",
                "#a0a0a0",
                "#2c2c2c",
                "#363636",
                "#3d3420",
                "#F0E442",
                "#000000",
                "#0072B2",
                "#ffffff",
                "#6e6e6e",
                OKABE_ITO,
                OKABE_ITO[:6],
                _TOL_FIGURES,
            ),
        ),
        "monochrome": Theme(
            name="monochrome",
            primary="#d0d0d0",
            secondary="#a0a0a0",
            accent="#ffffff",
            warning="#ffffff",
            error="#ffffff",
            success="#ffffff",
            foreground="#e0e0e0",
            background="#000000",
            surface="#111111",
            panel="#222222",
            dark=True,
            variables=_board(
                "#000000",
                "#e0e0e0",
                "#a0a0a0",
                "#000000",
                "#000000",
                "#000000",
                "#e0e0e0",
                "#000000",
                "#000000",
                "#ffffff",
                "#808080",
                ("#000000",),
                ("#000000",),
                ("#000000",),
            ),
        ),
    }
)

THEME_NAMES = tuple(THEMES)

#: Which themes carry no colour information at all; the board then marks state with glyphs
#: and text attributes only.
COLOURLESS = frozenset({"monochrome"})


def get_theme(name: str) -> Theme:
    """The theme called ``name``; raises KeyError with the known names when there is none."""
    try:
        return THEMES[name]
    except KeyError:
        raise KeyError(f"unknown theme {name!r}; known: {', '.join(THEME_NAMES)}") from None


def board_defaults() -> dict[str, str]:
    """Fallback board variables (the default theme's) for themes that lack them."""
    return {k: v for k, v in THEMES[DEFAULT_THEME].variables.items() if k in BOARD_VARIABLES}
