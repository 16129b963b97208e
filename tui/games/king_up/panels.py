"""The panel beside the castle: seats, scores, vote cards, the crown, your goal card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.core import Seat
from engine.games.king_up import CANDIDATES, POINTS, ROUNDS
from themes import UNICODE

from ...widgets.grid import resolve_colour
from ...widgets.names import fit_name
from ..base import ViewContext, ViewPanel
from .board import PHASES, chip, figure_name, round_scored, voted_mark


class KingUpInfo(ViewPanel, Static):
    """Round, crown, and every seat's score and number of vote cards (never which).

    It draws its text itself: one widget, where a panel holding a text was two to mount,
    style, lay out and draw as every player's screen opens."""

    DEFAULT_CSS = "KingUpInfo { height: auto; }"

    ctx: ViewContext | None = None

    def show(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self._draw()

    def on_resize(self) -> None:
        if self.ctx is not None:
            self._draw()

    def _draw(self) -> None:
        # On a tall terminal a name that does not fit beside the score gets a line of its own.
        whole = self.size.width - 4 if self.app.size.height >= 40 else 0
        self.update(info_text(self.ctx, self.app.theme_variables, whole))


def seat_colour(variables: dict[str, str], seat: int):
    """The seat's colour as text on the board, or the board's text colour where the theme's
    seat colour would vanish (monochrome gives seats no colour, only shapes)."""
    colour = resolve_colour(variables, f"seat-{seat}")
    background = resolve_colour(variables, "board-background")
    if abs(colour.brightness - background.brightness) < 0.25:
        return resolve_colour(variables, "board-foreground")
    return colour


def info_text(ctx: ViewContext, variables: dict[str, str], whole: int = 0) -> Text:
    """The panel's text; ``whole``: the width a name may take on a line of its own, where a
    name longer than the 12 columns beside the score then shows whole (0: never)."""
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    crown = ctx.name(view.crown) if view.crown is not None else "nobody yet"
    scored = round_scored(view) and not view.over
    phase = "scored" if scored else PHASES.get(view.phase, view.phase)
    lines = [
        Text(f"Round {max(view.round, 1)}/{ROUNDS} · {phase}", style="bold"),
        Text(f"{glyphs.crown} crown: {crown}"),
    ]
    if view.on_throne is not None:
        lines.append(Text(f"{glyphs.throne} vote on {figure_name(view.on_throne)}", style="bold"))
    two_lines = any(12 < len(ctx.name(s)) + 1 <= whole for s in range(view.players))
    for seat in range(view.players):
        mark = glyphs.turn if seat in view.to_act and not scored else " "
        voted = seat < len(view.voted) and view.voted[seat]
        busy = ctx.spinner if ctx.thinking == seat else (voted_mark(glyphs) if voted else " ")
        you = "*" if seat == ctx.seat else " "
        name = fit_name(ctx.name(seat), whole if two_lines else 12, you.strip())
        cards = glyphs.card * (view.vote_cards[seat] if seat < len(view.vote_cards) else 0)
        lines.append(
            Text.assemble(
                (mark, "bold"),
                " ",
                (glyphs.seat(seat), f"bold {seat_colour(variables, seat).hex}"),
                " ",
                f"{name}\n    {'':<9}" if two_lines else f"{name:<12}",
                f" {view.scores[seat]:>3} ",
                (f"{cards:<5}", "dim"),
                f" {busy}",
            )
        )
    return Text("\n").join(lines)


def round_table(view: Any, seats: Sequence[Seat], variables: dict[str, str]) -> Table:
    """Each seat's goal card valued at the final floors: the per-candidate breakdown."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("player", no_wrap=True, max_width=14)
    for i in range(6):
        table.add_column(f"#{i + 1}", justify="center")
    table.add_column("round", justify="right")
    table.add_column("total", justify="right")
    goals, points = view.revealed_goals[-1], view.round_points[-1]
    for seat, goal in enumerate(goals):
        chips = [chip(f, f" {CANDIDATES[f].initial} {POINTS[view.floors[f]]:>2} ", variables) for f in goal]
        table.add_row(fit_name(seats[seat].name, 14), *chips, str(points[seat]), str(view.scores[seat]))
    return table


def candidate_table(view: Any, seats: Sequence[Seat]) -> Table:
    """The last scored round per candidate on each seat's goal card: its initial and the points
    its floor scored, in plain text so every theme (monochrome, ASCII) reads it."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("player", no_wrap=True, max_width=14)
    for i in range(6):
        table.add_column(f"#{i + 1}", justify="right")
    table.add_column("round", justify="right")
    goals, points = view.revealed_goals[-1], view.round_points[-1]
    for seat, goal in enumerate(goals):
        table.add_row(
            fit_name(seats[seat].name, 14),
            *(f"{CANDIDATES[f].initial} {POINTS[view.floors[f]]}" for f in goal),
            str(points[seat]),
        )
    return table


def score_breakdown(view: Any, seats: Sequence[Seat]) -> Any:
    """Every scored round's points per player, the totals, and how a tie at the top was broken."""
    if not view.round_points:
        return None
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("player", no_wrap=True)
    for number in range(1, len(view.round_points) + 1):
        table.add_column(f"round {number}", justify="right")
    table.add_column("total", justify="right")
    for seat in range(view.players):
        won = " (winner)" if seat in view.winners else ""
        table.add_row(
            f"{seats[seat].name}{won}", *(str(points[seat]) for points in view.round_points), str(view.scores[seat])
        )
    parts: list[Any] = [table]
    if view.over and view.revealed_goals:  # the castle still stands as the last round left it
        parts += [
            Text(
                f"\nRound {len(view.round_points)}, candidate by candidate (throne 10, floor n scores n, out 0)",
                style="bold",
            ),
            candidate_table(view, seats),
        ]
    best = max(view.scores)
    tied = [s for s in range(view.players) if view.scores[s] == best]
    if len(tied) > 1 and view.revealed_goals:
        standing = {s: sum(1 for f in view.revealed_goals[-1][s] if view.floors[f] >= 1) for s in tied}
        text = ", ".join(f"{seats[s].name} {n}" for s, n in standing.items())
        parts.append(
            Text(
                f"\nTied on {best} points: the tie goes to more of one's last goal "
                f"candidates still in the castle ({text})."
            )
        )
    from rich.console import Group

    return Group(*parts)
