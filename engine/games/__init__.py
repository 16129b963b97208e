"""The registry of games. Adding a game is one line in GAMES, plus its two packages:
``engine/games/<id with _>/`` (the rules, exposing ``GAME``) and ``tui/games/<id with _>/``
(its screen, exposing ``UI``).

    get_game("king-up").title   # 'King Up!'
"""
from __future__ import annotations

import importlib
from types import ModuleType

from engine.core.game import Game

GAMES = (
    "king-up",
    "carcassonne-castle",
    "between-two-castles",
    "palais-royal",
    "castle-builder",
)


def package_name(game_id: str) -> str:
    """The Python package name of a game id: ``king-up`` -> ``king_up``."""
    return game_id.replace("-", "_")


def game_ids() -> list[str]:
    return list(GAMES)


def game_module(game_id: str, part: str = "") -> ModuleType:
    """The game's package (or one of its modules); KeyError for a game Bergfried does not have."""
    if game_id not in GAMES:
        raise KeyError(game_id)
    name = f"engine.games.{package_name(game_id)}" + (f".{part}" if part else "")
    return importlib.import_module(name)


def get_game(game_id: str) -> Game:
    """The rules object for ``game_id``; raises KeyError for a game Bergfried does not have."""
    return game_module(game_id).GAME


def all_games() -> list[Game]:
    return [get_game(gid) for gid in GAMES]
