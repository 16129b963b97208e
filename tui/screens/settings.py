"""Settings: theme, ASCII glyphs, the pause between bot moves, your name. Saved at once.
(Over SSH: theme and glyphs only.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Select, Static
from tui.widgets.edit_line import EditLine

from themes import THEME_NAMES

from ..widgets import OnOffCheckbox
from .saves import short_path

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp

DELAYS = (0.0, 0.3, 0.6, 1.0, 2.0)


class SettingsScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        delays = sorted(set(DELAYS) | {s.bot_delay})
        # Over SSH the key names the player, the server paces its bots and the paths are the host's.
        local = not getattr(self.app, "remote", False)
        with VerticalScroll(id="form", can_focus=False):  # tab goes field to field
            yield Static("[b]Settings[/b] (saved as soon as they change)")
            with Horizontal():
                yield Label("Theme")
                yield Select(
                    [(n, n) for n in THEME_NAMES], value=self.app.theme, allow_blank=False, compact=True, id="theme"
                )
            if local:
                with Horizontal():
                    yield Label("Pause between bot moves")
                    yield Select(
                        [(f"{d:g} s" if d else "none", d) for d in delays],
                        value=s.bot_delay,
                        allow_blank=False,
                        compact=True,
                        id="delay",
                    )
                with Horizontal():
                    yield Label("Your name")
                    yield EditLine(s.player_name, max_length=24, compact=True, id="name")
            with Horizontal():
                yield Label("Glyphs")
                yield OnOffCheckbox("ASCII only", s.ascii, compact=True, id="ascii")
            if not local:  # notices come only from a server's other tables
                with Horizontal():
                    yield Label("Notices")
                    yield OnOffCheckbox("Ring the bell", s.bell, compact=True, id="bell")
            if local:
                width = self.app.size.width - 20
                yield Static(
                    f"Config file: {short_path(s.config_path, width)}\nSaved games: {short_path(s.saves_dir, width)}",
                    id="where",
                )
        yield Footer()

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.app.settings.cursor_blink
        self.query_one("#theme").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        s = self.app.settings
        if event.select.id == "theme" and isinstance(event.value, str) and event.value != self.app.theme:
            self.app.use_theme(event.value)
        elif event.select.id == "delay" and isinstance(event.value, (int, float)):
            s.bot_delay = float(event.value)
            s.save()

    def on_input_changed(self, event: Input.Changed) -> None:
        name = event.value.strip()
        if name:
            self.app.settings.player_name = name
            self.app.settings.save()
        else:  # an emptied name kept the old one without a word: the empty line says which
            event.input.placeholder = f"{self.app.settings.player_name} (kept: a name cannot be empty)"

    def on_checkbox_changed(self, event: OnOffCheckbox.Changed) -> None:
        if event.checkbox.id == "bell":
            self.app.settings.bell = event.value
            self.app.settings.save()
            return
        self.app.settings.ascii = event.value
        self.app.settings.save()
        self.app.refresh_glyphs()
