"""Palais Royal: 2–4 players place servants in the castle's rooms and recruit the nobles of the park."""
from .rules import GAME, PalaisRoyal
from .state import Bring, Done, Draw, Keep, Mint, Move, PalaisState, Place, PlayCard, Recruit
from .view import PalaisView

__all__ = ["GAME", "PalaisRoyal", "PalaisState", "PalaisView", "Place", "Bring", "Move", "Mint", "Recruit",
           "Draw", "Keep", "PlayCard", "Done"]
