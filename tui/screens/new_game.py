"""New game: which game, how many players, who sits where (human or bot and its level),
names, an optional seed and the game's rule variants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static
from tui.widgets.edit_line import EditLine

from engine.core import GameConfig, IllegalAction, LogError, Seat
from engine.games import all_games, get_game

from ..bots import bot_levels, default_level
from ..games import has_ui
from ..widgets import OnOffCheckbox

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp


BOT_NAMES = ("Adalbert", "Brunhild", "Conrad", "Dietlind", "Eberhard", "Frieda")


def seat_kinds(game) -> list[tuple[str, str]]:
    return [("Human", "human")] + [(f"Bot: {lvl}", f"bot:{lvl}") for lvl in bot_levels(game)]


#: What each bot level does, for the line under the seats (the thinking levels' budgets: engine BUDGETS).
LEVEL_WORDS = {
    "random": "random: any legal move",
    "greedy": "greedy: the best move for now",
    "casual": "casual: thinks 0.2 s ahead",
    "expert": "expert: 1 s",
    "master": "master: 3 s",
}


def levels_text(game) -> str:
    """'Bots — random: any legal move · greedy: ...', for the levels this game has."""
    return "Bots — " + " · ".join(LEVEL_WORDS.get(level, level) for level in bot_levels(game))


def variant_label(variant) -> str:
    """'reach the sky: play until ...': the key in words, its description without repeating it."""
    name = variant.key.replace("-", " ")
    text = variant.description
    if text.lower().startswith(name.lower() + ":"):
        text = text[len(name) + 1 :].strip()
    return f"{name}: {text}"


def variant_fixed(game, players: int, variant) -> bool | None:
    """None where the switch means something with ``players``; True where the rule applies
    anyway (``Variant.always_with``); False where the game's own set-up refuses it."""
    from engine.core.game import rng_for, secret_from

    if players in variant.always_with:
        return True
    try:
        game.setup(GameConfig(players, frozenset({variant.key})), rng_for(secret_from(0), 0))
    except IllegalAction:
        return False
    return None


def default_seats(game, players: int, player_name: str) -> list[Seat]:
    strongest = f"bot:{default_level(game)}"
    return [Seat(player_name, "human")] + [Seat(BOT_NAMES[i - 1], strongest) for i in range(1, players)]


class NewGameScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("ctrl+g", "start", "Start"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        games = [g for g in all_games() if has_ui(g.id)]
        self.games = {g.id: g for g in games}
        self.game = self.games.get(game_id) or games[0]
        self.players = self.game.min_players

    def compose(self) -> ComposeResult:
        game = self.game
        name = self.app.settings.player_name
        seats = default_seats(game, game.max_players, name)
        with VerticalScroll(id="form", can_focus=False):  # tab goes field to field
            yield Static("New game", id="heading")
            with Horizontal(classes="row"):
                yield Label("Game")
                yield Select(
                    [(g.title, g.id) for g in self.games.values()],
                    value=game.id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
                yield Label("  Players")
                yield Select(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=self.players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            yield Static(game.description, id="description")
            for i, seat in enumerate(seats):
                with Horizontal(classes="seat", id=f"seat-{i}"):
                    yield Label(f"{i + 1}")
                    yield EditLine(seat.name, max_length=24, compact=True, id=f"name-{i}")
                    yield Select(seat_kinds(game), value=seat.kind, allow_blank=False, compact=True, id=f"kind-{i}")
            yield Static(levels_text(game), id="levels")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield EditLine(placeholder="random", restrict=r"[0-9]*", compact=True, id="seed")
            for variant in game.variants:
                yield OnOffCheckbox(variant_label(variant), id=f"variant-{variant.key}", compact=True)
            with Horizontal(id="buttons"):
                yield Button("Start (ctrl+g)", id="start", variant="primary", compact=True)
                yield Button("Back (esc)", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        # On the first field: an Enter pressed at once must not start a game by accident.
        self._ready("#game")

    def _ready(self, focus: str) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.app.settings.cursor_blink
        self._show_seats()
        self.query_one(focus).focus()

    def _show_seats(self) -> None:
        for i in range(self.game.max_players):
            self.query_one(f"#seat-{i}").display = i < self.players
        for variant in self.game.variants:
            fixed = variant_fixed(self.game, self.players, variant)
            box = self.query_one(f"#variant-{variant.key}", OnOffCheckbox)
            box.disabled = fixed is not None
            if fixed is not None:
                box.value = fixed
            box.tooltip = (
                None
                if fixed is None
                else (f"always on with {self.players} players" if fixed else f"not for {self.players} players")
            )

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str) and event.value != self.game.id:
            self.game = self.games[event.value]
            self.players = self.game.min_players
            self.refresh(recompose=True)
            self.call_after_refresh(self._ready, "#game")  # the player goes on from the field they changed
        elif event.select.id == "players" and isinstance(event.value, int):
            self.players = event.value
            self._show_seats()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def seats(self) -> list[Seat]:
        seats: list[Seat] = []
        for i in range(self.players):
            kind = str(self.query_one(f"#kind-{i}", Select).value)  # "human" or "bot:<level>"
            # A name emptied is the seat's default (it was the *next* seat's bot's: two Adalberts)
            default = f"Player {i + 1}" if kind == "human" else BOT_NAMES[(i - 1) % len(BOT_NAMES)]
            name = self.query_one(f"#name-{i}", Input).value.strip() or default
            taken, n = {seat.name for seat in seats}, 2
            unique = name
            while unique in taken:  # two seats of one name could not be told apart on the screen
                unique, n = f"{name} {n}", n + 1
            seats.append(Seat(unique, kind))
        return seats

    def config(self) -> GameConfig:
        chosen = [
            v.key
            for v in self.game.variants  # (a switch fixed on is the game's own rule)
            if self.query_one(f"#variant-{v.key}", OnOffCheckbox).value and self.players not in v.always_with
        ]
        return GameConfig(self.players, frozenset(chosen))

    def seed(self) -> int | None:
        """The seed typed to replay a known deal; None lets the match draw a secret nobody can guess."""
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if text else None

    def action_start(self) -> None:
        from .start import new_play_screen

        game_id, config, seats, seed = self.game.id, self.config(), self.seats(), self.seed()
        app = self.app
        try:
            screen = new_play_screen(app, game_id, config, seats, seed)
        except IllegalAction as exc:  # a choice the game refuses (a variant for another count)
            app.bell()
            app.notify(f"Cannot start: {exc.reason}. Change it here and start again.", severity="error", timeout=8)
            return
        except (LogError, OSError) as exc:  # the saves folder cannot be made or written
            app.bell()
            app.notify(
                f"Cannot start: {getattr(exc, 'strerror', None) or exc}. Choose another saves "
                "folder (bergfried --saves-dir).",
                severity="error",
                timeout=8,
            )
            return
        app.pop_screen()
        app.push_screen(screen)


def parse_seat(text: str, index: int, game_id: str, player_name: str) -> Seat:
    """A ``--seat`` argument: ``human``, ``bot:<level>``, optionally ``=Name`` after it."""
    kind, _, name = text.partition("=")
    kind = kind.strip().lower()
    game = get_game(game_id)
    allowed = {k for _, k in seat_kinds(game)}
    if kind not in allowed:
        raise ValueError(f"seat {index + 1}: {kind!r} is not one of {', '.join(sorted(allowed))}")
    if not name:
        name = player_name if kind == "human" and index == 0 else BOT_NAMES[(index - 1) % len(BOT_NAMES)]
        if kind == "human" and index > 0:
            name = f"Player {index + 1}"
    return Seat(name.strip()[:24], kind)
