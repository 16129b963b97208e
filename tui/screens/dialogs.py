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
from textual.widgets.input import Selection

from tui.widgets.edit_line import EDITING_KEYS, EditLine

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


class AnswerLine(EditLine):
    """The prompt's answer line. Keys typed as the prompt opened reached the screen, which had no
    focus yet, and wait in its queue; keys that reach the line meanwhile were typed after them, so
    the line holds them (``held``) until the screen has put those in (None from then on)."""

    def __init__(self, value: str) -> None:
        super().__init__(value, id="answer", select_on_focus=False)  # the prompt selects it itself
        self.held: list[events.Key | events.Paste] | None = []

    def on_key(self, event: events.Key) -> None:
        if self.held is not None and (event.is_printable or event.key in EDITING_KEYS.key_to_bindings):
            self.held.append(event)
            event.stop()
            event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        if self.held is not None:
            self.held.append(event)
            event.stop()
            event.prevent_default()

    async def take(self, event: events.Key | events.Paste) -> bool:
        """Apply a key or a paste to the line as it would itself; False for a key it has no use for."""
        if isinstance(event, events.Paste):
            self.take_paste(event.text)
            return True
        return await self.take_key(event)


class PromptScreen(Dialog[str | None]):
    """Asks for one line of text (a file name); escape cancels. Every key typed counts, in the
    order typed, from the key that opened it on (typed on as it opens: the name goes into it)."""

    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = CSS_FILE
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, default: str = "") -> None:
        super().__init__()
        self.question, self.default = question, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield AnswerLine(self.default)
            with Horizontal():
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        answer = self.query_one(AnswerLine)
        answer.cursor_blink = self.app.settings.cursor_blink
        answer.selection = Selection(0, len(answer.value))  # the proposed answer: typing replaces it
        if self.focused is None:
            self.set_focus(answer)
        # From now on the app hands keys to the line; those it handed to the screen before are in
        # the screen's queue, ahead of this call.
        self.call_later(self._typed_early_are_in)

    async def _typed_early_are_in(self) -> None:
        answer = self.query_one(AnswerLine)
        while answer.held:  # (more may come while one is put in)
            await answer.take(answer.held.pop(0))
        answer.held = None

    async def on_key(self, event: events.Key) -> None:
        """A key typed before the answer line had the focus reached the screen, not the line: it
        goes into the line, as it would have there (a letter over the proposed answer, ctrl+u
        clearing what was typed before it, enter answering)."""
        if isinstance(self.focused, Button):
            return  # (a letter on the OK button is not part of the answer)
        if await self.query_one(AnswerLine).take(event):
            event.stop()

    def on_paste(self, event: events.Paste) -> None:
        if not isinstance(self.focused, Button):
            event.stop()
            self.query_one(AnswerLine).take_paste(event.text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._answer(self.query_one(AnswerLine).value)
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
