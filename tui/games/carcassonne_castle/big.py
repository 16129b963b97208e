"""The castle drawn larger: at scale ``s`` a square is ``3s`` characters wide and ``s`` lines
high. Roads run as lines to the square's edges so they join their neighbours; buildings and
courtyards fill the square; followers add their role's name where it fits.

Every function returns the cell's ``big`` text: exactly ``s`` lines of exactly ``3s``
characters (the board draws them across the whole cell).

>>> from tui.games.carcassonne_castle.look import UNICODE_LOOK
>>> road_lines(frozenset({1, 2}), False, UNICODE_LOOK, 2).splitlines()  # east and south
['   ┌──', '   │  ']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.carcassonne_castle import HalfLook

from .look import Look, half_glyph

WIDTH = 3  # characters per square at scale 1


def lines_of(rows: Sequence[str], scale: int) -> str:
    """``rows`` centred in a square of ``scale`` lines (cut to fit), top aligned.

    >>> lines_of(["90/91"], 2).splitlines()
    [' 90/91', '      ']
    """
    width = WIDTH * scale
    rows = list(rows)[:scale]
    rows += [""] * (scale - len(rows))
    return "\n".join(centred(r[:width], width) for r in rows)


def centred(text: str, width: int) -> str:
    """Centred, any odd blank on the left (``" 90/91"``): a text never touches the row number
    or the text of the cell to its left."""
    return text.rjust(len(text) + (width - len(text) + 1) // 2).ljust(width)


def road_lines(exits: frozenset[int], well: bool, look: Look, scale: int, note: str = "") -> str:
    """Roads from the square's middle to each side they leave through (0 n, 1 e, 2 s, 3 w);
    ``note`` (a track number) goes in the first line west of the road when no road runs there."""
    width, height = WIDTH * scale, scale
    mid_x, mid_y = width // 2, (height - 1) // 2
    rows = [[" "] * width for _ in range(height)]
    across = look.road(frozenset({1, 3}), well)
    down = look.road(frozenset({0, 2}), well)
    if 0 in exits:
        for y in range(mid_y):
            rows[y][mid_x] = down
    if 2 in exits:
        for y in range(mid_y + 1, height):
            rows[y][mid_x] = down
    if 1 in exits:
        rows[mid_y][mid_x + 1 :] = [across] * (width - mid_x - 1)
    if 3 in exits:
        rows[mid_y][:mid_x] = [across] * mid_x
    rows[mid_y][mid_x] = look.road(exits, well)
    if note and 3 not in exits and len(note) < mid_x:  # against the road, a blank on its left
        rows[0][mid_x - len(note) : mid_x] = list(note)
    return "\n".join("".join(r) for r in rows)


def half_big(half: HalfLook, look: Look, scale: int) -> str:
    """One half of a card at ``scale``: roads as lines, buildings and courtyards filling it."""
    width = WIDTH * scale
    if half.ground in ("road", "square"):
        return road_lines(frozenset("nesw".index(d) for d in half.roads), half.well, look, scale)
    glyph = half_glyph(half, look)
    if half.ground in ("court", "market"):
        rows = [look.court * width for _ in range(scale)]
        if half.ground == "market":
            mid = (scale - 1) // 2
            rows[mid] = rows[mid][: width // 2] + look.market + rows[mid][width // 2 + 1 :]
        return "\n".join(rows)
    pattern = (glyph + " ") * width
    return "\n".join((pattern[i % 2 :] if scale > 1 else pattern)[:width].center(width) for i in range(scale))


def figure_big(letter: str, name: str, scale: int) -> str:
    """A follower or palas: its letter, and its name below where the square is wide enough."""
    rows = [letter] if scale < 3 else [letter, name]
    return lines_of(rows, scale)
