"""Build Carcassonne: The Castle positions directly, so each rule can be tested where it applies."""

from __future__ import annotations

import random

import attrs

from engine.core.game import GameConfig
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.board import Board, Follower, Placement
from engine.games.carcassonne_castle.catalog import CARD_TYPE_OF, CARD_TYPES, DIRS
from engine.games.carcassonne_castle.state import CastleState


class Cards:
    """Hands out distinct card ids of a named card type (each test builds its own)."""

    def __init__(self):
        self.taken: set[int] = set()

    def __call__(self, key: str) -> int:
        for card, t in enumerate(CARD_TYPE_OF):
            if CARD_TYPES[t].key == key and card not in self.taken:
                self.taken.add(card)
                return card
        raise LookupError(f"no {key} card left")


def at(card: int, square: str, facing: str) -> Placement:
    """A placement written like the notation: at(c, "D3", "s")."""
    return Placement(card, "ABCDEFGHIJKL".index(square[0]), int(square[1:]) - 1, DIRS.index(facing))


def position(placements=(), followers=(), card: int = -1, to_move: int = 0, deck=None, **changes) -> CastleState:
    """A game in progress with the given cards lying and ``card`` drawn by ``to_move``."""
    board = Board.of(placements, followers)
    used = {p.card for p in placements} | {card}
    if deck is None:
        deck = tuple(c for c in range(60) if c not in used)[:5]
    state = CastleState(deck=tuple(deck), towers=(0,) + (9,) * 13, board=board, card=card, to_move=to_move)
    return attrs.evolve(state, **changes)


def play(state: CastleState, text: str, seat: int | None = None, rng_seed: int = 0):
    """Parse and decide ``text``; returns (events, state after)."""
    seat = state.to_move if seat is None else seat
    action = GAME.parse_action(state, seat, text)
    events = GAME.decide(state, seat, action, random.Random(rng_seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    return events, state


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def new_game(seed: int) -> CastleState:
    config = GameConfig(2)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(seed)):
        state = GAME.evolve(state, ev)
    return state


def follower(seat: int, role: str, card: int, segment: int = 0) -> Follower:
    return Follower(seat, role, card, segment)
