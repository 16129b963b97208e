"""A one-line text input whose editing keys act in order with the letters typed around them.

Textual's Input takes a letter as the letter reaches it, but its editing keys (ctrl+u, backspace,
ctrl+w, enter ...) are its bindings, which the app runs only once the key has bubbled up to it:
by then the letters typed right after were in the line already. ``ctrl+u mine3`` sent in one
burst (a paste, tmux send-keys, a fast typist on a loaded server) left "ine3" or nothing at all.
Here the line runs its own binding for such a key as the key reaches it, before the next key.
So with tab: the focus moved on only once the app ran its binding, and the space typed right
after it went into the line; here tab moves the focus at once, and a key that reaches the line
after the focus left it goes on to where the focus is now.
"""

from __future__ import annotations

from textual import events
from textual.binding import BindingsMap
from textual.widgets import Input

#: The keys the line edits with, and what each does (Textual's own bindings for Input).
EDITING_KEYS = BindingsMap(Input.BINDINGS)
#: The keys that move the focus (Textual's App bindings), and the screen's method that does it.
FOCUS_KEYS = {"tab": "focus_next", "shift+tab": "focus_previous"}


class EditLine(Input):
    """An Input whose every key, letter or editing key, takes effect in the order typed."""

    async def on_key(self, event: events.Key) -> None:
        # Letters go on to Input's own handling (which comes after this one, in the same turn).
        # (``has_focus`` changes only as the line reads its Blur, after the keys ahead of it.)
        if self.screen.focused is not self:  # typed after a key that took the focus away
            event.stop()
            event.prevent_default()
            (self.screen.focused or self.screen).post_message(events.Key(event.key, event.character))
        elif self._moves_focus(event.key):
            event.stop()
            event.prevent_default()
            getattr(self.screen, FOCUS_KEYS[event.key])()
        elif not event.is_printable and await self.take_key(event):
            event.stop()
            event.prevent_default()

    def _moves_focus(self, key: str) -> bool:
        """Whether ``key`` moves the focus here (a screen may bind tab to something else)."""
        if key not in FOCUS_KEYS:
            return False
        active = self.screen.active_bindings.get(key)
        return active is not None and active.binding.action.endswith(FOCUS_KEYS[key])

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

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # (Input's own paste keeps the first line, or nothing if too long)
        self.take_paste(event.text)

    def take_paste(self, text: str) -> None:
        """Paste ``text`` over the selection, its lines joined into one (a chat paste of three
        lines kept the first and dropped the others without a word), cut to what the line may
        hold, and said so (a name pasted one letter too long was dropped whole, with a bell)."""
        line = " ".join(part for part in text.splitlines() if part.strip())
        start, end = sorted(self.selection)
        room = self.max_length - (len(self.value) - (end - start)) if self.max_length else len(line)
        if len(line) > room:
            line = line[: max(0, room)]
            self.notify(f"Pasted text cut to fit: {self.max_length} characters at most here.", severity="warning")
        self.replace(line, start, end)
