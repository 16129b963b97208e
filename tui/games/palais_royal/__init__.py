"""Palais Royal on screen: the step bar, the castle's nine rooms with each seat's servants and the
majority holder, the park of nobles, the players beside it, and the final scoring.

board.py draws and plays the board (enter on rooms and nobles, keys for the rest), look.py the
cells and short texts, actions.py what each legal move belongs to and says, panels.py the info
beside the board, dialogs.py the move chooser and the final scoring. Everything is drawn from the
seat's view and its legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from textual.screen import Screen

from engine.core import Game, Seat, Step
from engine.games.palais_royal import Keep, Move

from ..base import GameUI, ViewContext, ViewPanel
from .board import PalaisBoard
from .dialogs import ChoiceScreen, FinalScoringScreen, final_rows
from .panels import PalaisInfo

PHASE_HINTS = MappingProxyType(
    {
        0: "play the Royal Favour (c) or n: next",
        1: "enter on the Gate brings a servant · n: next",
        2: "enter: pick a servant, enter: its room · n: next",
        3: "enter on Mint / King / Madame · n: next",
        4: "enter on a highlighted noble · n: next",
        5: "enter on the Back Door draws · k: keep · n: next",
        6: "play cards (c) or n: end your turn",
    }
)


class PalaisUI(GameUI):
    game_id = "palais-royal"

    def make_board(self) -> ViewPanel:
        return PalaisBoard()

    def make_info(self) -> ViewPanel:
        return PalaisInfo()

    def interludes(
        self, game: Game, steps: Sequence[Step], viewer: int | None, seats: Sequence[Seat]
    ) -> list[Screen[Any]]:
        """The final scoring, when this batch of steps ended the game."""
        end = next((s for s in steps if s.kind == "GameEnded"), None)
        if end is None or end.view.final is None:
            return []
        return [FinalScoringScreen(end.view, seats)]

    def breakdown(self, ctx: ViewContext) -> Any:
        """Each player's points by kind and the winner, once the final scoring is done."""
        final = ctx.view.final
        if final is None:
            return None
        from rich.console import Group
        from rich.text import Text

        from .dialogs import final_table, winners_text

        return Group(
            final_table(final, ctx.seats),
            "",
            Text(winners_text(final, ctx.seats), style="bold"),
            Text("Ties go to the most servants with the Cardinal.", style="dim"),
        )

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.over:
            return "game over"
        if view.turn is None:
            return "enter on a room places a servant there"
        if view.turn.step == 2 and not any(isinstance(a, Move) for a in ctx.legal):
            return "no moves left · n: next"
        if view.turn.step == 5 and any(isinstance(a, Keep) for a in ctx.legal):
            return "k: keep a card · n: discard the rest"
        if not ctx.interactive:
            return view.turn.step_name
        return PHASE_HINTS.get(view.turn.step, "")


UI = PalaisUI()

__all__ = ["UI", "ChoiceScreen", "FinalScoringScreen", "PalaisBoard", "PalaisInfo", "PalaisUI", "final_rows"]
