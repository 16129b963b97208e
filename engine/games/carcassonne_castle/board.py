"""The cards inside the castle and the followers on them.

A :class:`Board` holds only public facts (cards lying, followers standing), so it can be rebuilt
from a seat's view. Its :class:`~.features.Analysis` (the roads, towers, houses and courtyards
the cards form) is derived from the cards, one card at a time, and only when someone asks.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import attrs

from .catalog import CASTLE, ROAD, ROLE_OF, E, N, S, W, Oriented, card_type, opposite, step
from .features import Analysis, Feature, Merge, group
from .geometry import SQUARE_OF, START, Square

__all__ = [
    "START",
    "Analysis",
    "Board",
    "Feature",
    "Follower",
    "Merge",
    "Placement",
    "Square",
    "analysis_of",
    "follower_targets",
    "road_label",
    "role_of",
    "segment_for",
]


class Placement(NamedTuple):
    """A castle card lying with half a on (x, y) and half b next to it in direction ``facing``.

    A named tuple: positions are looked up by their tuple of placements, hashed without a call
    into Python per card."""

    card: int
    x: int
    y: int
    facing: int

    @property
    def squares(self) -> tuple[Square, Square]:
        return (self.x, self.y), step(self.x, self.y, self.facing)

    @property
    def oriented(self) -> Oriented:
        return card_type(self.card).oriented[self.facing]


@attrs.frozen
class Follower:
    seat: int
    role: str  # H herald, K knight, S squire, M merchant
    card: int
    segment: int


_KNOWN: OrderedDict[tuple[Placement, ...], Analysis] = OrderedDict()  # recent positions, oldest first
KNOWN_POSITIONS = 512


def analysis_of(placements: tuple[Placement, ...], before: Analysis | None = None) -> Analysis:
    """The features of these cards, laid in this order. Shared by every board (and every view's
    rebuilt board) with the same cards, so a position is analysed once however often it is asked.
    ``before``: the analysis without the last card, when the caller has it."""
    a = _KNOWN.get(placements)
    if a is None:
        if not placements:
            a = Analysis.empty()
        else:
            prev = before if before is not None else analysis_of(placements[:-1])
            a = prev.placed(placements[-1])
        _KNOWN[placements] = a
        if len(_KNOWN) > KNOWN_POSITIONS:
            try:  # the oldest goes; another thread may have taken it already
                _KNOWN.popitem(last=False)
            except KeyError:
                pass
    return a


@attrs.frozen
class Board:
    """Cards lying in the castle and followers standing on them (all public).

    Its :class:`Analysis` is built only when asked for: replaying a log never needs it."""

    placements: tuple[Placement, ...] = ()
    followers: tuple[Follower, ...] = ()
    _analysis: Analysis | None = attrs.field(default=None, eq=False, repr=False, alias="analysis")
    # the analysis one card earlier, if it was known when the card was laid (dropped once used)
    _before: Analysis | None = attrs.field(default=None, eq=False, repr=False, alias="before")

    @classmethod
    def of(cls, placements: Iterable[Placement], followers: Iterable[Follower] = ()) -> Board:
        return cls(tuple(placements), tuple(followers))

    @property
    def analysis(self) -> Analysis:
        if self._analysis is None:
            before = self._before
            # One card on from a known analysis: built from it at once. The shared cache is for
            # boards rebuilt from views (hashing a position's cards costs more than a card's merge).
            a = before.placed(self.placements[-1]) if before is not None else analysis_of(self.placements)
            object.__setattr__(self, "_analysis", a)
            object.__setattr__(self, "_before", None)
            return a
        return self._analysis

    def placed(self, p: Placement, follower: Follower | None = None) -> Board:
        followers = self.followers + ((follower,) if follower else ())
        return Board(self.placements + (p,), followers, None, self._analysis)

    def trial(self, p: Placement, follower: Follower | None = None) -> Board:
        """The board with ``p`` laid, analysed at once from this one: a what-if for the rules,
        kept out of the shared cache of real positions."""
        followers = self.followers + ((follower,) if follower else ())
        return Board(self.placements + (p,), followers, self.analysis.placed(p))

    def without(self, gone: Iterable[Follower]) -> Board:
        ids = [id(f) for f in gone]  # followers of this board: told apart as objects, without hashing
        return Board(
            self.placements, tuple(f for f in self.followers if id(f) not in ids), self._analysis, self._before
        )

    def followers_in(self, fid: int) -> list[Follower]:
        a = self.analysis
        return [f for f in self.followers if a.feature_of[(f.card, f.segment)] == fid]

    def occupied(self) -> set[int]:
        a = self.analysis
        return {a.feature_of[(f.card, f.segment)] for f in self.followers}

    def free_squares(self) -> set[Square]:
        return set(CASTLE.interior).difference(map(SQUARE_OF.__getitem__, self.analysis.owner))


def follower_targets(board: Board, p: Placement, occupied: set[int] | None = None) -> Iterator[int]:
    """Segments of the just-placed card whose feature holds no follower yet (own ones included);
    ``occupied`` is ``board.occupied()`` when the caller asks for many placements."""
    touched = board.analysis.joins(p)
    occupied = board.occupied() if occupied is None else occupied
    for segs, olds in group(touched):
        if not olds & occupied:
            yield from segs


def role_of(card: int, segment: int) -> str:
    return ROLE_OF[card_type(card).segments[segment].kind]


def segment_for(p: Placement, kind: str, side: str) -> int:
    """The segment of kind ``kind`` a follower on the laid card stands on (a road named by the
    ``side`` it leaves the card through), or -1 if the card has none."""
    return _segment_for(p.card, p.facing, kind, side)


@functools.cache
def _segment_for(card: int, facing: int, kind: str, side: str) -> int:
    p = Placement(card, 0, 0, facing)
    for s in card_type(card).segments_of(kind):
        if kind != ROAD or "nesw"[road_label(p, s)] == side:
            return s
    return -1


def road_label(p: Placement, segment: int) -> int:
    """The board side through which a road segment of a placed card leaves it first (n, e, s, w)."""
    sides = p.oriented.sides
    for d in (N, E, S, W):
        for h in (0, 1):
            inner = p.facing if h == 0 else opposite(p.facing)
            if d != inner and sides[h][d].segment == segment:
                return d
    raise ValueError("segment has no road side")
