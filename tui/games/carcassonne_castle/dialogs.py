"""The two dialogs of the castle: the follower chooser after enter on the board, and the final
scoring's table once the last card is laid."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Seat
from engine.games.carcassonne_castle import (
    ROLE_NAMES,
    TILE_NAMES,
    CastleView,
    Completion,
    PlaceCard,
)
from tui.screens.modal import Dialog

from ..base import ViewContext
from .look import DIRECTION_NAMES, DIRS, KIND_NAMES, Square

PLAYABLE_TILES = (1, 2, 3)
KIND_OF_ROLE = {"H": "road", "K": "tower", "S": "house", "M": "court"}


def completion_text(done: Sequence[Completion], names: Sequence[str]) -> str:
    parts = []
    for c in done:
        who = f"{names[c.winner]} +{c.points}" if c.winner >= 0 else "nobody scores"
        parts.append(f"{KIND_NAMES[c.kind]} of {c.size}: {who}")
    return "; ".join(parts)


def role_text(view: CastleView, role: str, side: str) -> str:
    if not role:
        return "no follower"
    name = ROLE_NAMES[role]
    kind = KIND_NAMES[KIND_OF_ROLE[role]]
    if role == "H" and view.drawn is not None and view.drawn.roads > 1:
        return f"{name} on the road leaving {DIRECTION_NAMES[side]}"
    return f"{name} on the {kind}"


class FollowerScreen(Dialog[PlaceCard | None]):
    """After enter on the board: which follower goes on the card (or none), and wall tiles 1–3.
    Each choice says what it would complete at once (``game.preview``)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Back to the board"),
        Binding("1", "tile(1)", "Tile 1", show=False),
        Binding("2", "tile(2)", "Tile 2", show=False),
        Binding("3", "tile(3)", "Tile 3", show=False),
    ]

    def __init__(self, ctx: ViewContext, square: Square, facing: int, choices: Sequence[PlaceCard]) -> None:
        super().__init__()
        self.ctx, self.square, self.facing, self.choices = ctx, square, facing, tuple(choices)
        roles: list[tuple[str, str]] = []
        for a in self.choices:
            if (a.role, a.side) not in roles:
                roles.append((a.role, a.side))
        self.roles = tuple(roles)
        self.held = tuple(t for t in PLAYABLE_TILES if any(t in a.tiles for a in self.choices))
        self.picked: set[int] = set()

    def _as_seen(self, role: str = "", side: str = "") -> PlaceCard:
        """The move as the player turned the card (the engine reads either mirror image)."""
        return PlaceCard(self.square[0], self.square[1], DIRS[self.facing], role, side)

    def compose(self) -> ComposeResult:
        ctx, names = self.ctx, [s.name for s in self.ctx.seats]
        where = ctx.game.format_action(None, ctx.seat, self._as_seen())
        with Vertical():
            yield Static(f"Lay {where}: {ctx.view.drawn.name}", id="head")
            options = []
            for role, side in self.roles:
                text = Text(role_text(ctx.view, role, side))
                if role == "M":
                    text.append("\n  merchants never come back", style="dim")
                done = ctx.game.preview(ctx.view, self._as_seen(role, side))
                if done:
                    text.append(f"\n  {completion_text(done, names)}", style="dim")
                options.append(Option(text, id=f"{role}{side}"))
            yield OptionList(*options, id="roles")
            yield Static("", id="tiles")
            yield Static("enter: lay it · esc: back", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#roles", OptionList).highlighted = 0
        self._show_tiles()

    def _usable(self) -> set[int]:
        """Wall tiles that may go with the highlighted follower choice."""
        role, side = self._role()
        return {t for a in self.choices if (a.role, a.side) == (role, side) for t in a.tiles}

    def _role(self) -> tuple[str, str]:
        index = self.query_one("#roles", OptionList).highlighted or 0
        return self.roles[index]

    def _show_tiles(self) -> None:
        if not self.held:
            self.query_one("#tiles", Static).display = False
            return
        usable = self._usable()
        lines = [Text("Wall tiles (press 1–3):", style="bold")]
        for t in self.held:
            mark = "[x]" if t in self.picked and t in usable else "[ ]"
            style = "" if t in usable else "dim strike"
            lines.append(Text(f" {mark} {t} {TILE_NAMES[t]}", style=style))
        self.query_one("#tiles", Static).update(Text("\n").join(lines))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_tiles()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        role, side = self.roles[event.option_index]
        tiles = tuple(sorted(self.picked & self._usable()))
        action = next(
            (a for a in self.choices if (a.role, a.side, tuple(sorted(a.tiles))) == (role, side, tiles)), None
        )
        if action is not None:
            self.dismiss(action)
        else:
            self.notify("That combination is not allowed.", severity="warning")

    def action_tile(self, tile: int) -> None:
        if tile not in self.held:
            self.notify(f"You hold no wall tile {tile}.", severity="warning")
            return
        if tile not in self._usable():
            self.notify(f"Wall tile {tile} ({TILE_NAMES[tile]}) does nothing with this choice.", severity="warning")
            return
        self.picked ^= {tile}
        self._show_tiles()

    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the final scoring ------------------------------------------------------------------------


class FinalScoringScreen(Dialog[None]):
    """The final scoring: each item and who it paid, from the view at the end of the game."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(
        self,
        rows: Sequence[tuple[str, Sequence[int]]],
        before: Sequence[int],
        after: Sequence[int],
        seats: Sequence[Seat],
    ) -> None:
        super().__init__()
        self.rows, self.before, self.after, self.seats = rows, before, after, seats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("The last card is laid: final scoring", style="bold"))
            yield Static(final_table(self.rows, self.before, self.after, self.seats))
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def final_table(
    rows: Sequence[tuple[str, Sequence[int]]], before: Sequence[int], after: Sequence[int], seats: Sequence[Seat]
) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("", no_wrap=True)
    for seat in seats:
        table.add_column(seat.name[:12], justify="right")
    table.add_row("during play", *(str(v) for v in before))
    for label, points in rows:
        table.add_row(label, *(f"+{v}" if v else "·" for v in points))
    table.add_row(Text("total", style="bold"), *(Text(str(v), style="bold") for v in after))
    return table


def final_rows(view: CastleView, players: int) -> list[tuple[str, list[int]]]:
    """One row per final scoring item, in the order the rulebook scores them."""
    rows: list[tuple[str, list[int]]] = []
    for item in view.final:
        points = [0] * players
        if item.kind == "palas":
            sizes = "/".join(str(s) for s in item.sizes)
            nobody = ": a tie, nobody" if any(item.sizes) else ": no palas, nobody"
            label = f"largest palas (houses {sizes})" + ("" if item.seat >= 0 else nobody)
        elif item.kind == "courtyard":
            label = f"courtyard, {item.markets} market{'s' if item.markets != 1 else ''}" + (
                " (tile 7)" if item.tile else ""
            )
        else:
            label = f"wall tile {item.tile}: {TILE_NAMES[item.tile]}"
        if item.seat >= 0:
            points[item.seat] = item.points
        rows.append((label, points))
    return rows
