"""A checkbox whose on and off differ by shape, not only by shade (monochrome, dim screens)."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.widgets import Checkbox


class OnOffCheckbox(Checkbox):
    """Shows ``[x]``-style marks: a tick when on, an empty box when off; bold when focused."""

    DEFAULT_CSS = """
    OnOffCheckbox:focus { background: $accent 40%; text-style: bold; }
    OnOffCheckbox:focus > .toggle--label { text-style: bold underline; }
    """

    def render(self) -> Content:
        # BUTTON_INNER is Textual's public mark; it is one cell either way, so the width stays.
        settings = getattr(self.app, "settings", None)
        tick = "x" if getattr(settings, "ascii", False) else "✔"
        self.BUTTON_INNER = tick if self.value else " "
        return super().render()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Textual gives a toggle one line; a screen that lets its label wrap (text-wrap: wrap)
        # gets as many lines as the words need, so none is cut at 80 columns.
        if self.styles.text_wrap != "wrap":
            return super().get_content_height(container, viewport, width)
        return max(1, len(self.render().wrap(width)))
