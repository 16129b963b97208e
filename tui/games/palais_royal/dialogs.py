"""Palais Royal's modal screens: a list of moves to choose from (recruit ways, cards to keep or
play, every legal move), and the final scoring with each player's breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from engine.core.words import says
from tui.screens.modal import Dialog
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Seat

from ...widgets.names import fit_name
from ..base import ViewContext
from .actions import line_for


class ChoiceScreen(Dialog[Any]):
    """A short list of moves; enter plays the highlighted one, escape goes back to the board."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back to the board")]

    def __init__(self, ctx: ViewContext, title: str, actions: Sequence[Any], short: bool = False) -> None:
        """``short``: the title already names the noble, the lines only how each way differs."""
        super().__init__()
        self.ctx, self.title_text, self.actions, self.short = ctx, title, tuple(actions), short

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="head")
            yield OptionList(*(Option(line_for(self.ctx, a, self.short)) for a in self.actions), id="choices")
            yield Static("enter: choose · esc: back", classes="hint")

    def on_mount(self) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.actions[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the final scoring ------------------------------------------------------------------------


def final_rows(final: Any) -> list[tuple[str, Sequence[int]]]:
    return [
        ("nobles", final.nobles),
        ("honours played", final.played),
        ("cards in hand (max 6)", final.hands),
        ("park rows", final.park),
    ]


def final_table(final: Any, seats: Sequence[Seat]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("", no_wrap=True)
    for seat in seats:
        table.add_column(fit_name(seat.name, 12), justify="right")
    for label, points in final_rows(final):
        table.add_row(label, *(str(v) if v else "·" for v in points))
    table.add_row(Text("total", style="bold"), *(Text(str(v), style="bold") for v in final.totals))
    return table


def winners_text(final: Any, seats: Sequence[Seat]) -> str:
    names = [seats[s].name for s in final.winners]
    if len(names) == 1:
        return says(names[0], f"wins with {final.totals[final.winners[0]]} points.")
    return " and ".join(names) + " share the win."


class FinalScoringScreen(Dialog[None]):
    """Each player's points: nobles, honour cards played, cards in hand, the park's border rows."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, view: Any, seats: Sequence[Seat]) -> None:
        super().__init__()
        self.view, self.seats = view, tuple(seats)

    def compose(self) -> ComposeResult:
        final = self.view.final
        with Vertical():
            yield Static(Text("The last round is over: final scoring", style="bold"))
            yield Static(final_table(final, self.seats))
            yield Static(Text(winners_text(final, self.seats), style="bold"))
            yield Static("Ties go to the most servants with the Cardinal.", classes="hint")
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
