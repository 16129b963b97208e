"""The components of Castle Builder: 126 castle tiles (tiles.json), 36 coins, the baron path and the
foundation (board.json). The design choices are marked in both files and on the rules page.

Tile ids: 0–125 are the castle tiles; each foundation's gate is GATE; in the "royal strategy"
variant seat s owns the prince ``royal_ids(s)[0]`` and the princess ``royal_ids(s)[1]``.

    >>> TILES[0].label, len(CASTLE_TILES), len(COINS)
    ('1', 126, 36)
"""

from __future__ import annotations

import json
from importlib import resources

import attrs

STONE, AIR = "S", "A"
CHECK = "✓"


@attrs.frozen
class Tile:
    """One tile as printed. Edges are two halves, left then right: ``"SA"`` is stone left, air right."""

    id: int
    kind: str
    lower: int | None  # the number it is built with; None: the check mark, which fits any number
    upper: int  # the number the tiles above it count
    bottom: str
    top: str
    windows: int = 0
    roofs: int = 0
    persons: int = 0
    rubies: int = 0
    castle: bool = False  # may not start a new level
    royal: bool = False

    @property
    def check(self) -> bool:
        return self.lower is None

    @property
    def label(self) -> str:
        """The numbers as printed: ``12``, ``11/1``, ``✓/3``, ``✓``."""
        if self.check:
            return CHECK if self.top == "AA" else f"{CHECK}/{self.upper}"
        return str(self.lower) if self.lower == self.upper else f"{self.lower}/{self.upper}"


def _read(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(name).read_text("utf-8"))


def _tile(tid: int, kind: dict, numbers: str, royal: bool = False) -> Tile:
    lower_text, _, upper_text = numbers.partition("/")
    lower = None if lower_text == CHECK else int(lower_text)
    upper = int(upper_text) if upper_text else (lower if lower is not None else 0)
    return Tile(
        tid,
        kind["kind"],
        lower,
        upper,
        kind["bottom"],
        kind["top"],
        kind.get("windows", 0),
        kind.get("roofs", 0),
        kind.get("persons", 0),
        kind.get("rubies", 0),
        kind.get("castle", False),
        royal,
    )


_TILE_DATA = _read("tiles.json")
_BOARD = _read("board.json")

CASTLE_TILES: tuple[Tile, ...] = tuple(
    _tile(i, kind, n) for i, (kind, n) in enumerate((k, n) for k in _TILE_DATA["kinds"] for n in k["numbers"])
)
TILE_COUNT = len(CASTLE_TILES)
GATE = -1
MAX_SEATS = 4
ROYAL_IDS = tuple(range(TILE_COUNT, TILE_COUNT + 2 * MAX_SEATS))

TILES: dict[int, Tile] = {t.id: t for t in CASTLE_TILES}
TILES[GATE] = _tile(GATE, _TILE_DATA["gate"], _TILE_DATA["gate"]["numbers"][0])
for _seat in range(MAX_SEATS):
    for _k, _kind in enumerate(_TILE_DATA["royal"]):
        _id = TILE_COUNT + 2 * _seat + _k
        TILES[_id] = _tile(_id, _kind, _kind["numbers"][0], royal=True)


def royal_ids(seat: int) -> tuple[int, int]:
    """The prince and the princess of ``seat`` (royal strategy)."""
    return TILE_COUNT + 2 * seat, TILE_COUNT + 2 * seat + 1


def royal_owner(tile: int) -> int | None:
    return (tile - TILE_COUNT) // 2 if tile in ROYAL_IDS else None


# -- coins ----------------------------------------------------------------------------------------


@attrs.frozen
class Effect:
    key: str
    title: str
    text: str
    red: bool  # catapult, thief and bitter lady: "peaceful times" replaces them


EFFECTS: dict[str, Effect] = {
    c["effect"]: Effect(c["effect"], c["title"], c["text"], c.get("red", False)) for c in _BOARD["coins"]
}
COINS: tuple[str, ...] = tuple(c["effect"] for c in _BOARD["coins"] for _ in range(c["count"]))
MOST_OF = {"persons": "persons", "windows": "windows", "roofs": "roofs"}  # effect -> tile symbol counted

# -- the baron path -------------------------------------------------------------------------------
PLAIN, RUBY, TILE, COIN = "plain", "ruby", "tile", "coin"
PATH_LENGTH: int = _BOARD["path"]["length"]


def _path() -> tuple[str, ...]:
    kinds = [PLAIN] * PATH_LENGTH
    for kind in (COIN, RUBY, TILE):
        for space in _BOARD["path"][kind]:
            kinds[space - 1] = kind  # the rulebook numbers spaces from 1
    return tuple(kinds)


PATH: tuple[str, ...] = _path()  # index 0 is space 1

# -- the castle -----------------------------------------------------------------------------------
GROUND_PLACES: int = _BOARD["foundation"]["ground_places"]
GATE_X = 2 * (_BOARD["foundation"]["gate_place"] - 1)
WIDTH = 2 * GROUND_PLACES  # in half tiles
MAX_LEVEL = GROUND_PLACES
COLUMNS = "abcdefghijklmnopqrstuvwxyz"[: WIDTH - 1]  # x = 0 .. WIDTH-2, a letter per half tile

HOLDER_LIMIT = 7
START_TILES = 3
MARKET_SIZE = 3
GOAL, SKY_GOAL = 7, 9
