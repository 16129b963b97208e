"""Bot levels as the client offers them. The bots themselves play at the table
(engine.core.Table), off the event loop; the client only shows them thinking."""

from __future__ import annotations

from engine.core import Bot, Game


def make_bot(game: Game, level: str) -> Bot:
    return game.make_bot(level)


def bot_levels(game: Game) -> tuple[str, ...]:
    """The game's levels, weakest first."""
    return tuple(game.bot_levels)


def default_level(game: Game) -> str:
    """The level a new game's bot seats start with: the strongest that answers at once (the
    thinking levels take their time per move; a player picks them on the new-game screen)."""
    levels = bot_levels(game)
    return "greedy" if "greedy" in levels else levels[-1]
