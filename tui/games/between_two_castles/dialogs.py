"""The bonus dialogs: 1 of 5 rooms (food), a special room (a fifth room), an attendant (living),
1 of 3 bonus cards (utility), another type's bonus (downstairs). They sit over the right-hand
column, so both castles stay in sight; escape goes back to the board (b opens it again)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.games.between_two_castles import (
    ATTENDANT_DECOR,
    ATTENDANT_NAMES,
    Attend,
    Keep,
    PickBonus,
    attendant_points,
    card_points,
    castle_from_view,
)
from tui.screens.modal import Dialog

from ..base import ViewContext
from .look import room_card
from .moves import BONUS_PLACE, Previews, bonus_text, situation
from .sheets import OverviewScreen

__all__ = ["ChoiceScreen", "OverviewScreen", "bonus_prompt"]


class ChoiceScreen(Dialog[Any]):
    """A short list to pick one from; the result is the chosen option's value."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back to the board")]

    def __init__(
        self,
        title: str,
        options: Sequence[tuple[Text | str, Any]],
        hint: str = "enter: choose · esc: board",
        about: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.title_text, self.options, self.hint, self.about = title, tuple(options), hint, tuple(about)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="head")
            yield OptionList(*(Option(text) for text, _ in self.options), id="choices")
            yield Static("", id="about")
            yield Static(self.hint, classes="hint")

    def on_mount(self) -> None:
        self.query_one("#choices", OptionList).highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = self.query_one("#about", Static)
        about.display = bool(self.about)
        if self.about and event.option_index is not None:
            about.update(self.about[event.option_index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


def indented(text: str) -> str:
    """Text under an option's first line, wrapped to the dialog's width (never by the list)."""
    return textwrap.fill(text, 30, initial_indent="  ", subsequent_indent="  ")


def bonus_prompt(ctx: ViewContext, rooms: Sequence[int], previews: Previews) -> ChoiceScreen | None:
    view = ctx.view
    bonus = view.bonus
    if bonus is None:
        return None
    castle = view.castles[bonus.castle]
    if situation(view, ctx.legal) == BONUS_PLACE:
        return room_choice(ctx, rooms, previews) if len(rooms) > 1 else None
    if bonus.kind == "living":
        built = castle_from_view(castle)
        options: list[tuple[Text, Any]] = [
            (
                Text.assemble(
                    (f"{a}", "bold"),
                    f" · {ATTENDANT_DECOR[a]}\n",
                    (f"  {attendant_points(built, a)} now · {left} left", "dim"),
                ),
                Attend(a),
            )
            for a, left in zip(ATTENDANT_NAMES, view.attendants_left)
            if Attend(a) in ctx.legal
        ]
        return ChoiceScreen(f"An attendant for {castle.name}", options)
    if bonus.kind == "utility":
        built = castle_from_view(castle)
        options = [
            (
                Text.assemble(
                    (f"Card {card + 1}", "bold"), f" · {card_points(built, card)} now\n", (indented(text), "dim")
                ),
                Keep(card),
            )
            for card, text in zip(bonus.offer, bonus.offer_texts)
            if Keep(card) in ctx.legal
        ]
        return ChoiceScreen(f"Keep 1 bonus card for {castle.name}", options)
    if bonus.kind == "downstairs":
        options = [
            (Text.assemble((a.kind, "bold"), "\n", (indented(bonus_text(a.kind)), "dim")), a)
            for a in ctx.legal
            if isinstance(a, PickBonus)
        ]
        return ChoiceScreen(f"Downstairs bonus for {castle.name}: take another type's bonus", options)
    return None


def room_choice(ctx: ViewContext, rooms: Sequence[int], previews: Previews) -> ChoiceScreen:
    view = ctx.view
    bonus = view.bonus
    castle = view.castles[bonus.castle]
    options = []
    for room in rooms:
        card = room_card(view, room)
        gain, spot, earns = previews.best(
            room, bonus.castle, sorted({(a.col, a.floor) for a in ctx.legal if getattr(a, "room", None) == room})
        )
        best = f"best {gain:+d} at {spot[0]},{spot[1]}" if spot is not None else "no room for it"
        if earns:
            best += " ★"
        name = card.name if card else str(room)
        kind = card.type if card else ""
        options.append((Text.assemble((name, "bold"), "\n", (indented(f"{kind} · {best}"), "dim")), room))
    what = "1 of 5 rooms" if bonus.kind == "food" else "a special room"
    about = [room_card(view, room).rule_text if room_card(view, room) else "" for room in rooms]
    return ChoiceScreen(f"Bonus for {castle.name}: place {what}", options, "enter: choose · esc: board", about)
