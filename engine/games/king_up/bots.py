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

    It will not push a stranger onto the throne (a vote there could end the round on someone
    else's king), and spends a NO card only on a candidate that is not on its card.
    """

    level = "greedy"

    def choose(self, view: KingUpView, legal: Sequence[Any], rng: random.Random) -> Any:
        goal = set(view.my_goal or ())
        return max(legal, key=lambda a: (self._gain(view, goal, a), rng.random()))

    def _gain(self, view: KingUpView, goal: set[int], action: Any) -> float:
        match action:
            case Place(figure=f, floor=fl):
                return fl if f in goal else -fl
            case Climb(figure=f):
                here, there = view.floors[f], view.floors[f] + 1
                if there == THRONE:
                    return 10 if f in goal else -10
                return POINTS[there] - POINTS[here] if f in goal else -0.5
            case Vote(yes=yes):
                mine = view.on_throne in goal
                return 1 if yes == mine else 0
        return 0


def make_bot(level: str):
    bots = {"random": RandomBot, "greedy": GreedyBot}
    if level not in bots:
        raise KeyError(f"King Up! has no {level!r} bot (levels: {', '.join(bots)})")
    return bots[level]()
