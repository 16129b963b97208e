"""The small dialogs: a number changed by ±1 (which tile pays), every choice a coin asks for (which
coin, which opponent, which tile), discarding down to 7, and the market coins spelled out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from tui.screens.modal import Dialog
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.games.castle_builder import Build, Discard, Knock, Steal, TakeCoin, TakeTile

from ..base import ViewContext
from .look import tile_name

CHOICES = (Discard, TakeCoin, Steal, Knock, TakeTile)


class ChoiceScreen(Dialog[Any]):
    """A title, a line of help and a list of moves; enter picks one, escape goes back."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back to the board")]

    def __init__(self, title: str, text: str, options: Sequence[tuple[str | Text, Any]]) -> None:
        super().__init__()
        self.title_text, self.text, self.options = title, text, tuple(options)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="head")
            if self.text:
                yield Static(self.text, classes="hint")
            yield OptionList(*(Option(label) for label, _ in self.options), id="options")
            yield Static("enter: choose · esc: back to the board", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#options", OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class CoinsScreen(Dialog[None]):
    """The three market coins with their effects, and the coins each player has won."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,enter,c", "close", "Close")]

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__()
        self.ctx = ctx

    def compose(self) -> ComposeResult:
        view = self.ctx.view
        lines = [Text("The market coins", style="bold")]
        for coin in view.market_coins:
            lines.append(coin_text(coin))
        lines.append(Text(f"\nCoins won ({view.goal} win the game)", style="bold"))
        for seat, won in enumerate(view.coins):
            titles = ", ".join(c.title for c in won) or "none"
            lines.append(Text(f"{self.ctx.name(seat)}: {len(won)} · {titles}"))
        with Vertical():
            yield Static(Text("\n").join(lines))
            yield Static("esc: close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def coin_text(coin) -> Text:
    red = " (red)" if coin.red else ""
    return Text.assemble((f"{coin.title}{red}: ", "bold"), coin.text)


def build_options(ctx: ViewContext, choices: Sequence[Build]) -> tuple[str, list[tuple[str, Any]]]:
    """``Build #37 great hall 11/1 at 3e`` and one line per way: as printed, or ±n paid with tiles."""
    view = ctx.view
    faces = {t.id: t for t in (*view.holder, *view.market_tiles, *(view.royals[ctx.seat] if view.royals else ()))}
    first = choices[0]
    tile = faces[first.tile]
    spot = next((s for s in view.castles[ctx.seat].spots if (s.level, s.x) == (first.level, first.x)), None)
    need = f" (needs {spot.need})" if spot is not None and spot.need is not None else ""
    title = f"Build {tile_name(tile)} at {spot.spot if spot else ''}{need}"
    options = []
    for b in sorted(choices, key=lambda b: (abs(b.delta), b.delta, b.discards)):
        if b.delta == 0:
            options.append((f"as printed ({tile.lower})", b))
            continue
        paid = ", ".join(tile_name(faces[t]) for t in b.discards if t in faces)
        options.append((f"as {tile.lower + b.delta} ({b.delta:+d}), discarding {paid}", b))
    return title, options


def prompt_for(ctx: ViewContext) -> ChoiceScreen | None:
    """The dialog for the choice the game waits for from this seat (a coin, a victim, a tile)."""
    moves = [a for a in ctx.legal if isinstance(a, CHOICES)]
    if not moves or ctx.view.choice is None:
        return None
    view, choice = ctx.view, ctx.view.choice
    holder = {t.id: t for t in view.holder}
    market = {t.id: t for t in view.market_tiles}
    coins = {c.effect: c for c in view.market_coins}
    options: list[tuple[str | Text, Any]] = []
    for a in moves:
        if isinstance(a, Discard):
            options.append((tile_name(holder[a.tile]) if a.tile in holder else f"#{a.tile}", a))
        elif isinstance(a, TakeCoin):
            options.append((coin_text(coins[a.effect]) if a.effect in coins else a.effect, a))
        elif isinstance(a, Steal):
            held = view.holder_counts[a.victim]
            options.append((f"{ctx.name(a.victim)} ({held} tile{'s' if held != 1 else ''})", a))
        elif isinstance(a, Knock):
            options.append((knock_text(ctx, a), a))
        else:
            options.append((tile_name(market[a.tile]) if a.tile in market else f"#{a.tile}", a))
    title, text = CHOICE_TITLES.get(choice.kind, (choice.kind, ""))
    if choice.kind == "limit":
        title = f"Your holder is over 7: discard {choice.count} tile{'s' if choice.count != 1 else ''}"
    return ChoiceScreen(title, text, options)


def knock_text(ctx: ViewContext, a: Knock) -> str:
    castle = ctx.view.castles[a.owner]
    placed = next((p for p in castle.tiles if (p.level, p.x) == (a.level, a.x)), None)
    whose = "your" if a.owner == ctx.seat else f"{ctx.name(a.owner)}'s"
    what = tile_name(placed.tile) if placed else ""
    return f"{whose} {placed.spot if placed else ''}: {what}"


CHOICE_TITLES = {
    "limit": ("", "The discarded tile goes face up onto the discard pile."),
    "coin": ("You reached a coin space: take a market coin", "Its effect happens at once; you keep the coin."),
    "thief": ("Thief: rob which opponent?", "You take a random tile from their holder."),
    "catapult": ("Catapult: knock out which tile?", "A tile with nothing built on it; their baron stays."),
    "decay": ("Decay: discard one of your tiles", "A tile with nothing built on it; your baron stays."),
    "mill": ("Mill: take one of the new market tiles", "It goes into your holder."),
    "market": ("Peaceful times: take a market tile", "It goes into your holder."),
}
