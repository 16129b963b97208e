"""Build Palais Royal positions directly, so each rule can be tested where it applies."""

from __future__ import annotations

import random

import attrs

from engine.core import GameConfig
from engine.core.fastattrs import replace
from engine.games.palais_royal import GAME
from engine.games.palais_royal.catalog import NOBLES, ROOM_CODES, parse_space
from engine.games.palais_royal.events import StepBegan, TurnBegan
from engine.games.palais_royal.state import FREE, PalaisState

RED, YELLOW, GREEN, BLACK = range(4)


def fresh(players: int = 4, start: int = 0, seed: int = 1, first_game: bool = True) -> PalaisState:
    """The position right after the set-up event (before the five set-up servants each)."""
    config = GameConfig(players, frozenset({"first-game"}) if first_game else frozenset())
    (ev,) = GAME.setup(config, random.Random(seed))
    return GAME.evolve(GAME.initial_state(config), attrs.evolve(ev, start_player=start))


def noble(name: str) -> int:
    return next(n.index for n in NOBLES if n.name == name)


def find_noble(**want) -> int:
    """The first noble with these attributes (gold=6, king=1, benefit='' ...)."""
    return next(n.index for n in NOBLES if all(getattr(n, k) == v for k, v in want.items()))


def playing(
    players: int = 4,
    turn: int = 0,
    rooms: dict[str, tuple[int, ...]] | None = None,
    park: dict[str, int] | None = None,
    full_park: bool = True,
    **changes,
) -> PalaisState:
    """A position in play, ``turn`` to act before action 1. ``rooms`` maps room codes to servants per
    seat (other rooms empty); ``park`` puts nobles on named spaces; with ``full_park`` every other
    space holds some noble, else it is free."""
    state = fresh(players)
    counts = [[0] * players for _ in range(9)]
    for code, per_seat in (rooms or {}).items():
        counts[ROOM_CODES.index(code)] = list(per_seat)
    spaces = list(state.park) if full_park else [FREE] * 36
    placed = {parse_space(k): v for k, v in (park or {}).items()}
    used = set(placed.values())
    if full_park:
        spare = iter(n for n in range(42) if n not in used)
        spaces = [next(spare) for _ in range(36)]
    for sp, nb in placed.items():
        spaces[sp] = nb
    state = replace(
        state,
        rooms=tuple(tuple(r) for r in counts),
        park=tuple(spaces),
        supply=(8,) * players,
        box=tuple(n for n in range(42) if n not in spaces),
    )
    state = GAME.evolve(state, TurnBegan(turn, 1, False, True))
    return replace(state, **changes) if changes else state


def at_step(state: PalaisState, step: int) -> PalaisState:
    return GAME.evolve(state, StepBegan(state.turn, step))


def apply(state: PalaisState, action, seed: int = 0) -> tuple[PalaisState, list]:
    events = GAME.decide(state, state.turn, action, random.Random(seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    return state, events


def play(state: PalaisState, *moves: str, seed: int = 0) -> PalaisState:
    """Play moves typed in notation, each through parse_action and decide."""
    for text in moves:
        state, _ = apply(state, GAME.parse_action(state, state.turn, text), seed)
    return state


def room(state: PalaisState, code: str, seat: int) -> int:
    return state.rooms[ROOM_CODES.index(code)][seat]
