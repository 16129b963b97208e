"""Carcassonne: The Castle (Die Burg): two players build a walled castle from domino-shaped cards.

What a client may use: ``GAME`` (the rules, with ``GAME.preview(view, action)``), the move
``PlaceCard``, the view classes (plain data) and a few printed names (roles, wall tiles, the game-over line).
"""

from .board import Board, Feature, Follower, Placement
from .catalog import ROLE_NAMES, TILE_NAMES
from .notation import game_over
from .preview import Completion
from .rules import GAME, CarcassonneCastle
from .state import CastleState, FinalItem, Palas, PlaceCard
from .view import (
    CastleLayout,
    CastleView,
    Completed,
    DrawnCard,
    HalfLook,
    LaidCard,
    PalasView,
    Spot,
    Standing,
    StartFieldLook,
    TileTaken,
    TowerLook,
)

__all__ = [
    "GAME",
    "CarcassonneCastle",
    "CastleState",
    "CastleView",
    "PlaceCard",
    "Placement",
    "Follower",
    "Feature",
    "Board",
    "Palas",
    "Completion",
    "FinalItem",
    "CastleLayout",
    "Completed",
    "DrawnCard",
    "HalfLook",
    "LaidCard",
    "PalasView",
    "Spot",
    "Standing",
    "StartFieldLook",
    "TileTaken",
    "TowerLook",
    "ROLE_NAMES",
    "TILE_NAMES",
    "game_over",
]
