"""Bots see only their seat's view and the legal actions it implies; they never read the state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Bot(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal`` knowing only ``view``. May be slow: callers run it off the event loop."""


class RandomBot:
    """Plays a uniformly random legal action."""

    level = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]
