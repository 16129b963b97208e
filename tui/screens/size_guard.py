"""Shown instead of everything else while the terminal is smaller than the layouts need."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    """Covers the app (and swallows keys) until the terminal is big enough again.

    The App pushes and pops it on resize; game screens hold bot moves while it is up, so
    nothing happens that the player cannot see.
    """

    CSS_PATH = "size_guard.tcss"

    def __init__(self, need: Size) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(self._message(self.app.size), id="too-small")

    def _message(self, now: Size) -> str:
        return (
            f"Enlarge the terminal to at least {self.need.width}×{self.need.height}\n"
            f"(it is {now.width}×{now.height} now)"
        )

    def on_resize(self, event: Resize) -> None:
        self.query_one(Static).update(self._message(event.size))
