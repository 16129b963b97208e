"""The move list speaks proper English (issue 9 item 9): one market, one point, and a palas
scoring that says whether it was a tie or there was no palas at all."""

from __future__ import annotations

from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.events import CourtyardScored, PalasScored, WallTileScored

from .helpers import new_game

NAMES = ["Adalbert", "Berta"]


def said(event) -> str:
    return GAME.describe(new_game(1), event, NAMES)


def test_one_market_and_several_markets():
    assert said(CourtyardScored(0, 1, 3, False, (4,))) == "Courtyard with 1 market: Adalbert scores 3"
    assert said(CourtyardScored(1, 3, 9, False, (4, 5))) == "Courtyard with 3 markets: Berta scores 9"


def test_a_palas_tie_and_no_palas_are_told_apart():
    assert said(PalasScored(-1, 0, (3, 3), ())) == "Largest palas: a tie, nobody scores"
    assert said(PalasScored(-1, 0, (0, 0), ())) == "Largest palas: no palas, nobody scores"
    assert said(PalasScored(0, 11, (4, 2), ())) == "Largest palas: Adalbert scores 11"


def test_one_point_from_a_wall_tile():
    assert said(WallTileScored(0, 4, 1, (3,))) == "Adalbert plays wall tile 4: 1 point"
    assert said(WallTileScored(1, 9, 5, ())) == "Berta plays wall tile 9: 5 points"
