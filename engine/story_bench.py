"""The story's curve timed (issue 28: a 150-move game's win-chance curve in under 30 s on one
core at the casual level), for ``bergfried bench story`` and its test: a long finished game of
each game, and the seconds its chances and turning points take in one thread.
"""

from __future__ import annotations

import time
from typing import Any

LONG = 150  # moves: the long game


def long_game(game_id: str, tries: int = 6) -> Any:
    """A finished random-bot game of ``game_id``: the first with LONG moves, else the longest."""
    from engine.core.selfplay import play_out
    from engine.games import get_game

    game = get_game(game_id)
    best, best_moves = None, -1
    for seed in range(1, tries + 1):
        match = play_out(game, game.min_players, ["random"] * game.min_players, seed)
        moves = sum(1 for e in match.entries if e.move is not None)
        if moves > best_moves:
            best, best_moves = match, moves
        if moves >= LONG:
            break
    return best


def curve_seconds(match: Any) -> dict[str, float]:
    """CPU seconds of this thread (one core) and wall seconds for the whole story of ``match``."""
    from engine.core.story import chance_series, story_steps, turning_points

    game, header, entries = match.game, match.header, match.entries
    wall, cpu = time.perf_counter(), time.thread_time()
    steps = story_steps(game, header, entries)
    chances = chance_series(game, header.config, [e.event for e in entries], steps.positions)
    turning_points(game, header, entries, steps, chances, level="casual")
    return {"cpu": time.thread_time() - cpu, "wall": time.perf_counter() - wall, "steps": len(steps.positions)}
