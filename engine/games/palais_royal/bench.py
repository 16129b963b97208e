"""Speed of the engine: random games per second and legal-action generation per step."""

from __future__ import annotations

import random
import statistics
import time

from engine.core.game import GameConfig, rng_for

from .rules import GAME


def bench(games: int, seed: int) -> dict[str, str]:
    """Play ``games`` random 4-player games; time whole games and each legal-action listing."""
    config = GameConfig(4)
    legal_us: list[float] = []
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        events = GAME.setup(config, rng_for(seed + g, 0))
        state = GAME.initial_state(config)
        for ev in events:
            state = GAME.evolve(state, ev)
        while not state.finished:
            seat = state.turn
            t0 = time.perf_counter()
            legal = list(GAME.legal_actions(state, seat))
            legal_us.append((time.perf_counter() - t0) * 1e6)
            new = GAME.decide(state, seat, rng.choice(legal), rng_for(seed + g, actions + 1))
            for ev in new:
                state = GAME.evolve(state, ev)
            actions += 1
    elapsed = time.perf_counter() - start
    return {
        "game": GAME.id,
        "games": str(games),
        "actions": str(actions),
        "games_per_second": f"{games / elapsed:.1f}" if elapsed else "-",
        "legal_us_mean": f"{statistics.fmean(legal_us):.1f}" if legal_us else "-",
        "legal_us_p95": f"{sorted(legal_us)[int(0.95 * (len(legal_us) - 1))]:.1f}" if legal_us else "-",
    }
