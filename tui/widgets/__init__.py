"""Widgets shared by every game screen."""
from .grid import Cell, Grid

__all__ = ["Cell", "Grid"]
