"""Finished games over SSH (issue 29): a player's history (yours, or anyone's by name) with each
game's result; ``enter`` replays one in the viewer, ``e`` exports its save file. Opened from the
lobby with ``h``.

A session never reaches the host's files, so an export is sent to the player's own terminal: the
save file is put on their clipboard (OSC 52, which most terminals accept: paste it into a
``.jsonl`` file and ``bergfried replay`` opens it), and a copy is kept on the server in
``players/NAME/exports/`` for the host to hand over.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input
from tui.widgets.edit_line import EditLine

from engine.core.errors import LogError
from engine.games import get_game
from engine.store.db import StoreError
from engine.together.history import finished_log, history
from engine.together.text import inert

from .listing import ListingScreen
from .replay import ReplayScreen, movers


class RemoteReplayScreen(ReplayScreen):
    """The replay viewer for a server's finished game: nothing that writes the host's files or
    starts a local game."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play_on", "share"):
            return False
        return super().check_action(action, parameters)


class HistoryScreen(ListingScreen):
    LIST = "history"
    HINT = "enter: replay · e: export the save file · tab: look up a player"
    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),  # (before the list's own enter)
        Binding("e", "export", "Export"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.whose = ""

    def fields(self) -> Iterable[Widget]:
        yield EditLine(
            placeholder="another player's name · enter shows their games", id="whose", max_length=24, compact=True
        )

    def on_mount(self) -> None:
        self.sub_title = "Finished games"
        self.show(self.app.player.name)
        self.listing.focus()

    @property
    def store(self):
        return self.app.player.lobby.store

    def show(self, name: str) -> None:
        games = history(self.store, name)
        self.whose = name
        won = sum(g.won for g in games)
        self.heading(f"{inert(name, 24)}: {len(games)} finished game{'s' * (len(games) != 1)}, {won} won")
        self.fill(
            ("Table", "Game", "", "Scores", "Started"),
            (
                (
                    g.table_id,
                    (
                        g.table_id,
                        g.title,
                        "won" if g.won else "lost",
                        ", ".join(f"{inert(n, 16)} {s}" for n, s in zip(g.names, g.scores)),
                        g.created[:16],
                    ),
                )
                for g in games
            ),
        )

    def _selected(self) -> str | None:
        table_id = self.under_cursor()
        if table_id is None:
            self._say("No finished games here.", error=True)
        return table_id

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # (enter and "e" in the name field are the field's)
        return not (action in ("replay", "export") and isinstance(self.focused, Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.show(name)
            self.listing.focus()

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
