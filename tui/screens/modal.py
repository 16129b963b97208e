"""A modal dialog that is dismissed once.

Textual's ``Screen.dismiss`` pops whatever screen is on top. A dialog chosen from twice before
its first pop is drawn (two enters typed fast, a selection landing as it closes) popped the
screen beneath it too: the game was left without asking, or the title went with it and the
terminal showed an empty screen. A dialog that is no longer the current screen ignores the
second dismiss.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, ScreenResultType


class Dialog(ModalScreen[ScreenResultType]):
    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if not self.is_current:  # dismissed already: a second pop would take the screen beneath
            return AwaitComplete.nothing()
        return super().dismiss(result)
