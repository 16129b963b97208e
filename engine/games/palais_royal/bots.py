"""Palais Royal bots: they see their seat's view and the legal moves, nothing else."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class GreedyBot:
    level = "greedy"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]
