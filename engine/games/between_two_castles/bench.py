"""Speed of the engine: random games per second at 3 and 7 seats, and the time to list where a
room may be placed (per room and castle)."""

from __future__ import annotations

import random
import statistics
import time

from engine.core.game import GameConfig

from .rules import GAME
from .state import OVER


def _random_game(players: int, seed: int, timings: list[float]) -> int:
    config = GameConfig(players)
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(seed)):
        state = GAME.evolve(state, ev)
    actions = 0
    while state.phase != OVER:
        seat = min(GAME.to_act(state))
        if state.to_place and not state.bonuses:
            tile = state.to_place[0]
            t0 = time.perf_counter()
            state.castles[tile.castle if tile.castle >= 0 else tile.owner].positions(tile.room)
            timings.append(time.perf_counter() - t0)
        legal = list(GAME.legal_actions(state, seat))
        for ev in GAME.decide(state, seat, rng.choice(legal), random.Random(seed * 7919 + actions)):
            state = GAME.evolve(state, ev)
        actions += 1
    return actions


def bench(games: int, seed: int) -> dict[str, str]:
    out: dict[str, str] = {}
    timings: list[float] = []
    for players in (3, 7):
        start = time.perf_counter()
        actions = sum(_random_game(players, seed + g, timings) for g in range(games))
        took = time.perf_counter() - start
        out[f"{players} seats"] = f"{games / took:8.1f} games/s ({actions / games:.0f} actions/game)"
    micros = sorted(t * 1e6 for t in timings)
    out["placements/room"] = (
        f"mean {statistics.fmean(micros):.1f} µs, p95 {micros[int(0.95 * (len(micros) - 1))]:.1f} µs"
    )
    return out
