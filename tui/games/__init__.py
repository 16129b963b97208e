"""Per-game UIs: game id -> the module holding that game's ``UI`` (a :class:`GameUI`).

Adding a game's screen means writing ``tui/games/<name>.py`` with ``UI = MyGameUI()`` and one
line here. See docs/tui.md for the contract.
"""
from __future__ import annotations

import importlib
from types import MappingProxyType

from .base import GameUI, Step, ViewContext, ViewPanel

# Read-only on purpose: many Apps share this process and must not register games at runtime.
UI_MODULES = MappingProxyType({
    "king-up": "tui.games.king_up",
    "carcassonne-castle": "tui.games.carcassonne_castle",
})


def has_ui(game_id: str) -> bool:
    if game_id not in UI_MODULES:
        return False
    try:
        importlib.import_module(UI_MODULES[game_id])
    except ImportError:
        return False
    return True


def game_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; KeyError when the client cannot draw that game yet."""
    if not has_ui(game_id):
        raise KeyError(f"no screen for {game_id!r} in this client yet")
    return importlib.import_module(UI_MODULES[game_id]).UI


__all__ = ["GameUI", "Step", "ViewContext", "ViewPanel", "game_ui", "has_ui", "UI_MODULES"]
