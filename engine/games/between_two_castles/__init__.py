"""Between Two Castles of Mad King Ludwig: draft rooms in secret and build a castle with each neighbour."""

from .castle import Castle
from .catalog import ATTENDANT_DECOR, ATTENDANT_NAMES, NORMAL_TYPES, SPECIAL_TYPES
from .preview import PlacePreview, castle_from_view
from .rules import GAME, BetweenTwoCastles
from .scoring import CATEGORIES, attendant_points, card_points
from .state import Assign, Attend, BTCState, Choose, Keep, PickBonus, Place
from .view import BonusView, BTCView, CastleView, CellView, RoomCard, TileView

__all__ = [
    "GAME",
    "BetweenTwoCastles",
    "BTCState",
    "BTCView",
    "Castle",
    "Choose",
    "Assign",
    "Place",
    "Attend",
    "Keep",
    "PickBonus",
    # for screens: what a view holds, and what a choice would score
    "BonusView",
    "CastleView",
    "CellView",
    "RoomCard",
    "TileView",
    "PlacePreview",
    "castle_from_view",
    "attendant_points",
    "card_points",
    "CATEGORIES",
    "ATTENDANT_NAMES",
    "ATTENDANT_DECOR",
    "NORMAL_TYPES",
    "SPECIAL_TYPES",
]
