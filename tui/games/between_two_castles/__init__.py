"""Between Two Castles of Mad King Ludwig on screen: your two castles side by side, the hand to
draft from, placing rooms where they score, the bonus dialogs, every castle at a glance, and the
score sheets at the end.

board.py draws the castles and the strip of rooms below them (look.py says how a room looks,
describe.py writes the lines under the board, moves.py reads the legal moves, widgets.py holds
its grid and text line); panels.py is the standing beside it; dialogs.py the bonus choices;
sheets.py the overview, the reveal and the final scoring. Everything is drawn from the seat's
view and the legal moves; what a placement would score comes from ``GAME.preview``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

from engine.core import Game, Seat, Step

from ..base import GameUI, ViewContext, ViewPanel
from .board import CastlesBoard
from .dialogs import ChoiceScreen
from .moves import ASSIGN, BONUS_PICK, BONUS_PLACE, CHOOSE, PLACE, situation
from .panels import CastlesInfo
from .sheets import FinalScoresScreen, OverviewScreen, RevealScreen

PHASE_TEXT = {
    CHOOSE: "draft 2 rooms: enter marks them (or : pick 12+87)",
    ASSIGN: "give one of Ludwig's rooms to your castle with him",
    PLACE: "place your rooms: enter on one, then where",
    BONUS_PLACE: "place the bonus room",
    BONUS_PICK: "decide the bonus (b)",
}


class BetweenTwoCastlesUI(GameUI):
    game_id = "between-two-castles"

    def make_board(self) -> ViewPanel:
        return CastlesBoard()

    def make_info(self) -> ViewPanel:
        return CastlesInfo()

    def interludes(
        self, game: Game, steps: Sequence[Step], viewer: int | None, seats: Sequence[Seat]
    ) -> list[Screen[Any]]:
        screens: list[Screen[Any]] = []
        for step in steps:
            if step.kind == "PairsRevealed" and viewer is not None:
                screens.append(RevealScreen(step.view, viewer, seats))
            elif step.kind == "GameEnded":
                screens.append(FinalScoresScreen(step.view, seats))
        return screens

    def breakdown(self, ctx: ViewContext) -> Any:
        """The ranking and every castle's score sheet, once the game is scored (at its end)."""
        if not ctx.view.finished:
            return None
        from rich.console import Group

        from .sheets import ranking_table, sheet_table

        return Group(ranking_table(ctx.view, ctx.seats), "", sheet_table(ctx.view))

    def phase_text(self, ctx: ViewContext) -> str:
        if ctx.view.finished:
            return "game over"
        return PHASE_TEXT.get(situation(ctx.view, ctx.legal), ctx.view.phase)


UI = BetweenTwoCastlesUI()

__all__ = [
    "UI",
    "BetweenTwoCastlesUI",
    "CastlesBoard",
    "CastlesInfo",
    "ChoiceScreen",
    "FinalScoresScreen",
    "OverviewScreen",
    "RevealScreen",
]
