"""Your keys and your name, over SSH (issue 29): list the public keys that log in as you, add a
second one (paste its line, from a session logged in with one you have), remove one (never the
last), and rename yourself. Opened from the lobby with ``k``.

Nothing here reaches the host's files: keys and names live in the server's store
(``engine.together.keys`` through ``Accounts``), whose refusals are one line each.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input
from tui.widgets.edit_line import EditLine

from engine.together.keys import AccountError
from engine.together.text import inert

from .listing import ListingScreen


class KeysScreen(ListingScreen):
    LIST = "keys"
    HINT = "tab: next field · d: remove the key under the cursor · esc: back"
    BELL_ON_ERROR = True
    BINDINGS = [
        Binding("d", "remove", "Remove key"),
        Binding("escape", "back", "Back"),
    ]

    def fields(self) -> Iterable[Widget]:
        yield EditLine(
            placeholder="paste another public key (ssh-ed25519 AAAA…) · enter adds it", id="add-key", compact=True
        )
        yield EditLine(placeholder="a new name for you · enter renames", id="rename", max_length=24, compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Keys and name"
        self.refresh_keys()
        self.listing.focus()

    @property
    def player(self):
        return self.app.player

    def refresh_keys(self) -> None:
        player = self.player
        mine = player.accounts.keys(player.name)
        # The key of this session last: the cursor starts on another one (the one to remove).
        mine.sort(key=lambda k: k.text == player.key)
        count = "1 key logs" if len(mine) == 1 else f"{len(mine)} keys log"
        self.heading(f"{inert(player.name, 24)}: {count} in as you")
        self.fill(
            ("Fingerprint", "Type", ""),
            ((k.text, (k.fingerprint, k.kind, "this session" if k.text == player.key else "")) for k in mine),
        )

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
        text = self.under_cursor()
        if text is None:
            return
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
