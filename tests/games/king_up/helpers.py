"""Build King Up! positions directly, so each rule can be tested where it applies."""

from __future__ import annotations

import random

import attrs

from engine.core import GameConfig
from engine.games.king_up import GAME
from engine.games.king_up.catalog import INITIALS, NO_CARDS, OFF_BOARD
from engine.games.king_up.state import CLIMBING, KingUpState


def fig(initial: str) -> int:
    return INITIALS.index(initial)


def fresh(players: int = 3, start: int = 0, goals: tuple[int, ...] | None = None) -> KingUpState:
    """A round-1 position right after setup, start player ``start``."""
    state = GAME.initial_state(GameConfig(players))
    (dealt,) = GAME.setup(GameConfig(players), random.Random(1))
    dealt = attrs.evolve(dealt, start_player=start, goals=goals or dealt.goals)
    return GAME.evolve(state, dealt)


def climbing(players: int = 3, floors: dict[str, int] | None = None, turn: int = 0, **changes) -> KingUpState:
    """A climbing position with the named figures on the given floors (the rest on the ground)."""
    base = fresh(players)
    levels = [0] * 13
    for initial, floor in (floors or {}).items():
        levels[fig(initial)] = floor
    return attrs.evolve(base, phase=CLIMBING, floors=tuple(levels), turn=turn, placed=(0,) * players, **changes)


def apply(state: KingUpState, seat: int, action, rng_seed: int = 0) -> tuple[KingUpState, list]:
    events = GAME.decide(state, seat, action, random.Random(rng_seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    return state, events


__all__ = ["fig", "fresh", "climbing", "apply", "NO_CARDS", "OFF_BOARD"]
