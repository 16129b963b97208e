"""The panel beside the board: the round, each player's gold, supply, nobles, cards and points,
and (for the viewer only) the privilege cards in hand, the cards just drawn and the face-down
nobles."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from themes import UNICODE

from ...widgets.names import fit_name
from ..base import ViewContext, ViewPanel
from .look import card_code, chip, plural


class PalaisInfo(ViewPanel):
    DEFAULT_CSS = "PalaisInfo { height: auto; margin-bottom: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    def show(self, ctx: ViewContext) -> None:
        self.query_one("#info", Static).update(info_text(ctx, self.app.theme_variables))


def info_text(ctx: ViewContext, variables: dict[str, str]) -> Text:
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
        lines.extend(seat_lines(ctx, seat, variables))
    lines.extend(my_lines(ctx))
    return Text("\n").join(lines)


def seat_lines(ctx: ViewContext, seat: int, variables: dict[str, str]) -> list[Text]:
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
    nobles = f"{len(p.nobles)}" + (f"+{p.face_down}" if p.face_down else "")
    honours = f" H{sum(2 if card_code(c) == 'Ho2' else 4 for c in p.honours)}" if p.honours else ""
    detail = Text(f"  {p.gold}g  supply {p.supply}  nobles {nobles}{honours}", style="dim")
    return [head, detail]


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
