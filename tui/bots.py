"""Bots for the seats the engine marks ``bot:<level>``.

A bot gets only its seat's view and the legal moves; ``choose`` may be slow, so the play
screen calls it in a thread worker and submits the result on the event loop itself (a Match
is not thread-safe, and several Apps may be watching it).
"""
from __future__ import annotations

import random
from typing import Any

import attrs

from engine.core import Bot, Game


def make_bot(game: Game, level: str) -> Bot:
    return game.make_bot(level)


def bot_levels(game: Game) -> tuple[str, ...]:
    """The game's levels, weakest first."""
    return tuple(game.bot_levels)


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
