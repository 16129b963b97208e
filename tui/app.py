"""The Bergfried App: one per terminal (or, later, per SSH connection).

Everything an App needs arrives through its constructor (a :class:`Settings`, and optionally
what to open first); it keeps its state on itself, never in module globals, so many Apps can
share one event loop and the same Match objects.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from rich.console import Console
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.filter import ANSIToTruecolor, LineFilter, Monochrome, NoColor
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES

from themes import DEFAULT_THEME, THEMES, GlyphSet, board_defaults, glyphs_for

from .no_colour import NoColour
from .settings import Settings

#: The smallest terminal every screen is laid out for.
MIN_SIZE = Size(80, 24)

StartScreen = Callable[["BergfriedApp"], Screen]

#: Textual's own screen keys; moving focus and copying are not commands worth listing.
NAVIGATION = frozenset({"app.focus_next", "app.focus_previous", "screen.copy_text"})


class BergfriedApp(App[None]):
    TITLE = "Bergfried"
    #: Seconds between frames of a thinking bot's spinner (an SSH server has many to draw).
    SPINNER_INTERVAL = 0.1
    BINDINGS = [
        Binding("f1", "help", "Help", show=False),
        Binding("ctrl+s", "settings", "Settings", show=False),
    ]
    # Under NO_COLOR a light background is drawn in reverse video (tui/no_colour.py), the one mark
    # of focus there is: so no button is lit but the focused one (which Textual reverses), and a
    # focused field is reversed too (bold alone hardly shows).
    CSS = """
    .panel-title { color: $text-muted; text-style: bold; }
    App.-no-colour Button { background: $panel; }
    App.-no-colour Select:focus > SelectCurrent, App.-no-colour Input:focus { text-style: bold reverse; }
    """

    def __init__(self, settings: Settings, start: StartScreen | None = None, tables: Any = None) -> None:
        """``tables``: the host of the games in progress; an SSH server shares one among its
        Apps, while a local App makes its own and closes its tables when it ends."""
        super().__init__()
        # Textual prints a crash's traceback with every frame's locals, a game's state among them
        # (every hand, the deck order): that print goes nowhere, and the caller says one line
        # instead when the App ends with an error (tui.cli.run_app; return_code is then 1).
        self.error_console = Console(file=io.StringIO(), markup=False, highlight=False)
        self.settings = settings
        self._start = start
        self._own_tables = tables is None
        self._tables = tables
        # The terminal reports its size before on_mount has pushed the title; a guard pushed then
        # would end up underneath it, so resizes count only once the screens are in place.
        self._screens_ready = False
        self._size_guard: Screen | None = None
        self._apply_no_color(settings.no_color)
        self._ascii_filter: LineFilter | None = None
        self._apply_ascii(settings.ascii)
        self._truecolor: ANSIToTruecolor | None = None  # made for the ANSI theme _truecolor_for
        self._truecolor_for: object = None
        for theme in THEMES.values():
            self.register_theme(theme)
        self._set_first_theme(settings.theme if settings.theme in THEMES else DEFAULT_THEME)
        for name in BUILTIN_THEMES:
            # Only our themes carry the board variables; offering others would draw grey boards.
            self.unregister_theme(name)
        if not settings.animations:
            self.animation_level = "none"

    def _set_first_theme(self, name: str) -> None:
        """What assigning ``App.theme`` does, minus its watcher's deferred re-parse of every
        stylesheet: no CSS has been parsed yet, so the first parse takes the theme's variables
        (instead of twice)."""
        self.set_reactive(App.theme, name)  # type: ignore[arg-type] # Textual's documented call: the reactive itself
        self.stylesheet.set_variables(self.get_css_variables())
        dark = self.current_theme.dark
        classes = {c: False for c in self.classes if c.startswith("-theme-")}
        self.update_classes(
            {**classes, f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark}, update=False
        )

    def _apply_no_color(self, no_color: bool) -> None:
        # Textual decides NO_COLOR from os.environ in App.__init__; here the Settings decide,
        # so an SSH session's own NO_COLOR wins over the server process's environment.
        self.no_color = no_color
        self._no_colour = NoColour() if no_color else None  # not even greys (tui/no_colour.py)
        self.set_class(no_color, "-no-colour", update=False)

    def _apply_ascii(self, ascii_only: bool) -> None:
        self._ascii_filter = None
        if ascii_only:
            from .ascii import AsciiFilter  # loaded only for the terminals that need it

            self._ascii_filter = AsciiFilter()

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters as our settings want them (its public hook, which every widget asks):
        its NO_COLOR filters give way to ours, which the Settings decide; its ANSI-to-truecolor
        filter is made for the theme shown (the first theme is set without Textual's watcher,
        which would remake it); then the ASCII filter."""
        filters: list[LineFilter] = []
        for f in super().get_line_filters():
            if isinstance(f, ANSIToTruecolor):
                filters.append(self._truecolor_filter())
            elif not isinstance(f, (NoColor, Monochrome)):
                filters.append(f)
        if self._no_colour is not None:
            filters.append(self._no_colour)
        if self._ascii_filter is not None:
            filters.append(self._ascii_filter)
        return filters

    def _truecolor_filter(self) -> ANSIToTruecolor:
        theme = self.ansi_theme
        if self._truecolor is None or self._truecolor_for is not theme:
            self._truecolor, self._truecolor_for = ANSIToTruecolor(theme), theme
        return self._truecolor

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if self.settings.ascii and not shown.isascii():
            return binding.key.split(",")[0].replace("_", " ")
        return shown

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return board_defaults()

    @property
    def glyphs(self) -> GlyphSet:
        return glyphs_for(self.theme, self.settings.ascii)

    def home_screen(self) -> Screen:
        """The screen at the bottom of the stack (an SSH session's is its lobby)."""
        from .screens.title import TitleScreen

        return TitleScreen()

    #: Whether the home screen is the App's first screen (``get_default_screen``) instead of
    #: being pushed over Textual's empty default one.
    HOME_IS_DEFAULT = False

    def get_default_screen(self) -> Screen:
        return self.first_screen() if self.HOME_IS_DEFAULT else super().get_default_screen()

    def first_screen(self) -> Screen:
        """The home screen, made the App's first screen (when ``HOME_IS_DEFAULT``)."""
        return self.home_screen()

    def on_mount(self) -> None:
        if not self.HOME_IS_DEFAULT:
            self.push_screen(self.home_screen())
        if self._start is not None:
            self.push_screen(self._start(self))
        self._screens_ready = True
        self._guard_size(self.size)

    @property
    def tables(self):
        """The host of this App's games in progress (made on first use: the engine loads late)."""
        if self._tables is None:
            from engine.core import TableHost
            from engine.games import get_game

            self._tables = TableHost(get_game, bot_delay=self.settings.bot_delay, durable=self.settings.durable)
        return self._tables

    def on_unmount(self) -> None:
        if self._own_tables and self._tables is not None:
            self._tables.close_all()

    # -- the size guard -------------------------------------------------------------------

    @property
    def too_small(self) -> bool:
        return self.size.width < MIN_SIZE.width or self.size.height < MIN_SIZE.height

    def on_resize(self, event: Resize) -> None:
        if self._screens_ready:
            self._guard_size(event.size)

    def _guard_size(self, size: Size) -> None:
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        guard = self._size_guard if self._size_guard in self.screen_stack else None
        if small and guard is None:
            from .screens.size_guard import TooSmallScreen  # loaded when first needed

            self._size_guard = TooSmallScreen(MIN_SIZE)
            self.push_screen(self._size_guard)
        elif not small and guard is not None and self.screen is guard:
            self.pop_screen()

    # -- settings -------------------------------------------------------------------------

    def use_theme(self, name: str) -> None:
        """Switch theme now and remember it for next time."""
        self.theme = name
        self.settings.theme = name
        self.settings.save()

    def refresh_glyphs(self) -> None:
        """Redraw every screen with the current glyph set (after a theme or ASCII switch)."""
        self._apply_ascii(self.settings.ascii)
        self.refresh(layout=True)
        for screen in self.screen_stack:
            if hasattr(screen, "redraw"):
                screen.redraw()

    def go_title(self) -> None:
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    def watch_theme(self, name: str) -> None:
        # The palette's theme picker sets App.theme directly; keep Settings in step with it.
        if name in THEMES and self.settings.theme != name:
            self.settings.theme = name
            self.settings.save()
        self.refresh_glyphs()

    # -- actions everywhere ---------------------------------------------------------------

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            game = getattr(self.screen, "game", None)
            self.push_screen(HelpScreen(game.id if game is not None else None))

    async def action_quit(self) -> None:
        """Quitting asks first (q sits next to keys players press often); games stay saved."""
        from .screens.dialogs import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        question = "Quit Bergfried?\nGames in progress are saved: Continue resumes them next time."
        self.push_screen(ConfirmScreen(question, "Quit", "Stay"), answered)

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every keyed action of the current screen, then the app-wide ones."""
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.description or not active.enabled or binding.description in seen:
                continue
            # Hidden widget keys (arrows, tab, copy) are navigation, not commands.
            if not binding.show and active.node is not screen or binding.system:
                continue
            if binding.action in NAVIGATION:
                continue
            seen.add(binding.description)
            keys = self.get_key_display(binding)
            yield SystemCommand(
                binding.description, f"key: {keys}", partial(self.run_action, binding.action, active.node)
            )
        for name in THEMES:
            yield SystemCommand(
                f"Theme: {name}", "Switch the colour theme", partial(self.use_theme, name), discover=False
            )
        if "Help" not in seen:
            yield SystemCommand("Help", "Rules of each game and the keys", self.action_help)
        if "Settings" not in seen:
            yield SystemCommand("Settings", "Theme, bot speed, your name", self.action_settings)
        yield SystemCommand("Quit", "Leave Bergfried (games are saved as they are played)", self.action_quit)
