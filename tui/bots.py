"""Bots for the seats the engine marks ``bot:<level>``.

A bot gets only its seat's view and the legal moves; ``choose`` may be slow, so the play
screen calls it in a thread worker and submits the result on the event loop itself (a Match
is not thread-safe, and several Apps may be watching it).
"""
from __future__ import annotations

import random
from typing import Any

import attrs

from engine.core import Bot, Game, RandomBot


def make_bot(game: Game, level: str) -> Bot:
    """The game's bot for ``level``; games without their own bots play randomly."""
    factory = getattr(game, "make_bot", None)
    if factory is None:
        return RandomBot()
    return factory(level)


def bot_levels(game: Game) -> tuple[str, ...]:
    return tuple(getattr(game, "bot_levels", ("random",)))


@attrs.frozen
class BotTask:
    """One question to a bot, tagged with the log length it was asked at (to spot stale answers)."""

    seat: int
    version: int
    view: Any
    legal: tuple[Any, ...]
    seed: str

    def run(self, bot: Bot) -> Any:
        return bot.choose(self.view, list(self.legal), random.Random(self.seed))


def choose(bot: Bot, task: BotTask) -> tuple[BotTask, Any]:
    """Runs in a worker thread: pure computation on immutable inputs."""
    return task, task.run(bot)
