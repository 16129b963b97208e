"""Carcassonne: The Castle (Die Burg): two players build a walled castle from domino-shaped cards."""
from .board import Board, Feature, Follower, Placement
from .rules import GAME, CarcassonneCastle
from .state import CastleState, Palas, PlaceCard
from .view import CastleView

__all__ = ["GAME", "CarcassonneCastle", "CastleState", "CastleView", "PlaceCard", "Placement", "Follower",
           "Feature", "Board", "Palas"]
