"""King Up! on screen: the castle as a grid, the goal card, the vote, the reveal, the scoring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.screen import ModalScreen, Screen

from engine.core import Game, Seat, Step
from engine.games.king_up import Pass, Vote

from ..base import GameUI, ViewContext, ViewPanel
from .board import PHASES, KingUpBoard
from .dialogs import RevealInterlude, RoundEndScreen, VoteScreen
from .panels import KingUpInfo, score_breakdown


class KingUpUI(GameUI):
    game_id = "king-up"

    def make_board(self) -> ViewPanel:
        return KingUpBoard()

    def make_info(self) -> ViewPanel:
        return KingUpInfo()

    def secret_prompt(self, ctx: ViewContext) -> ModalScreen[Any] | None:
        if ctx.view.phase == "voting" and any(isinstance(a, Vote) for a in ctx.legal):
            return VoteScreen(ctx)
        return None

    def interludes(
        self, game: Game, steps: Sequence[Step], viewer: int | None, seats: Sequence[Seat]
    ) -> list[Screen[Any]]:
        screens: list[Screen[Any]] = []
        for i, step in enumerate(steps):
            if step.kind == "VotesRevealed":
                after = steps[i + 2].view if i + 2 < len(steps) else step.view
                screens.append(RevealInterlude(step.view.last_votes, step.view, after, seats))
            elif step.kind == "RoundScored":
                screens.append(RoundEndScreen(step.view, seats, len(step.view.round_points)))
        return screens

    def breakdown(self, ctx: ViewContext) -> Any:
        return score_breakdown(ctx.view, ctx.seats)

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.phase == "placing":
            return "pick a figure beside the castle, then a floor (or type A3)"
        if view.phase == "climbing":
            if Pass() in ctx.legal:
                return "no figure can climb: press p to pass"
            return "move a figure up one floor (or type A^)"
        if view.phase == "voting":
            return "vote YES or NO in secret"
        return PHASES.get(view.phase, view.phase)


UI = KingUpUI()
