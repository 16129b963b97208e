"""The bonus cards of Between Two Castles: what each card counts in a castle (rooms of a type,
floors underground or high, a castle's height and width, enclosed rooms, …), as one function of
the castle made once, and the points that makes. The score sheet that adds them up is scoring.py.
"""

from __future__ import annotations

from .castle import Castle
from .catalog import BONUS_CARDS, NORMAL_TYPES, ROOMS, SPECIAL_TYPES, THRONE_CELLS, THRONE_SPOTS
from .room_rules import AROUND_OF, NEXT_TO


def card_points(castle: Castle, card: int) -> int:
    count, points = _CARDS[card]
    return points * count(castle)


def card_count(castle: Castle, key: str) -> int:
    """How many times a bonus card's condition is met."""
    if key not in _CARD_COUNT:
        raise ValueError(f"unknown bonus card {key!r}")
    return _CARD_COUNT[key](castle)


# What each bonus card counts, as one function of the castle made once; a card naming a normal room
# type counts the castle's rooms of that type.
_ALL_TYPES = frozenset(NORMAL_TYPES + SPECIAL_TYPES)
_NORMAL_TYPE_OF = {r.id: r.type for r in ROOMS if r.type in NORMAL_TYPES}
_SPOT_CELLS = tuple(THRONE_SPOTS.values())


def _types(castle: Castle) -> int:
    return len(castle.type_counts.keys() & _ALL_TYPES)  # the types the castle has


def _underground(castle: Castle) -> int:
    return len([f for _, f, _ in castle.cells if f < 0])


def _high(castle: Castle) -> int:
    return len([f for _, f, _ in castle.cells if f >= 2])


def _height(castle: Castle) -> int:
    low, high = castle.floors()
    return high - low + 1


def _width(castle: Castle) -> int:
    low, high = castle.columns()
    return high - low + 1


def _throne_variety(castle: Castle) -> int:
    kinds = set(map(_NORMAL_TYPE_OF.get, map(castle.grid.get, _SPOT_CELLS)))
    kinds.discard(None)  # an empty cell or a special room
    return len(kinds)


def _of_a_type(least: int):
    def count(castle: Castle) -> int:
        counts = castle.type_counts
        return len([t for t in NORMAL_TYPES if counts.get(t, 0) >= least])

    return count


def _all_occupied(near: dict):
    """Rooms with all the cells ``near`` them occupied, the throne room as one room."""
    ring = frozenset(cell for throne in THRONE_CELLS for cell in near[throne]) - set(THRONE_CELLS)

    def count(castle: Castle) -> int:
        grid = castle.grid
        occupied = grid.__contains__
        n = 0
        for c, f, _ in castle.cells:
            if all(map(occupied, near[c, f])):
                n += 1
        return n + (1 if ring <= grid.keys() else 0)

    return count


_CARD_COUNT = {
    "variety": _types,
    "attendants": lambda castle: len(castle.attendants),
    "underground": _underground,
    "high": _high,
    "height": _height,
    "width": _width,
    "enclosed": _all_occupied(AROUND_OF),
    "crossed": _all_occupied(NEXT_TO),
    "special": lambda castle: castle.special_rooms,
    "throne_variety": _throne_variety,
    "throne_ring": lambda castle: len(castle.grid.keys() & _SPOT_CELLS),
    "five_of_a_type": _of_a_type(5),
    "three_of_a_type": _of_a_type(3),
    **{kind: (lambda castle, kind=kind: castle.type_counts.get(kind, 0)) for kind in NORMAL_TYPES},
}
_CARDS = tuple((_CARD_COUNT[c.key], c.points) for c in BONUS_CARDS)
