"""The registry of games. Adding a game is one entry in LISTINGS, plus its two packages:
``engine/games/<id with _>/`` (the rules, exposing ``GAME``) and ``tui/games/<id with _>/``
(its screen, exposing ``UI``).

    get_game("king-up").title   # 'King Up!'

A listing is what a menu shows before any rules load (the title screen paints at once); a
contract test checks that it says what the game itself says.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from engine.core.game import Game


class Listing(NamedTuple):
    id: str
    title: str
    min_players: int
    max_players: int
    description: str


LISTINGS = (
    Listing("king-up", "King Up!", 3, 6, "Push your secret favourites up the castle and vote on who takes the throne."),
    Listing(
        "carcassonne-castle",
        "Carcassonne: The Castle",
        2,
        2,
        "Two players build a castle card by card: roads, towers, houses, courtyards and a palas.",
    ),
    Listing(
        "between-two-castles",
        "Between Two Castles",
        2,
        7,
        "Draft rooms in secret and build two castles, one with each neighbour; your lower castle counts.",
    ),
    Listing(
        "palais-royal",
        "Palais Royal",
        2,
        4,
        "Place servants in the rooms of the castle and recruit the nobles of the park.",
    ),
    Listing(
        "castle-builder",
        "Castle Builder",
        2,
        4,
        "Build a castle tile by tile, numbers adding up; your baron races round for 7 coins.",
    ),
)

GAMES = tuple(listing.id for listing in LISTINGS)


def package_name(game_id: str) -> str:
    """The Python package name of a game id: ``king-up`` -> ``king_up``."""
    return game_id.replace("-", "_")


def game_ids() -> list[str]:
    return list(GAMES)


def game_module(game_id: str, part: str = "") -> ModuleType:
    """The game's package (or one of its modules); KeyError for a game Bergfried does not have."""
    if game_id not in GAMES:
        raise KeyError(game_id)
    name = f"engine.games.{package_name(game_id)}" + (f".{part}" if part else "")
    return importlib.import_module(name)


def get_game(game_id: str) -> Game:
    """The rules object for ``game_id``; raises KeyError for a game Bergfried does not have."""
    return game_module(game_id).GAME


def all_games() -> list[Game]:
    return [get_game(gid) for gid in GAMES]
