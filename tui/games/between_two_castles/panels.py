"""The panel beside the castles: round and turn, each player's standing (the lower of their two
castles), who has chosen, a bonus being decided, and the piles."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from themes import SEAT_COLOURS, UNICODE

from ...widgets.grid import resolve_colour
from ...widgets.names import fit_name
from ..base import ViewContext, ViewPanel
from .describe import who
from .moves import bonus_text


class CastlesInfo(ViewPanel):
    DEFAULT_CSS = "CastlesInfo { height: auto; margin-bottom: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    def show(self, ctx: ViewContext) -> None:
        self.query_one("#info", Static).update(info_text(ctx, self.app.theme_variables))


def standing(ctx: ViewContext, position: int) -> int:
    view = ctx.view
    if view.finished:
        return view.scores[position]
    return min((c.score for c in view.castles if position in c.builders), default=0)


def info_text(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    turn = f"turn {view.turn}" if view.turn else "setting up"
    lines = [Text(f"Round {max(view.round, 1)}/2 · {turn} · {view.phase}", style="bold")]
    for p in range(view.positions):
        mark = glyphs.turn if p in view.to_act else " "
        if p >= view.players:
            lines.append(Text.assemble(f"{mark}   ", (f"{'Ludwig':<16}", "italic"), f" {standing(ctx, p):>3}"))
            continue
        colour = resolve_colour(variables, f"seat-{p % SEAT_COLOURS}")  # 7 players: the 7th shares a colour
        chip = f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"
        busy = ctx.spinner if ctx.thinking == p else ""
        chose = glyphs.yes if view.phase == "choosing" and p < len(view.chosen) and view.chosen[p] else busy
        you = "*" if p == ctx.seat else ""
        name = fit_name(ctx.name(p), 16, you)
        lines.append(
            Text.assemble(
                (mark, "bold"),
                " ",
                (glyphs.seat(p), chip),
                f" {name:<16} ",
                (f"{standing(ctx, p):>3}", "bold"),
                f" {chose}",
            )
        )
    lines.append(Text("score: your lower castle", style="dim"))
    if view.bonus is not None:
        b = view.bonus
        lines.append(
            Text(f"Bonus in {view.castles[b.castle].name} for {who(ctx, b.seat)}: {bonus_text(b.kind)}", style="bold")
        )
    others = sorted({t.placer for t in view.to_place if t.placer != ctx.seat})
    if others and not view.finished:
        lines.append(Text("placing: " + ", ".join(who(ctx, p) for p in others), style="dim"))
    lines.append(Text(f"bag {view.bag} · bonus cards {view.deck}", style="dim"))
    return Text("\n").join(lines)
