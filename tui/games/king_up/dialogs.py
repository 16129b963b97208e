"""King Up!'s modal moments: the secret vote, the reveal, the end of a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from engine.core import Seat
from engine.games.king_up import CANDIDATES, Vote
from themes import UNICODE
from tui.screens.modal import Dialog

from ...screens.dialogs import InterludeScreen
from ...widgets.grid import resolve_colour
from ..base import ViewContext
from .board import figure_name
from .panels import round_table


class VoteScreen(Dialog[Any]):
    """The secret vote: YES or NO, with the NO cards left."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("y", "vote(True)", "Vote YES"), Binding("n", "vote(False)", "Vote NO")]

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__()
        self.ctx = ctx

    def compose(self) -> ComposeResult:
        view = self.ctx.view
        fig = view.on_throne
        mine = fig in (view.my_goal or ())
        nos = view.my_no_cards or 0
        with Vertical(id="vote-box"):
            yield Static(
                Text.assemble(
                    ("Vote in secret:\n", "bold"),
                    f"{CANDIDATES[fig].name} {CANDIDATES[fig].trade} is on the throne.\n",
                    "On your goal card: " + ("yes" if mine else "no"),
                    f" · NO cards left: {nos}",
                )
            )
            with Horizontal():
                yield Button(f"{self.ctx.glyphs.yes} YES (y)", id="yes", variant="success", compact=True)
                yield Button(
                    f"{self.ctx.glyphs.no} NO (n)",
                    id="no",
                    variant="error",
                    compact=True,
                    disabled=Vote(False) not in self.ctx.legal,
                )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_vote(event.button.id == "yes")

    def action_vote(self, yes: bool) -> None:
        if Vote(yes) in self.ctx.legal:
            self.dismiss(Vote(yes))
        else:
            self.notify("You have no NO card left: you must vote YES.", severity="warning")


class RevealInterlude(InterludeScreen):
    def __init__(self, votes: Sequence[bool], during: Any, after: Any, seats: Sequence[Seat]) -> None:
        self.votes, self.during, self.after, self.seats = votes, during, after, seats
        super().__init__("")

    def compose(self) -> ComposeResult:
        glyphs = getattr(self.app, "glyphs", UNICODE)
        lines = [Text("The votes are revealed", style="bold"), Text("")]
        for seat, yes in enumerate(self.votes):
            variables = self.app.theme_variables
            vote = (
                Text(f"{glyphs.yes} YES", style=f"bold {resolve_colour(variables, 'success').hex}")
                if yes
                else Text(f"{glyphs.no} NO", style=f"bold {resolve_colour(variables, 'error').hex}")
            )
            lines.append(Text.assemble(f"  {self.seats[seat].name:<18}", vote))
        fig = self.during.on_throne
        name = figure_name(fig) if fig is not None else "The candidate"
        verdict = f"{name} is crowned king!" if all(self.votes) else f"{name} is voted out for this round."
        lines += [Text(""), Text(verdict, style="bold")]
        self.body = Text("\n").join(lines)
        yield from super().compose()


class RoundEndScreen(InterludeScreen):
    def __init__(self, view: Any, seats: Sequence[Seat], number: int) -> None:
        self.view, self.seats, self.number = view, seats, number
        super().__init__("")
        self.board_view = view  # the round's final position stays in sight under its scores

    def compose(self) -> ComposeResult:
        king = self.view.king
        title = f"Round {self.number} is over" + (
            f": {figure_name(king)} is king" if king is not None else ": nobody was crowned"
        )
        with Vertical():
            yield Static(Text(title, style="bold"))
            yield Static(round_table(self.view, self.seats, self.app.theme_variables))
            yield Static(
                "Each goal card counts its six candidates' floors: throne 10, floor n scores n, out 0.", classes="hint"
            )
            yield Static("press enter to continue", classes="hint")
