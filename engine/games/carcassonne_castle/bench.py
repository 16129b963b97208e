"""Speed of the engine: random games per second and the time to find where a card may lie."""

from __future__ import annotations

import random
import statistics
import time

from engine.core.game import GameConfig, rng_for

from .placing import find_placements
from .rules import GAME


def bench(games: int, seed: int) -> dict:
    """Play ``games`` random games; time whole games and, per turn, the legal-placement search."""
    config = GameConfig(2)
    timings: list[float] = []
    turns = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        state = GAME.initial_state(config)
        for ev in GAME.setup(config, rng_for(seed + g, 0)):
            state = GAME.evolve(state, ev)
        while not state.finished:
            seat = state.to_move
            t0 = time.perf_counter()
            find_placements(state.board.analysis, state.card)
            timings.append(time.perf_counter() - t0)
            legal = list(GAME.legal_actions(state, seat))
            for ev in GAME.decide(state, seat, rng.choice(legal), rng_for(seed + g, turns + 1)):
                state = GAME.evolve(state, ev)
            turns += 1
    elapsed = time.perf_counter() - start
    micros = sorted(t * 1e6 for t in timings)
    return {
        "game": GAME.id,
        "games": games,
        "turns": turns,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed else 0.0,
        "placement_us_mean": round(statistics.fmean(micros), 1) if micros else 0.0,
        "placement_us_p95": round(micros[int(0.95 * (len(micros) - 1))], 1) if micros else 0.0,
    }
