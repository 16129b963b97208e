"""Palais Royal: 2–4 players place servants in the castle's rooms and recruit the nobles of the park."""

from .catalog import (
    BENEFITS,
    BONUS_ROOMS,
    HINTEREINGANG,
    HONOUR_POINTS,
    KOENIG,
    MADAME,
    MUENZEREI,
    PRIVILEGES,
    SCHREIBSTUBE,
    STEP_NAMES,
    TOR,
)
from .events import SUPPLY
from .rules import GAME, PalaisRoyal
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .state import PalaisState
from .view import PalaisView

__all__ = [
    "GAME",
    "PalaisRoyal",
    "PalaisState",
    "PalaisView",
    "Place",
    "Bring",
    "Move",
    "Mint",
    "Recruit",
    "Draw",
    "Keep",
    "PlayCard",
    "Done",
    # for screens: where a new servant comes from, the rooms an action names, cards and benefits
    "SUPPLY",
    "BONUS_ROOMS",
    "TOR",
    "MUENZEREI",
    "KOENIG",
    "MADAME",
    "SCHREIBSTUBE",
    "HINTEREINGANG",
    "PRIVILEGES",
    "HONOUR_POINTS",
    "BENEFITS",
    "STEP_NAMES",
]
