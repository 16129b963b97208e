"""The info column: the baron path as a loop with every baron on it, and inside the loop each
player's coins and holder, the supply and the discard pile.

The 40 spaces go clockwise from the top-left corner (space 1): 13 along the top, 7 down the right,
13 back along the bottom, 7 up the left. Each space is two characters: ``◎`` a coin space, ``◆`` a
ruby space, ``▮`` a tile space, ``·`` a plain one; a baron is its seat's token and number.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from themes import UNICODE

from ...widgets.grid import resolve_colour
from ...widgets.names import fit_name
from ..base import ViewContext, ViewPanel
from .look import look_for, path_glyph

ACROSS, DOWN = 13, 7  # 13 + 7 + 13 + 7 = 40 spaces
INSIDE = 2 * ACROSS - 4


def ring_positions(length: int) -> list[tuple[int, int]]:
    """(column, line) of each space on the loop, space 1 at the top left, clockwise."""
    across = (length - 2 * DOWN) // 2
    spots = [(c, 0) for c in range(across)]
    spots += [(across - 1, r) for r in range(1, DOWN + 1)]
    spots += [(c, DOWN + 1) for c in range(across - 1, -1, -1)]
    spots += [(0, r) for r in range(DOWN, 0, -1)]
    return spots[:length]


class BuilderInfo(ViewPanel):
    """The path with the barons; the board marks where your baron would stop (``mark``)."""

    DEFAULT_CSS = "BuilderInfo { height: auto; margin-bottom: 1; }"

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.marked: int | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="path")

    def show(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self._draw()

    def mark(self, space: int | None) -> None:
        """Light the space (a path index) where the previewed build would stop your baron."""
        if space != self.marked:
            self.marked = space
            self._draw()

    def _draw(self) -> None:
        if self.ctx is not None:
            text = path_text(self.ctx, self.app.theme_variables, self.marked)
            self.query_one("#path", Static).update(text)


def chip(variables: dict[str, str], seat: int) -> str:
    colour = resolve_colour(variables, f"seat-{seat}")
    return f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"


def path_text(ctx: ViewContext, variables: dict[str, str], marked: int | None = None) -> Text:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    look = look_for(glyphs)
    positions = ring_positions(len(view.path))
    lines: list[list[tuple[str, str]]] = [[("  ", "")] * ACROSS for _ in range(DOWN + 2)]
    kinds = {"coin": "bold", "ruby": "bold", "tile": "", "plain": "dim"}
    for space, (col, row) in zip(view.path, positions):
        lines[row][col] = (" " + path_glyph(space.kind, look), kinds.get(space.kind, ""))
    for seat, where in enumerate(view.barons):
        col, row = positions[where]
        token = "P" if glyphs.ascii else glyphs.seat(seat)  # ASCII seat shapes look like path spaces
        lines[row][col] = (f"{token}{seat + 1}", chip(variables, seat))
    if marked is not None and ctx.seat is not None and marked != view.barons[ctx.seat]:
        col, row = positions[marked]
        left, right = glyphs.cursor
        cursor = resolve_colour(variables, "board-cursor")
        lines[row][col] = (left + right, f"bold {cursor.get_contrast_text(1.0).hex} on {cursor.hex}")
    inner = inside_lines(ctx, variables)
    out = []
    for row, cells in enumerate(lines):
        text = Text()
        if 1 <= row <= DOWN:
            text.append(*cells[0])
            text.append_text(inner[row - 1] if row - 1 < len(inner) else Text(" " * INSIDE))
            text.append(*cells[-1])
        else:
            for cell in cells:
                text.append(*cell)
        out.append(text)
    return Text("\n").join(out)


def inside_lines(ctx: ViewContext, variables: dict[str, str]) -> list[Text]:
    """One line per player (token, name, coins, holder), then the supply; INSIDE wide each."""
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    look = look_for(glyphs)
    out = [Text(f" goal: {view.goal} coins".ljust(INSIDE), style="dim")]
    for seat in range(len(view.coins)):
        turn = glyphs.turn if seat in view.to_act else " "
        busy = ctx.spinner if ctx.thinking == seat else " "
        name = fit_name(ctx.name(seat), 8).ljust(8)
        coins = f"{len(view.coins[seat])}{look.coin}"
        held = f"{view.holder_counts[seat]}{look.tile_space}"
        token = str(seat + 1) if glyphs.ascii else glyphs.seat(seat)
        line = Text.assemble(
            turn, (token, chip(variables, seat)), f"{name}{busy}", (coins.rjust(3), "bold"), " ", held.rjust(3)
        )
        line.pad_right(INSIDE - line.cell_len)
        out.append(line)
    out.append(Text(f" supply {view.supply_count} · out {len(view.discard)}"[:INSIDE].ljust(INSIDE), style="dim"))
    return out[:DOWN]
