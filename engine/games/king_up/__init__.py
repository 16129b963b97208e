"""King Up! (Viva il Re!): 3–6 players push secret favourites up a castle and vote on the throne."""
from .rules import GAME, KingUp
from .state import Climb, KingUpState, Pass, Place, Vote
from .view import KingUpView

__all__ = ["GAME", "KingUp", "KingUpState", "KingUpView", "Place", "Climb", "Vote", "Pass"]
