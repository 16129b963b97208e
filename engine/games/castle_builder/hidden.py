"""What a seat cannot see, redrawn: the contract tests prove with it that views keep secrets."""

from __future__ import annotations

import random

from engine.core.fastattrs import replace

from .state import CastleBuilderState


def resample(state: CastleBuilderState, seat: int | None, rng: random.Random) -> CastleBuilderState:
    """The supply and the other seats' holders dealt again from their tiles together (each holder keeps
    its size), and the coin pile shuffled."""
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.supply) + [t for s in others for t in state.holders[s]]
    rng.shuffle(pool)
    holders = list(state.holders)
    for s in others:
        n = len(holders[s])
        holders[s], pool = tuple(sorted(pool[:n])), pool[n:]
    coins = list(state.coin_pile)
    rng.shuffle(coins)
    return replace(state, supply=tuple(pool), holders=tuple(holders), coin_pile=tuple(coins))
