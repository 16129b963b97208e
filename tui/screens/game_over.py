"""The end of a match: the ranking, and the way to its replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import JustifyMethod
from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from engine.core import Table
from tui.screens.modal import Dialog

from ..games.base import ViewContext

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp


def ranking(table: Table) -> RichTable:
    from tui.games import game_ui

    result = table.result
    # A winner ranks above those it tied with on score: the game broke the tie (Castle Builder's
    # baron that travelled furthest), and "1 · 1 · 1" beside one "winner" read as a contradiction.
    standing = {s: (-result.scores[s], s not in result.winners) for s in range(len(table.seats))}
    order = sorted(standing, key=lambda s: (standing[s], s))
    out = RichTable(box=None, padding=(0, 2), header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"),
        ("player", "left"),
        (game_ui(table.game.id).score_word, "right"),  # what the game counts: points, coins
        ("", "left"),
    )
    for column, justify in columns:
        out.add_column(column, justify=justify)
    place = 0
    for i, seat in enumerate(order):
        if i == 0 or standing[seat] != standing[order[i - 1]]:
            place = i + 1
        seat_info = table.seats[seat]
        out.add_row(
            str(place),
            seat_info.label,
            str(result.scores[seat]),
            "winner" if seat in result.winners else "",
        )
    return out


def winners_line(table: Table) -> str:
    """ "Adalbert wins!", "You win!", "Ann and Bob win!", "Nobody wins." """
    names = [table.seats[s].name for s in table.result.winners]
    if not names:
        return "nobody wins."
    verb = "win" if len(names) > 1 or names == ["You"] else "wins"
    return f"{' and '.join(names)} {verb}!"


class GameOverScreen(Dialog[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "game_over.tcss"
    # The dialog that ends a game needs a deliberate key: the enter that laid the last card
    # (pressed twice out of habit) must not sweep the result away, so enter does nothing here.
    BINDINGS = [
        Binding("s", "scores", "Scores"),
        Binding("r", "replay", "Replay"),
        Binding("c", "story", "Chart"),
        Binding("b,escape", "close", "Board"),
        Binding("t", "title", "Title"),
    ]

    AUTO_FOCUS = ""  # nothing focused: enter presses no button

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]Game over[/b] — {winners_line(self.table)}")
            yield Static(ranking(self.table))
            with Horizontal():
                yield Button("Scores (s)", id="scores", variant="primary", compact=True)
                yield Button("Replay (r)", id="replay", compact=True)
                yield Button("Chart (c)", id="story", compact=True)
                yield Button("Board (b)", id="close", compact=True)
                yield Button("Title (t)", id="title", compact=True)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id)

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # so no enter can press one; clicks and keys still do

    def action_scores(self) -> None:
        from tui.games import game_ui

        from .dialogs import BreakdownScreen

        table = self.table
        ctx = ViewContext(table.game, table.view(None), None, table.seats, (), self.app.glyphs)
        body = game_ui(table.game.id).breakdown(ctx)
        self.app.push_screen(BreakdownScreen("Final scores", body if body is not None else ranking(table)))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        screen = ReplayScreen.from_table(self.table)
        self.dismiss(None)
        self.app.push_screen(screen)

    def action_story(self) -> None:
        """The game's story: the chart over its replay, at the end (escape leaves the replay)."""
        from .replay import ReplayScreen
        from .story import StoryScreen

        screen = ReplayScreen.from_table(self.table)
        screen.cursor.seek(screen.stops[-1])  # drawn there when it mounts
        self.dismiss(None)
        self.app.push_screen(screen)
        self.app.push_screen(StoryScreen(screen))

    def action_title(self) -> None:
        self.dismiss(None)
        self.app.go_title()
