"""A checkbox whose on and off differ by shape, not only by shade (monochrome, dim screens)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class OnOffCheckbox(Checkbox):
    """Shows ``[x]``-style marks: a tick when on, an empty box when off; bold when focused."""

    DEFAULT_CSS = """
    OnOffCheckbox:focus { background: $accent 40%; text-style: bold; }
    OnOffCheckbox:focus > .toggle--label { text-style: bold underline; }
    """

    @property
    def _button(self) -> Content:
        settings = getattr(self.app, "settings", None)
        tick = "x" if getattr(settings, "ascii", False) else "✔"
        self.BUTTON_INNER = tick if self.value else " "
        return super()._button
