"""Palais Royal bots: they see their seat's view and the legal moves, nothing else.

The greedy bot values a distribution of its servants over the rooms (what each room will bring
next turn, with diminishing returns, and the majority bonuses it would hold), moves servants
along the best one- or two-step improvement, always takes the Mint's gold and its seal bonuses,
recruits the noble worth most, draws and keeps cards while they still score, and plays its
cards where they pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.bots import RandomBot

from .catalog import (
    BONUS_ROOMS,
    CASTLE_STEPS,
    EHRENHOF,
    FAVOUR,
    HAND_POINTS_CAP,
    HINTEREINGANG,
    HONOUR2,
    HONOUR4,
    KARDINAL,
    KOENIG,
    MADAME,
    MUENZEREI,
    OPEN_GATES,
    PENSION,
    PRIVILEGES,
    RECEPTION,
    SCHREIBSTUBE,
    SEALS,
    STAIRS5,
    STAIRS9,
    TOR,
    TREPPENHAUS,
)
from .events import SUPPLY
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .view import PalaisView

# (value of each servant, how many are worth having) per room; more than that is worth little.
ROOM_VALUE = {
    SCHREIBSTUBE: (3.0, 2),
    MUENZEREI: (1.6, 4),
    KOENIG: (1.2, 3),
    MADAME: (1.2, 3),
    EHRENHOF: (1.0, 3),
    TREPPENHAUS: (0.9, 4),
    HINTEREINGANG: (0.7, 2),
    KARDINAL: (0.5, 2),
    TOR: (0.1, 99),
}
MAJORITY_VALUE = 0.9
BENEFIT_VALUE = {
    "gold2": 3.0,
    "gate2": 2.0,
    "moves2": 1.5,
    "diagonal": 1.0,
    "king1": 2.0,
    "madame1": 2.0,
    "cards3": 1.0,
    "servants1": 1.0,
    "servants3": 2.5,
    "": 0.0,
}


def castle_value(view: PalaisView, mine: list[int]) -> float:
    """How much ``mine`` (servants per room) is worth to the bot's seat, against the others' servants."""
    total = 0.0
    for room, count in enumerate(mine):
        each, useful = ROOM_VALUE[room]
        total += each * min(count, useful) + 0.1 * each * max(0, count - useful)
        if room in BONUS_ROOMS and count:
            others = [c for s, c in enumerate(view.rooms[room].servants) if s != view.seat]
            if count > max(others, default=0):
                total += MAJORITY_VALUE
    return total


def _seat(view: PalaisView) -> int:
    """The seat a bot plays: a bot is given a player's view, never a watcher's."""
    assert view.seat is not None
    return view.seat


class GreedyBot:
    level = "greedy"

    def choose(self, view: PalaisView, legal: Sequence[Any], rng: random.Random) -> Any:
        mine = [r.servants[_seat(view)] for r in view.rooms]
        base = castle_value(view, mine)
        scored = [(self._score(view, mine, base, a, legal), rng.random(), i) for i, a in enumerate(legal)]
        return legal[max(scored)[2]]

    def values(self, view: PalaisView, legal: Sequence[Any]) -> list[float]:
        """What ``choose`` maximises, per legal move (the search ranks its root by it)."""
        mine = [r.servants[_seat(view)] for r in view.rooms]
        base = castle_value(view, mine)
        return [self._score(view, mine, base, a, legal) for a in legal]

    # -- one action ---------------------------------------------------------------------------
    def _score(self, view: PalaisView, mine: list[int], base: float, action: Any, legal: Sequence[Any]) -> float:
        match action:
            case Done():
                return 0.0
            case Place(room=room):
                return self._gain(view, mine, base, None, room)
            case Move():
                return self._move_gain(view, mine, base, action)
            case Bring(room=room, source=source):
                return 1.0 + self._gain(view, mine, base, None if source == SUPPLY else source, room)
            case Mint():
                return 5.0
            case Recruit():
                return self._recruit_value(view, mine, base, action)
            case Draw():
                return 1.0
            case Keep(card=card):
                return 2.0 + self._card_worth(card) if len(view.my_hand) < HAND_POINTS_CAP else -0.5
            case PlayCard(card=card):
                return self._play_value(view, mine, card, legal)
        return -1.0

    def _gain(self, view: PalaisView, mine: list[int], base: float, source: int | None, target: int) -> float:
        after = list(mine)
        if source is not None:
            after[source] -= 1
        after[target] += 1
        return castle_value(view, after) - base

    def _move_gain(self, view: PalaisView, mine: list[int], base: float, move: Move) -> float:
        after = list(mine)
        after[move.from_room] -= 1
        after[move.to_room] += 1
        now = castle_value(view, after) - base
        if view.turn is None or view.turn.moves_left < 2:
            return now
        # One more step for the same servant: rooms in the corners are two steps from the Tor.
        square = view.rooms[move.to_room].square
        layout = {r.square: r.room for r in view.rooms}
        diagonal = any(n.benefit == "diagonal" for n in view.players_[_seat(view)].nobles)
        best = now
        for q in CASTLE_STEPS[diagonal][square]:
            further = list(after)
            further[move.to_room] -= 1
            further[layout[q]] += 1
            best = max(best, 0.8 * (castle_value(view, further) - base))
        return best

    def _recruit_value(self, view: PalaisView, mine: list[int], base: float, action: Recruit) -> float:
        noble = view.park[action.space].noble
        assert noble is not None  # a legal recruit takes the noble on its space
        value = 10.0 + noble.points + BENEFIT_VALUE[noble.benefit] - 0.3 * view.park[action.space].cost
        value -= 0.2 * (action.wild_king + action.wild_madame)
        if action.source is not None and action.source != SUPPLY:
            after = list(mine)
            after[action.source] -= 1
            value += castle_value(view, after) - base
        return value

    @staticmethod
    def _card_worth(card: int) -> float:
        return {HONOUR4: 1.0, HONOUR2: 0.6, PENSION: 0.8, STAIRS9: 0.4, SEALS: 0.5}.get(card, 0.2)

    def _play_value(self, view: PalaisView, mine: list[int], card: int, legal: Sequence[Any]) -> float:
        me = view.players_[_seat(view)]
        spare = me.gold - PRIVILEGES[card].price
        if card in (HONOUR2, HONOUR4):
            return 3.0 if view.last_round or spare >= 8 else -1.0
        if card == PENSION:
            return 3.0
        if card in (STAIRS5, STAIRS9):
            return 1.5 if any(isinstance(a, Move) for a in legal) and spare >= 3 else -1.0
        if card in (OPEN_GATES, RECEPTION):
            return 1.5 if me.supply >= 3 and spare >= 2 else -1.0
        if card == FAVOUR:
            lacking = sum(1 for r in BONUS_ROOMS if mine[r] and view.rooms[r].majority != view.seat)
            return 1.5 if lacking >= 2 and spare >= 2 else -1.0
        if card == SEALS:
            return 2.0 if not any(isinstance(a, Recruit) for a in legal) and self._seals_help(view, spare) else -1.0
        return -1.0

    @staticmethod
    def _seals_help(view: PalaisView, spare: int) -> bool:
        t = view.turn
        if t is None or t.recruits == 0:
            return False
        for sp in view.park:
            n = sp.noble
            if n is not None and sp.cost <= spare:
                short = max(0, n.king - t.king_seals) + max(0, n.madame - t.madame_seals)
                if short <= 2 + t.wild_seals:
                    return True
        return False


__all__ = ["GreedyBot", "RandomBot"]
