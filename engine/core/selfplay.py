"""Headless play: bots on every seat, used by `bergfried selfplay`, the benchmarks and the tests.

match = play_out(get_game("king-up"), 4, ["greedy", "random", "random", "random"], seed=7)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from .game import Game, GameConfig
from .log import Seat
from .match import Match


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a series started with ``seed`` (stable across runs and machines).

    Match.new derives each game's 256-bit secret from it (``engine.core.game.secret_from``):
    reproducible, so never used for a game against people, whose matches draw a fresh secret.
    """
    return random.Random(f"series:{seed}:{index}").getrandbits(31)


def bot_seats(levels: Sequence[str]) -> list[Seat]:
    return [Seat(f"Bot {i + 1} ({lvl})", f"bot:{lvl}") for i, lvl in enumerate(levels)]


def play_out(
    game: Game,
    players: int,
    levels: Sequence[str],
    seed: int,
    path: Path | None = None,
    variants: frozenset[str] = frozenset(),
    max_actions: int = 100_000,
) -> Match:
    """Play one game to the end with a bot of ``levels[i]`` on seat i."""
    match = Match.new(game, GameConfig(players, variants), bot_seats(levels), seed, path=path, durable=False)
    bots = [game.make_bot(level) for level in levels]
    for _ in range(max_actions):
        if match.finished:
            break
        # Simultaneous steps: every seat that owes an action acts, lowest seat first.
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), legal, match.bot_rng(seat))
        match.submit(seat, action)
    else:
        raise RuntimeError(f"{game.id} did not finish within {max_actions} actions (seed {seed})")
    match.close()
    return match
