"""A footer that never cuts a key in half: when the keys are wider than the screen, whole keys
go, the least needed first (they all still work, and the palette lists them)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: Keys left off first when the footer is too narrow: saving a copy, the command line (":" is
#: named on the line itself), then the rest from the end, but never leaving, help or the recap.
DROP_FIRST = ("save_as", "command_line")
KEEP = ("leave", "app.help", "recap")  # (recap: only shown when something touched you)
PALETTE = 11  # "▏^p palette" docked at the right, over the last key's trailing space


def key_width(key: FooterKey) -> int:
    """Its cells as the footer draws it: " k " then "Description "."""
    return len(key.key_display) + 2 + (len(key.description) + 1 if key.description else 0)


class FittingFooter(Footer):
    def __init__(self) -> None:
        super().__init__()
        self._width = 0

    def compose(self) -> ComposeResult:
        items = list(super().compose())
        keys = [w for w in items if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        if any(not isinstance(w, FooterKey) for w in items):
            yield from items  # grouped keys: leave the layout to Textual
            return
        self._width = self.app.size.width
        room = self._width - (PALETTE if len(keys) < len(items) else 0)
        order = [k for a in DROP_FIRST for k in keys if k.action == a]
        order += [k for k in reversed(keys) if k not in order and k.action not in KEEP]
        dropped = set()
        while sum(key_width(k) for k in keys if k not in dropped) > room and order:
            dropped.add(order.pop(0))
        if dropped:
            self.styles.grid_size_columns = len(keys) - len(dropped)
        yield from (w for w in items if w not in dropped)

    def on_resize(self) -> None:
        if self.app.size.width != self._width:
            self.refresh(recompose=True)
