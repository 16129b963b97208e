"""King Up! (Viva il Re!): 3–6 players push secret favourites up a castle and vote on the throne.

This module is the game's public face: clients import from here only.
"""

from .catalog import CANDIDATES, ELIMINATED, FLOOR_LIMIT, INITIALS, OFF_BOARD, POINTS, ROUNDS, THRONE, floor_name
from .rules import GAME, KingUp
from .state import Climb, KingUpState, LastMove, Pass, Place, Vote
from .view import KingUpView

__all__ = [
    "GAME",
    "KingUp",
    "KingUpState",
    "KingUpView",
    "LastMove",
    "Place",
    "Climb",
    "Vote",
    "Pass",
    "CANDIDATES",
    "ELIMINATED",
    "FLOOR_LIMIT",
    "INITIALS",
    "OFF_BOARD",
    "POINTS",
    "ROUNDS",
    "THRONE",
    "floor_name",
]
