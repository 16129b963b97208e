"""Finished games over SSH (issue 29): a player's history (yours, or anyone's by name) with each
game's result; ``enter`` replays one in the viewer, ``e`` exports its save file. Opened from the
lobby with ``h``.

A session never reaches the host's files, so an export is sent to the player's own terminal: the
save file is put on their clipboard (OSC 52, which most terminals accept: paste it into a
``.jsonl`` file and ``bergfried replay`` opens it), and a copy is kept on the server in
``players/NAME/exports/`` for the host to hand over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from engine.core.errors import LogError
from engine.games import get_game
from engine.store.db import StoreError
from engine.together.history import finished_log, history
from engine.together.text import inert

from .replay import ReplayScreen, movers

if TYPE_CHECKING:
    from textual import getters
    from tui.server.child import RemoteApp


class RemoteReplayScreen(ReplayScreen):
    """The replay viewer for a server's finished game: nothing that writes the host's files or
    starts a local game."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play_on", "share"):
            return False
        return super().check_action(action, parameters)


class HistoryScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    DEFAULT_CSS = """
    HistoryScreen { layout: vertical; }
    HistoryScreen #history-heading { height: 2; padding: 0 1; text-style: bold; color: $primary; }
    HistoryScreen #history { height: 1fr; }
    HistoryScreen Input { height: 1; margin: 1 1 0 1; }
    HistoryScreen #history-status { height: 2; padding: 0 1; background: $panel; }
    HistoryScreen #history-status.-error { color: $error; }
    """
    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),  # (before the list's own enter)
        Binding("e", "export", "Export"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.whose = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="history-heading")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Input(
            placeholder="another player's name · enter shows their games", id="whose", max_length=24, compact=True
        )
        yield Static("enter: replay · e: export the save file · tab: look up a player", id="history-status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Finished games"
        self.show(self.app.player.name)
        self.query_one("#history", DataTable).focus()

    @property
    def store(self):
        return self.app.player.lobby.store

    def show(self, name: str) -> None:
        games = history(self.store, name)
        self.whose = name
        won = sum(g.won for g in games)
        self.query_one("#history-heading", Static).update(
            f"{inert(name, 24)}: {len(games)} finished game{'s' * (len(games) != 1)}, {won} won"
        )
        table = self.query_one("#history", DataTable)
        if not table.columns:
            table.add_columns("Table", "Game", "", "Scores", "Started")
        table.clear()
        for g in games:
            scores = ", ".join(f"{inert(n, 16)} {s}" for n, s in zip(g.names, g.scores))
            table.add_row(g.table_id, g.title, "won" if g.won else "lost", scores, g.created[:16], key=g.table_id)

    def _say(self, text: str, error: bool = False) -> None:
        status = self.query_one("#history-status", Static)
        status.update(inert(text, 200))
        status.set_class(error, "-error")

    def _selected(self) -> str | None:
        table = self.query_one("#history", DataTable)
        if not table.row_count:
            self._say("No finished games here.", error=True)
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # (enter and "e" in the name field are the field's)
        return not (action in ("replay", "export") and isinstance(self.focused, Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.show(name)
            self.query_one("#history", DataTable).focus()

    def action_replay(self) -> None:
        table_id = self._selected()
        if table_id is None:
            return
        try:
            header, entries = finished_log(self.store, table_id)
        except LogError as exc:
            self._say(str(exc), error=True)
            return
        game = get_game(header.game)
        events = [e.event for e in entries]
        self.app.push_screen(RemoteReplayScreen(game, header, events, f"table {table_id}", movers(entries), entries))

    def action_export(self) -> None:
        from engine.store.export import export_table

        table_id = self._selected()
        if table_id is None:
            return
        player = self.app.player
        folder = self.app.settings.config_dir / "exports"
        try:
            path = export_table(self.store, table_id, folder / f"{table_id}.jsonl")
        except (LogError, StoreError) as exc:
            self._say(str(exc), error=True)
            return
        self.app.copy_to_clipboard(path.read_text(encoding="utf-8"))
        self._say(
            f"The save file of table {table_id} is on your clipboard (paste it into {table_id}.jsonl; "
            f"bergfried replay opens it); the host keeps a copy for {inert(player.name, 24)}."
        )

    def action_back(self) -> None:
        self.app.pop_screen()
