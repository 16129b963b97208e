"""Small modal screens shared by every game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from tui.screens.modal import Dialog
from textual.widgets import Button, Input, Static

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp

# Absolute: the game packages subclass these screens, and a relative CSS_PATH is read beside the subclass.
CSS_FILE = Path(__file__).with_name("dialogs.tcss")


class CoverScreen(Dialog[None]):
    """Hides the board between hot-seat players so nobody sees the next player's secrets."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("enter,space", "ready", "Ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Pass the keyboard to")
            yield Static(self.player, classes="name")
            yield Static("\nPress enter when only they are looking.")

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)


class PromptScreen(Dialog[str | None]):
    """Asks for one line of text (a file name); escape cancels."""

    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, default: str = "") -> None:
        super().__init__()
        self.question, self.default = question, default
        self._typed_early = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Input(self.default, id="answer")
            with Horizontal():
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = self.app.settings.cursor_blink

    def on_key(self, event: events.Key) -> None:
        """A character typed before the answer line had the keys (the player typed on as the dialog
        opened: the app hands keys to a screen that has no focus yet) reaches the screen, not the
        line: it goes into the line, over the proposed answer, as it would have there. (The line
        stops every character it gets itself; an early enter reaches its binding once it has focus.)"""
        if not event.is_printable or event.character is None or isinstance(self.focused, Button):
            return  # (a letter on the OK button is not part of the answer)
        event.stop()
        answer = self.query_one("#answer", Input)
        if not self._typed_early:
            self._typed_early = True
            answer.select_on_focus = False  # its focus, still to come, must keep what was typed
            answer.value = ""
            answer.cursor_position = 0
        answer.insert_text_at_cursor(event.character)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._answer(self.query_one(Input).value)
        else:
            self.dismiss(None)

    def _answer(self, text: str) -> None:
        # An empty answer closed the dialog as a cancel, with no word: after Save as the player
        # could not tell that nothing was saved (seen in tmux). Only escape or Cancel cancel.
        if text.strip():
            self.dismiss(text.strip())
        else:
            self.app.bell()
            self.notify("Type a name, or press esc to cancel.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog[bool]):
    """A question with Yes/No; y/n answer it, escape says no, enter gives the ``default`` answer
    (no, for a question whose yes loses something: Esc, Esc, Enter must not leave a game)."""

    CSS_PATH = CSS_FILE
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("enter", "default", "Default", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", default: bool = True) -> None:
        super().__init__()
        self.question, self.yes, self.no, self.default = question, yes, no, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button(
                    f"{self.yes} (y)", id="yes", variant="primary" if self.default else "default", compact=True
                )
                yield Button(f"{self.no} (n)", id="no", variant="default" if self.default else "primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_default(self) -> None:
        self.dismiss(self.default)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class InterludeScreen(Dialog[None]):
    """A message box dismissed with enter, escape or space. One that sets ``board_view`` has the
    play screen draw that view under it (a round's final position under its scores)."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]
    board_view: Any = None

    def __init__(self, body: Any) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.body, classes="body")
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class BreakdownScreen(Dialog[None]):
    """The score breakdown of a game (its own :meth:`GameUI.breakdown`); reopened at will."""

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("escape,enter,s", "close", "Close")]

    def __init__(self, title: str, body: Any) -> None:
        super().__init__()
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        from textual.containers import VerticalScroll

        with VerticalScroll():
            yield Static(f"[b]{self.title_text}[/b]")
            yield Static(self.body, classes="body")
            yield Static("esc: close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
