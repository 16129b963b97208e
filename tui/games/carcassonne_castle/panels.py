"""The info panel beside the castle: cards left, each player's score, followers, palas and wall
tiles, and the card to lay."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from themes import UNICODE

from ...widgets.grid import resolve_colour
from ..base import ViewContext, ViewPanel
from .look import count, half_glyph, half_name, look_for, seat_letter

TRACK = 100  # spaces on the wall; a marker that went round shows where it stands now


class CastleInfo(ViewPanel):
    """Scores, cards left, followers in supply, palas and wall tiles, and the card to lay."""

    DEFAULT_CSS = "CastleInfo { height: auto; margin-bottom: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    def show(self, ctx: ViewContext) -> None:
        self.query_one("#info", Static).update(info_text(ctx, self.app.theme_variables))


def info_text(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view = ctx.view
    towers = sum(1 for t in view.towers if t)
    lines = [Text(f"{count(view.pile, 'card')} left, {count(towers, 'tower tile')}", style="bold")]
    for seat in range(len(view.scores)):
        lines.extend(seat_lines(ctx, seat, variables))
    if view.drawn is not None:
        lines.append(card_lines(ctx))
    elif view.finished:
        lines.append(Text("Game over", style="bold"))
    return Text("\n").join(lines)


def seat_lines(ctx: ViewContext, seat: int, variables: dict[str, str]) -> list[Text]:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    turn = glyphs.turn if seat == view.to_move else " "
    busy = ctx.spinner if ctx.thinking == seat else ""
    colour = resolve_colour(variables, f"seat-{seat}")
    chip = f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"
    you = "*" if seat == ctx.seat else ""
    name = f"{ctx.name(seat)}{you}"[:18]
    head = Text.assemble(
        (turn, "bold"), " ", (glyphs.seat(seat), chip), f" {name:<18} ", (f"{view.scores[seat]:>3}", "bold"), f" {busy}"
    )
    size = view.palas_sizes[seat] if view.palas[seat] is not None else 0
    palas = f"palas {size}" if size else "no palas"
    detail = Text.assemble(
        "  ", (seat_letter(seat, "HKSM"), chip), (f" {count(view.supply[seat], 'follower')} · {palas}", "dim")
    )
    out = [head, detail]
    if view.tiles[seat]:
        out.append(Text(f"    wall tiles {' '.join(str(t) for t in view.tiles[seat])}", style="dim"))
    if view.scores[seat] >= TRACK:
        out.append(Text(f"    marker went round: {view.track_positions[seat]} on track", style="dim"))
    return out


def card_lines(ctx: ViewContext) -> Text:
    """The drawn card as printed: half a west, half b east."""
    view, look = ctx.view, look_for(ctx.glyphs or UNICODE)
    a, b = view.drawn.faces[1]
    return Text.assemble(
        ("Card: ", "bold"),
        f"{view.drawn.name}\n",
        f"  a {half_glyph(a, look)} {half_name(a)}\n",
        f"  b {half_glyph(b, look)} {half_name(b)}",
    )
