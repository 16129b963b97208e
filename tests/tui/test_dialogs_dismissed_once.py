"""Every dialog in the app is a ``Dialog``, which ignores a second dismiss.

Textual's ``dismiss`` pops whatever screen is on top: a dialog answered twice before it closed
(two enters typed fast) took the game screen under it too. ``tui.screens.modal.Dialog`` guards
against that; this test keeps every modal screen on it, the game packages' own included.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.screen import ModalScreen

import tui
from tui.screens.modal import Dialog

# Pushed and popped by the App on resize, never dismissed by a player's answer.
NOT_ANSWERED = {"TooSmallScreen"}


def modal_screens() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == info.name and issubclass(cls, ModalScreen):
                found.append(cls)
    return found


def test_every_answered_modal_screen_is_dismissed_once() -> None:
    screens = modal_screens()
    assert len(screens) > 10  # the walk really found the app's dialogs
    plain = [s.__qualname__ for s in screens if not issubclass(s, Dialog) and s.__name__ not in NOT_ANSWERED]
    assert plain == []
