"""The registry of games: id -> the module that holds its ``GAME``, imported on first use."""
from __future__ import annotations

import importlib

from engine.core.game import Game

_MODULES = {
    "king-up": "engine.games.king_up",
    "carcassonne-castle": "engine.games.carcassonne_castle",
}


def game_ids() -> list[str]:
    return list(_MODULES)


def get_game(game_id: str) -> Game:
    """The rules object for ``game_id``; raises KeyError for a game Bergfried does not have."""
    module = _MODULES[game_id]
    return importlib.import_module(module).GAME


def all_games() -> list[Game]:
    return [get_game(gid) for gid in _MODULES]
