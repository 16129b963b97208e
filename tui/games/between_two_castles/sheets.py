"""The table at a glance: every castle in small (o), the pairs as they are revealed, and at the end
each castle's score sheet and the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from engine.core import Seat
from engine.games.between_two_castles import CATEGORIES, BTCView, CastleView, TileView
from tui.screens.modal import Dialog

from ...widgets.grid import resolve_colour
from ...widgets.names import fit_name
from ..base import ViewContext
from .look import TYPE_COLOUR, TYPE_LETTER


def seat_name(seats: Sequence[Seat], view: BTCView, position: int) -> str:
    return seats[position].name if position < view.players else "Ludwig"


def mini_castle(castle: CastleView, variables: dict[str, str]) -> Text:
    """One letter per room on its type's colour, floors upwards; the throne room is ``TT``."""
    cells = {(c.col, c.floor): c for c in castle.cells}
    cols = [c for c, _ in cells]
    floors = [f for _, f in cells]
    lines = []
    for floor in range(max(floors), min(floors) - 1, -1):
        line = Text(f"{floor:>2} ", style="dim")
        for col in range(min(cols), max(cols) + 1):
            cell = cells.get((col, floor))
            if cell is None:
                line.append(" ")
                continue
            colour = resolve_colour(variables, TYPE_COLOUR.get(cell.type, "board-cell"))
            line.append(
                TYPE_LETTER.get(cell.type, "?"), style=f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"
            )
        lines.append(line)
    return Text("\n").join(lines)


def castle_block(castle: CastleView, names: Sequence[str], variables: dict[str, str]) -> Text:
    head = Text.assemble((f"{castle.name} {castle.score}", "bold"), "\n", (" & ".join(names), "dim"), "\n")
    extra = []
    if castle.attendants:
        extra.append("attendants: " + ", ".join(castle.attendants))
    if castle.cards:
        extra.append("cards: " + ", ".join(str(c + 1) for c in castle.cards))
    tail = Text("\n" + "\n".join(extra), style="dim") if extra else Text("")
    return Text.assemble(head, mini_castle(castle, variables), tail)


class OverviewScreen(Dialog[None]):
    """Every castle at the table, small, with its score and builders."""

    CSS_PATH = "sheets.tcss"
    BINDINGS = [Binding("escape,enter,o,space", "close", "Back")]

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__()
        self.ctx = ctx

    def compose(self) -> ComposeResult:
        view, variables = self.ctx.view, self.app.theme_variables
        with Vertical():
            yield Static(Text(f"All castles · round {max(view.round, 1)}, turn {max(view.turn, 1)}", style="bold"))
            with VerticalScroll():
                for castle in view.castles:
                    names = [seat_name(self.ctx.seats, view, p) for p in castle.builders]
                    yield Static(castle_block(castle, names, variables))
            yield Static(
                "letters: F food L living U utility O outdoor S sleeping C corridor "
                "D downstairs f fountain t tower y foyer T throne · esc: back",
                classes="hint",
            )

    def action_close(self) -> None:
        self.dismiss(None)


