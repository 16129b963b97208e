"""What a game tunes its thinking bot with: its evaluation (``standing`` by default), its
``SEARCH`` options and rollout policy (``game_tuning``), and the greedy bot's values of moves.

The search (engine.core.search) and the win-chance curves (engine.core.story) read them here.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from .chances import lead_chances, shared_win
from .game import Game

Evaluate = Callable[[Game, Any], Sequence[float]]
Policy = Callable[[Game, Any, int, list, random.Random], Any]


def standing(game: Game, state: Any, scale: float = 10.0) -> tuple[float, ...]:
    """Each seat's chance of winning judged from the score standing: 1/k for the k winners at
    the end; before it, a logistic of the lead over the best other seat (``scale`` points
    for a factor e). The default evaluation of every game."""
    result = game.result(state)
    if result.finished:
        return shared_win(len(result.scores), result.winners)
    return lead_chances(result.scores, scale)


@functools.cache
def game_tuning(game: Game) -> tuple[Evaluate | None, dict[str, Any], Policy | None]:
    """A game's own evaluation, search options and rollout policy: ``evaluate``, ``SEARCH`` and
    ``rollout_policy`` in its package's ``evaluate`` module (``engine/games/<pkg>/evaluate.py``),
    where it has one. They are the game's tuning, so ``SEARCH`` wins over the generic options its
    bots mapping passes; ``rollout_policy(game, state, seat, legal, rng)`` stands in for the
    greedy bot in greedy rollouts (a cheaper move of the same kind, read from the state)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None, {}, None
    try:
        module = importlib.import_module(f"{package}.evaluate")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.evaluate":
            raise
        return None, {}, None
    return (
        getattr(module, "evaluate", None),
        dict(getattr(module, "SEARCH", {})),
        getattr(module, "rollout_policy", None),
    )


def greedy_values(bot: Any, view: Any, legal: Sequence[Any]) -> list[float] | None:
    """The greedy bot's value of each legal move (``values(view, legal)`` or ``value(view,
    action)``), or None where it offers neither."""
    if hasattr(bot, "values"):
        return list(bot.values(view, legal))
    if hasattr(bot, "value"):
        return [bot.value(view, a) for a in legal]
    return None
