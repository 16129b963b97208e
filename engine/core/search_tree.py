"""The search tree of the thinking bot (engine.core.search): a node's statistics, how UCB1
picks among the actions legal here, and the report a search hands the bot and the hints.
"""

from __future__ import annotations

import math
from typing import Any

from .game import Game

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]


class Node:
    """The statistics of one action taken in one place of the tree."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed score of the seat that took the action into this node
        self.avail = 1


class SearchReport:
    """What a search found: the root's children (action -> statistics), iterations and time."""

    def __init__(self, root: Node, iterations: int, seconds: float, prior: Any = None):
        self.root, self.iterations, self.seconds = root, iterations, seconds
        self.prior = prior  # the greedy bot's choice, tried first

    def ranked(self) -> list[tuple[Any, int, float]]:
        """(action, visits, mean score) for every tried root action, most visited first."""
        rows = [(a, n.visits, n.reward / n.visits if n.visits else 0.0) for a, n in self.root.children.items()]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))


def mover(game: Game, state: Any) -> int | None:
    """The seat that acts next in a search: the lowest of those owing an action."""
    seats = game.to_act(state)
    return min(seats) if seats else None


def ucb(node: Node, legal: list[Any], exploration: float = EXPLORATION) -> Any:
    """UCB1 with availability counts: an action sometimes legal is judged by how often it was."""
    best, best_value = legal[0], -1.0
    for a in legal:
        child = node.children[a]
        value = child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
        if value > best_value:
            best, best_value = a, value
    return best
