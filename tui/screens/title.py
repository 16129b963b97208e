"""The first screen: the games on offer and the main menu."""

from __future__ import annotations

import textwrap
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp


MENU = (
    ("new", "New game", "n"),
    ("continue", "Continue", "c"),
    ("load", "Load", "l"),
    ("replays", "Replays", "r"),
    ("settings", "Settings", "s"),
    ("help", "Help", "h"),
    ("quit", "Quit", "q"),
)


def player_range(game) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players}–{game.max_players} players"


class TitleScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "title.tcss"

    BINDINGS = [
        Binding("n", "new_game", "New"),
        Binding("c", "continue_game", "Continue"),
        Binding("l", "load", "Load"),
        Binding("r", "replays", "Replays"),
        Binding("s", "app.settings", "Settings"),
        Binding("h", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("B E R G F R I E D   ·   castle games for the terminal", id="banner")
        with Horizontal(id="columns"):
            with Vertical(id="games-box"):
                yield Static("Games", classes="panel-title")
                yield OptionList(*self._game_options(), id="game-list")
            with Vertical(id="menu-box"):
                yield Static("Menu", classes="panel-title")
                yield OptionList(
                    *(Option(Text.assemble((key, "bold"), "  ", label), id=action) for action, label, key in MENU),
                    id="menu-list",
                )
        yield Static("", id="continue-hint")
        yield Footer()

    def _game_options(self) -> list[Option]:
        from engine.games import LISTINGS

        from ..games import has_ui

        options = []
        for game in (g for g in LISTINGS if has_ui(g.id)):
            # The blurb wrapped here, at a word, so the list never breaks a line at 80 columns.
            blurb = "\n".join(textwrap.wrap(game.description, 46))
            prompt = Text.assemble((game.title, "bold"), "  ", (player_range(game), "italic"), "\n", (blurb, "dim"))
            options.append(Option(prompt, id=game.id))
        return options

    def on_mount(self) -> None:
        # The games are listed from the registry, so no game's rules load before the first frame.
        games = self.query_one("#game-list", OptionList)
        games.focus()
        games.highlighted = 0
        # The Continue line follows on ScreenResume, which comes after mount too (once, not twice).

    def _show_continue(self) -> None:
        """The Continue line from the save index at once; files changed since are checked in a thread."""
        from ..saves import SaveIndex

        index = SaveIndex(self.app.settings.saves_dir)
        latest, stale = index.latest_cached()
        self._set_continue(latest)
        if stale:
            self.run_worker(partial(self._check_saves, index), thread=True, group="saves", exclusive=True)

    def _check_saves(self, index) -> None:
        latest = next((i for i in index.refresh() if i.can_continue), None)
        self.app.call_from_thread(self._set_continue, latest)

    def _set_continue(self, latest) -> None:
        hint = ""
        if latest:
            hint = f"Continue: {latest.title} with {latest.players} ({latest.date})"
            if len(hint) > self.app.size.width - 4:
                count = latest.players.count(",") + 1
                hint = f"Continue: {latest.title}, {count} players ({latest.date})"
        self.query_one("#continue-hint", Static).update(hint)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "game-list":
            self.action_new_game(event.option.id)
        else:
            action = event.option.id
            target = {
                "settings": "app.settings",
                "help": "app.help",
                "quit": "app.quit",
                "new": "new_game",
                "continue": "continue_game",
            }.get(action, action)
            await self.run_action(target)

    def action_new_game(self, game_id: str | None = None) -> None:
        from .new_game import NewGameScreen

        if game_id is None:
            games = self.query_one("#game-list", OptionList)
            option = games.highlighted_option
            game_id = option.id if option else None
        self.app.push_screen(NewGameScreen(game_id))

    def on_screen_resume(self) -> None:
        self._show_continue()

    def action_continue_game(self) -> None:
        from ..saves import latest_unfinished
        from .start import resume_game

        latest = latest_unfinished(self.app.settings.saves_dir)
        if latest is None:
            self.notify("There is no unfinished game to continue.", severity="warning")
            return
        resume_game(self.app, latest.path)

    def action_load(self) -> None:
        from .saves import SavesScreen

        self.app.push_screen(SavesScreen(mode="load"))

    def action_replays(self) -> None:
        from .saves import SavesScreen

        self.app.push_screen(SavesScreen(mode="replay"))
