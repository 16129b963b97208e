"""Small modal screens shared by every game."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class CoverScreen(ModalScreen[None]):
    """Hides the board between hot-seat players so nobody sees the next player's secrets."""

    DEFAULT_CSS = """
    CoverScreen { align: center middle; background: $background; }
    CoverScreen > Vertical { width: 60; height: auto; border: thick $primary; padding: 1 2;
                             background: $surface; }
    CoverScreen Static { width: 100%; text-align: center; }
    CoverScreen .name { text-style: bold; color: $primary; }
    """
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


class PromptScreen(ModalScreen[str | None]):
    """Asks for one line of text (a file name); escape cancels."""

    DEFAULT_CSS = """
    PromptScreen { align: center middle; }
    PromptScreen > Vertical { width: 72; height: auto; border: thick $primary; padding: 0 1;
                              background: $surface; }
    PromptScreen Horizontal { height: auto; align: right middle; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, default: str = "") -> None:
        super().__init__()
        self.question, self.default = question, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Input(self.default, id="answer")
            with Horizontal():
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = self.app.settings.cursor_blink

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.dismiss(self.query_one(Input).value.strip() or None)
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A question with Yes/No; y/n answer it, escape says no, enter gives the ``default`` answer
    (no, for a question whose yes loses something: Esc, Esc, Enter must not leave a game)."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 72; height: auto; border: thick $warning; padding: 0 1;
                               background: $surface; }
    ConfirmScreen Horizontal { height: auto; align: right middle; margin-top: 1; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No"),
                Binding("enter", "default", "Default", show=False)]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", default: bool = True) -> None:
        super().__init__()
        self.question, self.yes, self.no, self.default = question, yes, no, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button(f"{self.yes} (y)", id="yes", variant="primary" if self.default else "default",
                             compact=True)
                yield Button(f"{self.no} (n)", id="no", variant="default" if self.default else "primary",
                             compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes" if self.default else "#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_default(self) -> None:
        self.dismiss(self.default)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class InterludeScreen(ModalScreen[None]):
    """A message box dismissed with enter, escape or space."""

    DEFAULT_CSS = """
    InterludeScreen { align: center middle; }
    InterludeScreen > Vertical { width: 76; height: auto; max-height: 22; border: thick $accent;
                                 background: $surface; padding: 0 1; }
    InterludeScreen .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, body: Any) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.body, classes="body")
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class BreakdownScreen(ModalScreen[None]):
    """The score breakdown of a game (its own :meth:`GameUI.breakdown`); reopened at will."""

    DEFAULT_CSS = """
    BreakdownScreen { align: center middle; }
    BreakdownScreen > VerticalScroll { width: 78; height: auto; max-height: 22;
                                       border: thick $accent; background: $surface; padding: 0 1; }
    BreakdownScreen .hint { color: $text-muted; margin-top: 1; }
    """
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
