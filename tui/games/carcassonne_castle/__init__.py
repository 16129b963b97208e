"""Carcassonne: The Castle on screen: the castle, its wall as the scoring track, laying a card,
setting a follower, what each card scored, and the final scoring.

The board is one :class:`Grid` of 14×16 cells: the 12×14 castle plus the wall ring around it
(look.py draws the glyphs, cells.py the castle, board.py the widget with the card under the
cursor, panels.py the info beside it, dialogs.py the follower chooser and the final scoring).
Everything is drawn from the seat's view (plain data), the legal moves and the game's notation;
what a choice would score comes from ``game.preview``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

from engine.core import Game, Seat

from ..base import GameUI, ViewContext, ViewPanel
from .board import CastleBoard, anchors
from .dialogs import FinalScoringScreen, FollowerScreen, final_rows
from .look import grid_pos, square_of
from .panels import CastleInfo


class CarcassonneUI(GameUI):
    game_id = "carcassonne-castle"

    def make_board(self) -> ViewPanel:
        return CastleBoard()

    def make_info(self) -> ViewPanel:
        return CastleInfo()

    def interludes(
        self, game: Game, steps: Sequence[Any], viewer: int | None, seats: Sequence[Seat]
    ) -> list[Screen[Any]]:
        """The final scoring's table, when this batch of steps ended the game (read from the
        view at its end: each item of the final scoring and the scores before it)."""
        if not steps or not steps[-1].view.finished or all(s.view.finished for s in steps):
            return []
        end = steps[-1].view
        return [FinalScoringScreen(final_rows(end, len(seats)), end.before_final, end.scores, seats)]

    def breakdown(self, ctx: ViewContext) -> Any:
        """The final scoring item by item (each palas, the courtyard, every wall tile) over the
        points scored during play, and the wall tiles each player took; once the game is over."""
        view = ctx.view
        if not view.finished:
            return None
        from rich.console import Group
        from rich.text import Text

        from engine.games.carcassonne_castle import TILE_NAMES

        from .dialogs import final_table

        players = len(ctx.seats)
        taken = [
            Text(f"{ctx.name(s)}: " + (", ".join(f"{t} {TILE_NAMES[t]}" for t in view.tiles[s]) or "no wall tiles"))
            for s in range(players)
        ]
        winners = " and ".join(ctx.name(s) for s in view.winners) or "nobody"
        return Group(
            final_table(final_rows(view, players), view.before_final, view.scores, ctx.seats),
            "",
            Text("Wall tiles taken", style="bold"),
            *taken,
            "",
            Text(f"Winner: {winners}", style="bold"),
        )

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.finished:
            return "game over"
        if ctx.interactive:
            return "arrows: where; r: turn; enter: lay the card (or : E5e K)"
        return "laying a card"


UI = CarcassonneUI()

__all__ = [
    "UI",
    "CarcassonneUI",
    "CastleBoard",
    "CastleInfo",
    "FinalScoringScreen",
    "FollowerScreen",
    "anchors",
    "final_rows",
    "grid_pos",
    "square_of",
]
