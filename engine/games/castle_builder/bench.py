"""Speed of the engine: random games per second, and the time to list the legal moves of a turn."""

from __future__ import annotations

import random
import statistics
import time

from engine.core.game import GameConfig, rng_for

from .rules import GAME


def bench(games: int, seed: int) -> dict:
    """Play ``games`` random 4-player games; time whole games and, per turn, the legal-move listing."""
    config = GameConfig(4)
    timings: list[float] = []
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        state = GAME.initial_state(config)
        for ev in GAME.setup(config, rng_for(seed + g, 0)):
            state = GAME.evolve(state, ev)
        while not state.finished:
            seat = min(GAME.to_act(state))
            t0 = time.perf_counter()
            legal = list(GAME.legal_actions(state, seat))
            if not state.pending:
                timings.append(time.perf_counter() - t0)
            for ev in GAME.decide(state, seat, rng.choice(legal), rng_for(seed + g, actions + 1)):
                state = GAME.evolve(state, ev)
            actions += 1
    elapsed = time.perf_counter() - start
    micros = sorted(t * 1e6 for t in timings)
    return {
        "games_per_second": f"{games / elapsed:.1f} (4 players, random)" if elapsed else "-",
        "actions_per_game": f"{actions / games:.0f}" if games else "-",
        "legal_moves_us": (
            f"mean {statistics.fmean(micros):.0f} µs, p95 {micros[int(0.95 * (len(micros) - 1))]:.0f} µs per turn"
            if micros
            else "-"
        ),
    }
