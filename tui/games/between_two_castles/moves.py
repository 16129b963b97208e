"""What the viewer may do now, read from the legal moves: draft a pair, give Ludwig's room, place
a room (from the pair or a bonus), or decide a bonus; and what each placement would score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.between_two_castles import (
    GAME,
    Assign,
    Attend,
    BTCView,
    Choose,
    Keep,
    PickBonus,
    Place,
    castle_from_view,
)

from .look import Spot

CHOOSE, ASSIGN, PLACE, WATCH = "choose", "assign", "place", "watch"
BONUS_PLACE, BONUS_PICK = "bonus-place", "bonus-pick"


def situation(view: BTCView, legal: Sequence[Any]) -> str:
    if not legal:
        return WATCH
    first = legal[0]
    if isinstance(first, Choose):
        return CHOOSE
    if isinstance(first, Assign):
        return ASSIGN
    if isinstance(first, Place):
        return BONUS_PLACE if view.bonus is not None else PLACE
    if isinstance(first, (Attend, Keep, PickBonus)):
        return BONUS_PICK
    return WATCH


def strip_rooms(view: BTCView, legal: Sequence[Any], now: str) -> list[int]:
    """The rooms along the bottom: the hand, Ludwig's draw, the rooms to place, a bonus offer."""
    if now == CHOOSE:
        return list(view.my_hand)
    if now == ASSIGN:
        return list(view.ludwig_draw)
    if now in (PLACE, BONUS_PLACE):
        return list(dict.fromkeys(a.room for a in legal))
    if now == BONUS_PICK:
        return []
    if view.my_hand:
        return list(view.my_hand)
    mine = [t.room for t in view.to_place if t.placer == view.seat]
    return mine or list(view.my_pair or ())


def targets(legal: Sequence[Any]) -> dict[int, dict[int, set[Spot]]]:
    """room -> castle -> the spots where it may go."""
    out: dict[int, dict[int, set[Spot]]] = {}
    for a in legal:
        if isinstance(a, Place):
            out.setdefault(a.room, {}).setdefault(a.castle, set()).add((a.col, a.floor))
    return out


class Previews:
    """``GAME.preview`` of every placement asked for, kept for the view it was asked about."""

    def __init__(self) -> None:
        self.view: BTCView | None = None
        self._seen: dict[tuple[int, int, int, int], Any] = {}
        self._spots: dict[tuple[int, int], list[Spot]] = {}

    def reset(self, view: BTCView) -> None:
        if view is not self.view:
            self.view, self._seen, self._spots = view, {}, {}

    def of(self, room: int, castle: int, spot: Spot) -> Any:
        key = (room, castle, *spot)
        if key not in self._seen:
            self._seen[key] = GAME.preview(self.view, Place(room, castle, spot[0], spot[1]))
        return self._seen[key]

    def spots(self, room: int, castle: int) -> list[Spot]:
        """Where the room could go in that castle (while drafting: any legal spot)."""
        key = (room, castle)
        if key not in self._spots:
            self._spots[key] = castle_from_view(self.view.castles[castle]).positions(room)
        return self._spots[key]

    def best(self, room: int, castle: int, spots: Sequence[Spot] | None = None) -> tuple[int, Spot | None, str]:
        """The biggest gain for the castle, where, and the bonus it would earn there."""
        best: tuple[int, Spot | None, str] = (-999, None, "")
        for spot in spots if spots is not None else self.spots(room, castle):
            p = self.of(room, castle, spot)
            if p is not None and (p.after - p.before, bool(p.bonus)) > (best[0], bool(best[2])):
                best = (p.after - p.before, spot, p.bonus)
        return best


def bonus_text(kind: str) -> str:
    """What a bonus gives, in a few words."""
    return {
        "food": "draw 5 rooms, place 1",
        "living": "a royal attendant",
        "utility": "keep 1 of 3 bonus cards",
        "outdoor": "a fountain",
        "sleeping": "a tower",
        "corridor": "a foyer",
        "downstairs": "another type's bonus",
        "special": "any special room",
    }.get(kind, kind)
