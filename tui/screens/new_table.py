"""A new table on an SSH server: the game, its seats, and a bot for players who stay away.

Every seat but the creator's is open, a bot level, a player who has logged in before, or
*invite by name*: any name, even one nobody has logged in with yet (the seat waits for the
first key that claims that name).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, Select, Static
from tui.widgets.edit_line import EditLine

from engine.games import LISTINGS, get_game
from engine.lobby import valid_name
from tui.screens import modal

from ..games import has_ui

#: How long a player may be away from a started game before a bot plays for them.
STAND_IN = [
    ("no stand-in bot", 0),
    ("a bot plays after 10 min away", 600),
    ("a bot plays after 1 hour away", 3600),
    ("a bot plays after 1 day away", 86400),
    ("a bot plays after 3 days away", 3 * 86400),
]


def _default_level(game) -> str:
    """A stand-in that plays sensibly and answers at once (the strongest levels search)."""
    return "greedy" if "greedy" in game.bot_levels else game.bot_levels[0]


class Dialog(VerticalScroll, can_focus=False):
    """Scrolls, but is no stop for tab: tab goes field to field."""


@dataclass(frozen=True)
class NewTable:
    game: str
    seats: list[str]
    stand_in_after: float | None = None
    stand_in_level: str = ""


class NewTableScreen(modal.Dialog[NewTable | None]):
    """Game, number of players, every other seat, and the stand-in bot."""

    CSS_PATH = "new_table.tcss"
    BINDINGS = [
        # (ctrl+g as on the local New game screen: enter belongs to the field that has the focus)
        Binding("ctrl+g", "create", "Create", key_display="^g"),
        Binding("escape", "cancel", "Back"),
    ]

    def __init__(self, players: list[str]) -> None:
        super().__init__()
        self.others = players
        self.games = [g for g in LISTINGS if has_ui(g.id)]

    def compose(self) -> ComposeResult:
        first = get_game(self.games[0].id)
        # The whole dialog scrolls (six players and the stand-in do not fit 24 lines); the focused
        # field is always scrolled into sight.
        with Dialog(id="dialog"):
            yield Static("A new table (you take seat 1)", classes="panel-title")
            yield Select([(g.title, g.id) for g in self.games], value=self.games[0].id, allow_blank=False, id="game")
            yield Select(
                [(f"{n} players", n) for n in range(first.min_players, first.max_players + 1)],
                allow_blank=False,
                id="players",
            )
            with Vertical(id="seats"):
                most = max(get_game(g.id).max_players for g in self.games)
                for i in range(1, most):
                    with Horizontal(classes="row seat-row"):
                        yield Static(f"seat {i + 1}", classes="seat-label")  # (a Select shows only its value)
                        yield Select(
                            self._seat_options(first),
                            value="open",
                            allow_blank=False,
                            prompt=f"seat {i + 1}",
                            classes="seat",
                        )
                        yield EditLine(placeholder=f"name for seat {i + 1}", max_length=24, classes="invite-name")
            with Horizontal(classes="row"):
                yield Select(STAND_IN, value=0, allow_blank=False, id="stand-in")
                yield Select(self._levels(first), value=_default_level(first), allow_blank=False, id="stand-in-level")
            yield Static("", id="new-table-error")
            with Horizontal(id="buttons"):
                yield Button("Create (ctrl+g)", variant="primary", id="create")
                yield Button("Back (esc)", id="cancel")
        yield Footer()
        self._game = first

    def on_mount(self) -> None:
        self._set_game(self.games[0].id)
        # On the first field: an Enter pressed at once must not create a table by accident.
        self.query_one("#game", Select).focus()

    def _levels(self, game) -> list[tuple[str, str]]:
        return [(f"{level} bot", level) for level in game.bot_levels]

    def _set_game(self, game_id: str) -> None:
        self._game = get_game(game_id)
        for select in self._seats():
            select.set_options(self._seat_options(self._game))
        level = self.query_one("#stand-in-level", Select)
        level.set_options(self._levels(self._game))
        level.value = _default_level(self._game)
        counts = range(self._game.min_players, self._game.max_players + 1)
        players = self.query_one("#players", Select)
        players.set_options([(f"{n} players", n) for n in counts])
        players.value = self._game.min_players
        self._show_seats(self._game.min_players)

    def _seat_options(self, game) -> list[tuple[str, str]]:
        options = [("open seat", "open")]
        options += [(f"bot: {level}", f"bot:{level}") for level in game.bot_levels]
        options += [("invite by name…", "invite")]
        options += [(f"invite {name}", f"invite:{name}") for name in self.others]
        return options

    def _seats(self) -> list[Select]:
        return list(self.query(".seat").results(Select))

    def _show_seats(self, count: int) -> None:
        # The seat pickers are made once and shown or hidden: remounting them races their mount.
        for i, row in enumerate(self.query(".seat-row")):
            row.display = i < count - 1
            name = row.query_one(Input)
            name.display = row.query_one(Select).value == "invite"

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str) and event.value != self._game.id:
            self._set_game(event.value)
        elif event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif event.select.has_class("seat"):
            name = event.select.parent.query_one(Input)
            name.display = event.value == "invite"
            if name.display:
                name.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_create()

    def action_create(self) -> None:
        seats = ["me"]
        for row in self.query(".seat-row"):
            if not row.display:
                continue
            value = str(row.query_one(Select).value)
            if value == "invite":
                name = row.query_one(Input).value.strip()
                if not valid_name(name):
                    self.query_one("#new-table-error", Static).update(
                        f"Invite whom? {name!r} is not a name (a letter, then letters, digits, _ . -)."
                        if name
                        else "Type the name of the player to invite."
                    )
                    self.app.bell()
                    return
                value = f"invite:{name}"
            seats.append(value)
        after = self.query_one("#stand-in", Select).value
        level = str(self.query_one("#stand-in-level", Select).value)
        self.dismiss(
            NewTable(
                self._game.id,
                seats,
                float(after) if isinstance(after, (int, float)) and after else None,
                level if after else "",
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
