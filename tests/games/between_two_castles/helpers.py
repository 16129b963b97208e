"""Build Between Two Castles castles and positions directly, so each rule is tested where it applies."""

from __future__ import annotations

import random

from engine.core import GameConfig
from engine.games.between_two_castles import GAME, Castle
from engine.games.between_two_castles.catalog import ROOM_ID, SPECIAL_ID


def room(name: str) -> int:
    return SPECIAL_ID[name.lower()] if name.lower() in SPECIAL_ID else ROOM_ID[name]


def castle(throne: int = 0, rooms: dict[tuple[int, int], str] | None = None, attendants=(), cards=()) -> Castle:
    """A castle with the named rooms at (column, floor); the throne room is on (0, 0) and (1, 0)."""
    cells = tuple((c, f, room(name)) for (c, f), name in (rooms or {}).items())
    return Castle(throne, cells, tuple(attendants), tuple(cards))


def fresh(players: int = 3, seed: int = 1, variants=()):
    config = GameConfig(players, frozenset(variants))
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(seed)):
        state = GAME.evolve(state, ev)
    return state


def apply(state, seat: int, action, rng_seed: int = 0):
    events = GAME.decide(state, seat, action, random.Random(rng_seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    return state, events
