"""Between Two Castles bots: they see their seat's view and the legal moves, nothing else.

The greedy bot rebuilds the castles it sees from the view and scores them with the rules' own
scoring: it takes the pair and the places that most raise its lower castle (half an eye on the
higher one), counts a room that completes a third or fifth of a type as worth a bonus, and
glances at what it passes on to the neighbour who shares a castle with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .castle import Castle
from .catalog import ATTENDANT_NAMES
from .preview import castle_from_view, preview_place
from .scoring import attendant_points, card_points, castle_score
from .state import Assign, Attend, Choose, Keep, PickBonus, Place
from .view import BTCView

BONUS_WORTH = 4.0  # what a bonus is worth on average, for a room that earns one
PASS_WEIGHT = 0.2  # how much the best room left for the shared castle counts
# Rough worth of each bonus the downstairs bonus may stand in for.
BONUS_GUESS = {"food": 4, "living": 4, "utility": 4, "outdoor": 5, "sleeping": 4, "corridor": 4}


class GreedyBot:
    level = "greedy"

    def choose(self, view: BTCView, legal: Sequence[Any], rng: random.Random) -> Any:
        castles = {k: castle_from_view(view.castles[k]) for k in range(len(view.castles))}
        scores = {k: castle_score(c) for k, c in castles.items()}
        judge = _Judge(view, castles, scores)
        return max(legal, key=lambda a: (judge.value(a), rng.random()))

    def values(self, view: BTCView, legal: Sequence[Any]) -> list[float]:
        """What ``choose`` maximises, per legal move (the search ranks its root by it)."""
        castles = {k: castle_from_view(view.castles[k]) for k in range(len(view.castles))}
        judge = _Judge(view, castles, {k: castle_score(c) for k, c in castles.items()})
        return [judge.value(a) for a in legal]


class _Judge:
    def __init__(self, view: BTCView, castles: dict[int, Castle], scores: dict[int, int]):
        self.view, self.castles, self.scores = view, castles, scores
        self.mine = view.my_castles
        self._best: dict[tuple[int, int], float] = {}
        self._choose_cache: dict[tuple[int, int], float] | None = None

    def objective(self, changed: dict[int, float]) -> float:
        """Lower castle first, then the sum of both (my castles; others count as they are)."""
        if not self.mine:
            return sum(changed.values())
        a, b = (self.scores[k] + changed.get(k, 0) for k in self.mine)
        return min(a, b) + 0.3 * (a + b)

    def gain(self, room: int, castle: int, col: int, floor: int) -> float:
        p = preview_place(self.castles[castle], room, col, floor)
        return p.after - p.before + (BONUS_WORTH if p.bonus else 0.0)

    def best(self, room: int, castle: int) -> float:
        key = (room, castle)
        if key not in self._best:
            c = self.castles[castle]
            self._best[key] = max((self.gain(room, castle, col, fl) for col, fl in c.positions(room)), default=-5.0)
        return self._best[key]

    def value(self, action: Any) -> float:
        match action:
            case Place(room=r, castle=k, col=c, floor=f):
                changed = {k: self.gain(r, k, c, f)}
                other = self._other_tile(r, k)
                if other is not None:
                    changed[other[1]] = self.best(*other)
                return self.objective(changed)
            case Choose(rooms=(a, b)):
                return self._pair_value(a, b)
            case Assign(room=r):
                k = next((k for k in self.mine if self.view.seat in self.view.castles[k].builders), self.mine[0])
                return self.best(r, k)
            case Attend(attendant=name):
                return max(attendant_points(self.castles[self._bonus_castle()], name), 0)
            case Keep(card=card):
                return card_points(self.castles[self._bonus_castle()], card)
            case PickBonus(kind=kind):
                return BONUS_GUESS.get(kind, 0) + (self._attendant_guess() if kind == "living" else 0)
        return 0.0

    def _bonus_castle(self) -> int:
        return self.view.bonus.castle if self.view.bonus else self.mine[0]

    def _attendant_guess(self) -> float:
        c = self.castles[self._bonus_castle()]
        return max(attendant_points(c, a) for a in ATTENDANT_NAMES) - 4

    def _other_tile(self, room: int, castle: int) -> tuple[int, int] | None:
        """My other revealed room and the castle it must then go to (when I still place both)."""
        if self.view.bonus is not None or len(self.mine) != 2:
            return None
        seat = self.view.seat
        own = [t for t in self.view.to_place if t.placer == seat and t.owner == seat and t.castle < 0]
        if len(own) != 2 or room not in (t.room for t in own):
            return None
        other = next(t.room for t in own if t.room != room)
        return other, next(k for k in self.mine if k != castle)

    def _pair_value(self, a: int, b: int) -> float:
        left, right = self.mine
        straight = self.objective({left: self.best(a, left), right: self.best(b, right)})
        crossed = self.objective({left: self.best(b, left), right: self.best(a, right)})
        # The rest goes to the neighbour who builds one castle with me: leave them something good.
        shared = left if self.view.round == 1 else right
        rest = [r for r in self.view.my_hand if r not in (a, b)]
        passed = max((self.best(r, shared) for r in rest), default=0.0)
        return max(straight, crossed) + PASS_WEIGHT * passed
