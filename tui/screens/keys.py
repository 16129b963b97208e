"""Your keys and your name, over SSH (issue 29): list the public keys that log in as you, add a
second one (paste its line, from a session logged in with one you have), remove one (never the
last), and rename yourself. Opened from the lobby with ``k``.

Nothing here reaches the host's files: keys and names live in the server's store
(``engine.together.keys`` through ``Accounts``), whose refusals are one line each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from engine.together.keys import AccountError
from engine.together.text import inert

if TYPE_CHECKING:
    from textual import getters
    from tui.server.child import RemoteApp


class KeysScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    DEFAULT_CSS = """
    KeysScreen { layout: vertical; }
    KeysScreen #keys-heading { height: 2; padding: 0 1; text-style: bold; color: $primary; }
    KeysScreen #keys { height: 1fr; }
    KeysScreen Input { height: 1; margin: 1 1 0 1; }
    KeysScreen #keys-status { height: 2; padding: 0 1; background: $panel; }
    KeysScreen #keys-status.-error { color: $error; }
    """
    BINDINGS = [
        Binding("d", "remove", "Remove key"),
        Binding("escape", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", id="keys-heading")
        yield DataTable(id="keys", cursor_type="row", zebra_stripes=True)
        yield Input(
            placeholder="paste another public key (ssh-ed25519 AAAA…) · enter adds it", id="add-key", compact=True
        )
        yield Input(placeholder="a new name for you · enter renames", id="rename", max_length=24, compact=True)
        yield Static("tab: next field · d: remove the key under the cursor · esc: back", id="keys-status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Keys and name"
        self.refresh_keys()
        self.query_one("#keys", DataTable).focus()

    @property
    def player(self):
        return self.app.player

    def refresh_keys(self) -> None:
        player = self.player
        mine = player.accounts.keys(player.name)
        # The key of this session last: the cursor starts on another one (the one to remove).
        mine.sort(key=lambda k: k.text == player.key)
        count = "1 key logs" if len(mine) == 1 else f"{len(mine)} keys log"
        self.query_one("#keys-heading", Static).update(f"{inert(player.name, 24)}: {count} in as you")
        table = self.query_one("#keys", DataTable)
        if not table.columns:
            table.add_columns("Fingerprint", "Type", "")
        table.clear()
        for key in mine:
            table.add_row(key.fingerprint, key.kind, "this session" if key.text == player.key else "", key=key.text)

    def _say(self, text: str, error: bool = False) -> None:
        status = self.query_one("#keys-status", Static)
        status.update(inert(text, 200))
        status.set_class(error, "-error")
        if error:
            self.app.bell()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            return
        player = self.player
        try:
            if event.input.id == "add-key":
                key = player.accounts.add_key(player.name, text)
                said = f"Added {key.fingerprint}: it logs in as {player.name} now."
            else:
                said = f"You are {self.rename(text)} now."
        except AccountError as exc:
            self._say(str(exc), error=True)
            return
        event.input.value = ""
        self.refresh_keys()
        self._say(said)

    def rename(self, new: str) -> str:
        """Rename the player; the session (its name, settings, online entry) follows."""
        player, app = self.player, self.app
        new = player.accounts.rename(player.name, new)
        app.named(new)
        settings = app.settings
        settings.config_dir = settings.config_dir.parent / new
        settings.player_name = new
        if app.together is not None:  # the next screen joins the online list under the new name
            app.together.close()
            app.together = None
        return new

    def action_remove(self) -> None:
        table = self.query_one("#keys", DataTable)
        if not table.row_count:
            return
        text = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or ""
        player = self.player
        try:
            key = player.accounts.remove_key(player.name, text)
        except AccountError as exc:
            self._say(str(exc), error=True)
            return
        self.refresh_keys()
        self._say(f"Removed {key.fingerprint}: it no longer logs in as {player.name}.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # ("d" is a letter of what is typed in a field)
        return not (action == "remove" and isinstance(self.focused, Input))

    def action_back(self) -> None:
        self.app.pop_screen()
