"""Widgets shared by every game screen."""
from .board_layout import BoardAndMoves
from .grid import Cell, Grid

__all__ = ["BoardAndMoves", "Cell", "Grid"]
