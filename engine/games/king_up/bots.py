"""King Up! bots: they see their seat's view and the legal moves, nothing else."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.bots import RandomBot

from .catalog import POINTS, THRONE
from .state import Climb, Place, Vote
from .view import KingUpView


class GreedyBot:
    """Takes the move that most improves its own goal score, and votes for its own candidates.

    Pushing a favourite from floor 5 onto the throne risks its 5 points for 10: the bot counts
    it by the chance that every other seat still holding a NO card says yes (taken as a coin
    toss each). It spends a NO card on any candidate that is not on its card.
    """

    level = "greedy"

    def choose(self, view: KingUpView, legal: Sequence[Any], rng: random.Random) -> Any:
        goal = set(view.my_goal or ())
        return max(legal, key=lambda a: (self._gain(view, goal, a), rng.random()))

    def values(self, view: KingUpView, legal: Sequence[Any]) -> list[float]:
        """What ``choose`` maximises, per legal move (the search ranks its root by it)."""
        goal = set(view.my_goal or ())
        return [self._gain(view, goal, a) for a in legal]

    def _gain(self, view: KingUpView, goal: set[int], action: Any) -> float:
        match action:
            case Place(figure=f, floor=fl):
                return fl if f in goal else -fl
            case Climb(figure=f):
                here, there = view.floors[f], view.floors[f] + 1
                if there == THRONE:
                    return self._elected_chance(view) * 10 - POINTS[here] if f in goal else 0
                return POINTS[there] - POINTS[here] if f in goal else -0.5
            case Vote(yes=yes):
                mine = view.on_throne in goal
                return 1 if yes == mine else 0
        return 0

    @staticmethod
    def _elected_chance(view: KingUpView) -> float:
        holding_no = sum(1 for s, cards in enumerate(view.vote_cards) if s != view.seat and cards > 1)
        return 0.5 ** holding_no

