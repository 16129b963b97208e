"""Per-game UIs: game id -> the package ``tui/games/<id with _>/`` holding that game's ``UI``.

The games themselves are registered once, in ``engine.games.GAMES``. See docs/tui.md.
"""
from __future__ import annotations

import importlib

from engine.games import GAMES, package_name

from .base import GameUI, Step, ViewContext, ViewPanel


def _module_name(game_id: str) -> str:
    return f"tui.games.{package_name(game_id)}"


def has_ui(game_id: str) -> bool:
    if game_id not in GAMES:
        return False
    try:
        importlib.import_module(_module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name != _module_name(game_id):
            raise  # the package is there but broken: say so instead of hiding the game
        return False
    return True


def game_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; KeyError when the client cannot draw that game yet."""
    if not has_ui(game_id):
        raise KeyError(f"no screen for {game_id!r} in this client yet")
    return importlib.import_module(_module_name(game_id)).UI


__all__ = ["GameUI", "Step", "ViewContext", "ViewPanel", "game_ui", "has_ui"]
