"""Hints: what the expert would do here, as the top moves of a search with their win chances.

    >>> import random
    >>> from engine.core.game import GameConfig, rng_for, secret_from
    >>> from engine.games import get_game
    >>> game = get_game("king-up")
    >>> state = game.initial_state(GameConfig(4))
    >>> for ev in game.setup(GameConfig(4), rng_for(secret_from(1), 0)):
    ...     state = game.evolve(state, ev)
    >>> seat = min(game.to_act(state))
    >>> top = hints(game, game.view(state, seat), list(game.legal_actions(state, seat)), random.Random(1), iterations=60)
    >>> len(top) == 3 and all(0.0 <= h.win <= 1.0 for h in top)
    True
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from .game import Game
from .search import Thinking, ThinkingBot


@attrs.frozen
class Hint:
    action: Any
    notation: str
    win: float  # the searched chance of winning after this move (the game's evaluation, 0..1)
    visits: int


def hints(game: Game, view: Any, legal: Sequence[Any], rng: random.Random, *, level: str = "expert",
          iterations: int | None = None, top: int = 3) -> list[Hint]:
    """The ``top`` moves the ``level`` bot likes best from ``view`` (a fixed iteration count
    makes it reproducible; otherwise the level's time budget)."""
    factory = game.bots.get(level) if hasattr(game, "bots") else None
    if not isinstance(factory, Thinking):
        raise ValueError(f"{game.title} has no thinking level {level!r}")  # noqa: TRY004 -- a level name
    bot = ThinkingBot(game, level, seconds=None if iterations else factory.seconds, iterations=iterations,
                      evaluate=factory.evaluate, **factory.options)
    report = bot.search(view, rng, legal)
    # Notation needs a position: any determinization reads the same to this seat.
    state = game.determinize(view, random.Random(0))
    allowed = set(legal)
    rows = [r for r in report.ranked() if r[0] in allowed][:top]
    return [Hint(a, game.format_action(state, view.seat, a), mean, visits) for a, visits, mean in rows]
