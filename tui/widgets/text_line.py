"""A line of text that repaints alone: updating it never makes the screen lay itself out again,
which is most of a cursor move's cost when a board redraws the lines under it."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class TextLine(Widget):
    DEFAULT_CSS = "TextLine { height: 1; width: 100%; }"

    def __init__(self, id: str, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.text: str | Text = ""

    def update(self, text: str | Text) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> str | Text:
        return self.text
