"""A one-line text input whose editing keys act in order with the letters typed around them.

Textual's Input takes a letter as the letter reaches it, but its editing keys (ctrl+u, backspace,
ctrl+w, enter ...) are its bindings, which the app runs only once the key has bubbled up to it:
by then the letters typed right after were in the line already. ``ctrl+u mine3`` sent in one
burst (a paste, tmux send-keys, a fast typist on a loaded server) left "ine3" or nothing at all.
Here the line runs its own binding for such a key as the key reaches it, before the next key.
"""

from __future__ import annotations

from textual import events
from textual.binding import BindingsMap
from textual.widgets import Input

#: The keys the line edits with, and what each does (Textual's own bindings for Input).
EDITING_KEYS = BindingsMap(Input.BINDINGS)


class EditLine(Input):
    """An Input whose every key, letter or editing key, takes effect in the order typed."""

    async def on_key(self, event: events.Key) -> None:
        # Letters go on to Input's own handling (which comes after this one, in the same turn).
        if not event.is_printable and await self.take_key(event):
            event.stop()
            event.prevent_default()

    async def take_key(self, event: events.Key) -> bool:
        """Apply ``event`` to the line as the line itself would: a letter at the cursor (over the
        selection, if any), an editing key by its binding. False for a key the line has no use
        for (escape, tab, a function key), which goes on to the screen and the app."""
        if event.is_printable and event.character is not None:
            start, end = self.selection
            if start == end:
                self.insert_text_at_cursor(event.character)
            else:
                self.replace(event.character, start, end)
            return True
        bindings = EDITING_KEYS.key_to_bindings.get(event.key, ())
        for binding in bindings:
            await self.run_action(binding.action)
        return bool(bindings)

    def take_paste(self, text: str) -> None:
        """Paste ``text`` as the line itself would: its first line, over the selection."""
        line = text.splitlines()[0] if text else ""
        start, end = self.selection
        if start == end:
            self.insert_text_at_cursor(line)
        else:
            self.replace(line, start, end)
