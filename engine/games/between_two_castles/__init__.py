"""Between Two Castles of Mad King Ludwig: draft rooms in secret and build a castle with each neighbour."""
from .castle import Castle
from .rules import GAME, BetweenTwoCastles
from .state import Assign, Attend, BTCState, Choose, Keep, PickBonus, Place
from .view import BTCView

__all__ = ["GAME", "BetweenTwoCastles", "BTCState", "BTCView", "Castle", "Choose", "Assign", "Place", "Attend",
           "Keep", "PickBonus"]
