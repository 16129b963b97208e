"""Per-game UIs: game id -> the package ``tui/games/<id with _>/`` holding that game's ``UI``.

The games themselves are registered once, in ``engine.games``. This module stays light (it
imports no game and no widget), so menus can ask which games have a screen before any loads;
the contract between the shared screens and a game's board is in :mod:`tui.games.base`.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from engine.games import GAMES, package_name

if TYPE_CHECKING:
    from .base import GameUI


def _module_name(game_id: str) -> str:
    return f"tui.games.{package_name(game_id)}"


def has_ui(game_id: str) -> bool:
    """Whether the client can draw ``game_id`` (without loading its screen)."""
    return game_id in GAMES and importlib.util.find_spec(_module_name(game_id)) is not None


def game_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; KeyError when the client cannot draw that game yet."""
    if not has_ui(game_id):
        raise KeyError(f"no screen for {game_id!r} in this client yet")
    return importlib.import_module(_module_name(game_id)).UI


__all__ = ["game_ui", "has_ui"]