class RevealScreen(Dialog[None]):
    """The pairs, revealed all at once: what each partner took (over the right-hand column)."""

    CSS_PATH = "sheets.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, view: BTCView, viewer: int | None, seats: Sequence[Seat]) -> None:
        super().__init__()
        self.view, self.viewer, self.seats = view, viewer, seats

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(reveal_text(self.view, self.viewer, self.seats, self.app.theme_variables))
            yield Static("enter: place your rooms", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def reveal_text(view: BTCView, viewer: int | None, seats: Sequence[Seat], variables: dict[str, str]) -> Text:
    partners: dict[int, str] = {}
    if viewer is not None and view.my_castles:
        for side, k in zip("LR", view.my_castles):
            for p in view.castles[k].builders:
                if p != viewer:
                    partners[p] = f"{side} {view.castles[k].name}"
    lines = [Text(f"Revealed · round {view.round}, turn {view.turn}", style="bold")]
    owners = sorted({t.owner for t in view.to_place}, key=lambda p: (p not in partners, p != viewer, p))
    sides = dict(zip(view.my_castles, "LR"))

    def where(t) -> str:
        """The castle a room is bound for: Ludwig's two rooms go to two different castles."""
        if t.castle >= 0:
            castle = view.castles[t.castle]
            return f" ({sides[t.castle]} {castle.name})" if t.castle in sides else f" ({castle.name})"
        return f" ({partners[t.owner]})" if t.owner in partners else ""

    for owner in owners:
        name = "You" if owner == viewer else seat_name(seats, view, owner)
        groups: dict[str, list[TileView]] = {}
        for t in view.to_place:
            if t.owner == owner:
                groups.setdefault(where(t), []).append(t)
        for place, rooms in groups.items():
            ours = owner == viewer or place.startswith((" (L ", " (R "))
            lines.append(Text(f"{name}{place}:", style="bold" if ours else "dim"))
            lines.extend(room_line(t, view, variables) for t in rooms)
    return Text("\n").join(lines)


def room_line(t: TileView, view: BTCView, variables: dict[str, str]) -> Text:
    card = next((c for c in view.room_cards if c.room == t.room), None)
    kind = card.type if card else ""
    colour = resolve_colour(variables, TYPE_COLOUR.get(kind, "board-cell"))
    return Text.assemble(
        "  ",
        (f" {TYPE_LETTER.get(kind, '?')} ", f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"),
        f" {t.name}",
    )


class FinalScoresScreen(Dialog[None]):
    """The end: the ranking (each player's lower castle) and every castle's score sheet."""

    CSS_PATH = "sheets.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, view: BTCView, seats: Sequence[Seat]) -> None:
        super().__init__()
        self.view, self.seats = view, seats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Final scoring: your lower castle counts", style="bold"))
            with VerticalScroll():
                yield Static(ranking_table(self.view, self.seats))
                yield Static(sheet_table(self.view))
            yield Static("enter: continue · arrows/pgdn scroll", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def ranking(view: BTCView) -> list[tuple[int, int, int]]:
    """(place, position, score), best first; ties share a place."""
    order = sorted(range(view.positions), key=lambda p: (-view.scores[p], p))
    out, place = [], 0
    for i, p in enumerate(order):
        if i == 0 or view.scores[p] != view.scores[order[i - 1]]:
            place = i + 1
        out.append((place, p, view.scores[p]))
    return out


def castles_of(view: BTCView, position: int) -> list[CastleView]:
    return [c for c in view.castles if position in c.builders]


def ranking_table(view: BTCView, seats: Sequence[Seat]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"),
        ("player", "left"),
        ("score", "right"),
        ("castles", "left"),
        ("", "left"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify, no_wrap=True)
    for place, p, score in ranking(view):
        mine = " / ".join(f"{c.name} {c.score}" for c in castles_of(view, p))
        table.add_row(
            str(place), fit_name(seat_name(seats, view, p), 14), str(score), mine, "winner" if p in view.winners else ""
        )
    return table


def sheet_table(view: BTCView) -> Table:
    table = Table(
        box=None, padding=(0, 1), header_style="bold", title="Score sheets", title_justify="left", title_style="bold"
    )
    table.add_column("", no_wrap=True)
    width = max(5, min(14, 60 // max(1, len(view.castles)) - 1))
    for castle in view.castles:
        table.add_column(castle.name[:width], justify="right", no_wrap=True)
    for category in CATEGORIES:
        cells: list[Any] = []
        for castle in view.castles:
            points = castle.sheet.row(category).total
            cells.append(str(points) if points else "·")
        table.add_row(category, *cells)
    table.add_row(Text("total", style="bold"), *(Text(str(c.score), style="bold") for c in view.castles))
    return table
