"""Widgets shared by every game screen."""

from .board_layout import BoardAndMoves, MoveList
from .grid import Cell, Grid
from .text_line import TextLine
from .toggle import OnOffCheckbox

__all__ = ["BoardAndMoves", "Cell", "Grid", "MoveList", "OnOffCheckbox", "TextLine"]
