"""The 13 candidates and the 26 goal cards (catalog.json; the design choices are marked there)."""

from __future__ import annotations

import json
from importlib import resources

import attrs


@attrs.frozen
class Candidate:
    initial: str
    name: str
    trade: str
    italian: str
    published: bool

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.trade}"


def _load() -> tuple[tuple[Candidate, ...], tuple[tuple[int, ...], ...]]:
    data = json.loads(resources.files(__package__).joinpath("catalog.json").read_text("utf-8"))
    candidates = tuple(Candidate(**c) for c in data["candidates"])
    index = {c.initial: i for i, c in enumerate(candidates)}
    goals = tuple(tuple(index[ch] for ch in card) for card in data["goal_cards"])
    return candidates, goals


CANDIDATES, GOAL_CARDS = _load()
INITIALS = "".join(c.initial for c in CANDIDATES)

# Floors of the castle: 0 (the ground) to 5, then the throne.
OFF_BOARD, ELIMINATED, THRONE = -1, -2, 6
PLACING_FLOORS = (1, 2, 3, 4)
FLOOR_LIMIT = 4  # every floor but the ground holds at most four figures
POINTS = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, THRONE: 10, ELIMINATED: 0, OFF_BOARD: 0}
ROUNDS = 3
ZERO_BONUS = 33  # exactly 0 points in the last round scores this instead

# Per player count: figures each player places in phase 1, and NO cards beside the one YES.
PLACEMENTS = {3: 4, 4: 3, 5: 2, 6: 2}
NO_CARDS = {3: 4, 4: 3, 5: 2, 6: 2}


def floor_name(floor: int) -> str:
    return {THRONE: "the throne", ELIMINATED: "out of the game", OFF_BOARD: "beside the castle"}.get(
        floor, f"floor {floor}"
    )
