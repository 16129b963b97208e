"""The panel beside the board: the round, each player's gold, supply, nobles, cards and points,
and (for the viewer only) the privilege cards in hand, the cards just drawn and the face-down
nobles."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from engine.games.palais_royal import HONOUR_POINTS
from themes import UNICODE

from ...widgets.names import fit_name
from ..base import ViewContext, ViewPanel
from .look import card_code, chip, plural


class PalaisInfo(ViewPanel):
    DEFAULT_CSS = "PalaisInfo { height: auto; margin-bottom: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    shown: ViewContext | None = None

    def show(self, ctx: ViewContext) -> None:
        self.shown = ctx
        info = self.query_one("#info", Static)
        width = info.content_size.width or self.content_size.width or None
        info.update(info_text(ctx, self.app.theme_variables, width))

    def on_resize(self) -> None:
        """A wider or narrower panel may take the words spelled out or close up."""
        if self.shown is not None:
            self.show(self.shown)


def info_text(ctx: ViewContext, variables: dict[str, str], width: int | None = None) -> Text:
    view = ctx.view
    if view.over:
        head = "Game over"
    elif view.turn is None:
        head = "Set-up"
    else:
        head = f"Round {view.round}" + (", the last" if view.last_round else "")
    bank = f"bank {view.bank} gold" if view.bank else "bank empty: the Mint pays nothing"
    lines = [
        Text(head, style="bold"),
        Text(f"park {view.nobles_in_park} nobles · deck {view.deck}", style="dim"),
        Text(bank, style="dim"),
    ]
    for seat in range(len(view.players_)):  # none before the set-up
        lines.extend(seat_lines(ctx, seat, variables, width))
    lines.extend(my_lines(ctx))
    return Text("\n").join(lines)


def seat_lines(ctx: ViewContext, seat: int, variables: dict[str, str], width: int | None = None) -> list[Text]:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    p = view.players_[seat]
    turn = glyphs.turn if seat == view.to_move else " "
    busy = ctx.spinner if ctx.thinking == seat else ""
    you = "*" if seat == ctx.seat else ""
    name = fit_name(ctx.name(seat), 15, you)
    cards = f"{glyphs.card}{p.hand}" if p.hand else ""
    # Your own total counts your face-down nobles, which only you can see (issue 31).
    hidden = sum(n.points for n in view.my_face_down) if seat == ctx.seat and not view.over else 0
    head = Text.assemble(
        (turn, "bold"),
        " ",
        chip(variables, seat, glyphs.seat(seat)),
        f" {name:<15} ",
        (f"{p.visible_points + hidden:>3}", "bold"),
        f" {cards:<3}",
        busy,
    )
    return [head, Text(seat_detail(p, width), style="dim")]


def seat_detail(p: Any, width: int | None) -> str:
    """``  8 gold · supply 13 · nobles 2 + 1 face down · honours 6 pts`` where the panel is wide,
    closer together and shorter where it is not; "8g" beside the numbers ran together (issue 31).
    At 80 columns the honours go first: their points are in the seat's total already."""
    g, s = p.gold, p.supply
    nobles = f"{len(p.nobles)}" + (f"+{p.face_down}" if p.face_down else "")
    points = sum(HONOUR_POINTS[c] for c in p.honours)
    said = f" · honours {points} pts" if points else ""
    h = f"H{points}" if points else ""
    forms = (
        f"  {g} gold · supply {s} · nobles {len(p.nobles)}"
        + (f" + {p.face_down} face down" if p.face_down else "")
        + said,
        f"  {g} gold · supply {s} · nobles {nobles}" + (f" · {h}" if h else ""),
        f"  {g} gold · supply {s} · nobles {nobles}" + (f" {h}" if h else ""),
        f"  {g} gold  supply {s}  nobles {nobles}" + (f" {h}" if h else ""),
        f" {g} gold  supply {s}  nobles {nobles}" + (f" {h}" if h else ""),
        f" {g} gold supply {s} nobles {nobles}" + (f" {h}" if h else ""),
        f"  {g} gold  supply {s}  nobles {nobles}",
        f" {g} gold  supply {s}  nobles {nobles}",  # "nobles 2+1" took the room of a space before it
        f" {g} gold supply {s} nobles {nobles}",
        f" {g}g supply {s} nobles {nobles}",
    )
    return next((form for form in forms if width is None or len(form) <= width), forms[-1])


def my_lines(ctx: ViewContext) -> list[Text]:
    """What only the viewer sees: the hand, the cards drawn, the face-down nobles."""
    view = ctx.view
    if ctx.seat is None or view.over:
        return []
    out = []
    hand = " ".join(card_code(c) for c in view.my_hand) or "no cards"
    out.append(Text.assemble(("Hand: ", "bold"), hand))
    if view.my_drawn:
        out.append(Text.assemble(("Drawn: ", "bold"), " ".join(card_code(c) for c in view.my_drawn)))
    if view.my_face_down:
        points = sum(n.points for n in view.my_face_down)
        out.append(
            Text(
                f"Face down: {plural(len(view.my_face_down), 'noble')}, {points} pts (in your total; "
                "the others see it without them)",
                style="dim",
            )
        )
    return out
