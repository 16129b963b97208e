"""The cards inside the castle and the features they form: roads, towers, houses and courtyards.

A :class:`Board` holds only public facts (cards lying, followers standing), so it can be rebuilt
from a seat's view. Its :class:`Analysis` is derived from the cards and built incrementally: placing
a card merges the features it touches, which is also how a placement is previewed without playing
it. Where a card may lie is placing.py's concern.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import attrs

from .catalog import (CARD_TYPE_OF, CARD_TYPES, CASTLE, COURT, DX, DY, E, ROAD, ROLE_OF, S, W, N, CardType,
                      Oriented, card_type, opposite, step)

Square = tuple[int, int]
Port = tuple[int, int, int]  # (x, y, d): a feature's side at (x, y) facing the empty square in d
START = -1  # card number used in feature keys for start fields: (START, index)


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


@attrs.frozen
class Feature:
    kind: str
    cards: frozenset[int]
    start_fields: frozenset[int]
    open: frozenset[Port]
    well: bool
    markets: int

    @property
    def size(self) -> int:
        """Cards it is made of; a joined start field counts as a card."""
        return len(self.cards) + len(self.start_fields)

    @property
    def complete(self) -> bool:
        return not self.open


@attrs.frozen
class Merge:
    """What placing one card does to the features: the analysis after it and what it completed."""

    groups: dict  # new segment -> feature id after placing
    features: dict  # feature id -> Feature, for every feature changed or created
    absorbed: frozenset[int]  # old feature ids merged into new ones
    touched: dict  # new segment -> old feature ids it joins
    completed: tuple[int, ...]  # feature ids that became complete (courtyards never do)


class Analysis:
    """Features of a set of placed cards. Treated as immutable once built."""

    def __init__(self, owner, placement_of, feature_of, features, members, next_id, completed=()):
        self.owner: dict[Square, tuple[int, int]] = owner  # square -> (card, half)
        self.placement_of: dict[int, Placement] = placement_of
        self.feature_of: dict[tuple[int, int], int] = feature_of  # (card, segment) -> feature id
        self.features: dict[int, Feature] = features
        self.members: dict[int, frozenset] = members  # feature id -> (card, segment) keys
        self.next_id = next_id
        self.completed: tuple[int, ...] = completed  # completed by the last card placed
        # Derived on demand by placing.py and view.py, from the analysis one card earlier where
        # it has them (idempotent, so two threads filling them agree):
        self.origin: tuple[Analysis, Placement] | None = None  # the analysis before the last card
        self.edges: dict[Port, tuple] | None = None  # what each empty square's sides touch
        self.legal: dict[int, tuple[Placement, ...]] = {}  # card -> where it may lie
        self.shown: dict = {}  # parts of views: the laid cards, where a card may lie

    @classmethod
    def empty(cls) -> Analysis:
        features, feature_of, members = {}, {}, {}
        for f in CASTLE.start_fields:
            ports = [(cx, cy, opposite(f.wall)) for j, (cx, cy) in enumerate(f.cells)
                     if f.kind != ROAD or j == f.road]
            features[f.index] = Feature(f.kind, frozenset(), frozenset({f.index}), frozenset(ports),
                                        False, int(f.market))
            feature_of[(START, f.index)] = f.index
            members[f.index] = frozenset({(START, f.index)})
        return cls({}, {}, feature_of, features, members, len(features))

    def feature(self, card: int, segment: int) -> int:
        return self.feature_of[(card, segment)]

    def targets(self, square: Square) -> list[int]:
        """Features with an open side facing the empty ``square``, ascending (the order they were made).

        Read off the four neighbours, so no index over every feature is rebuilt per card."""
        x, y = square
        found = set()
        for d in range(4):
            n = step(x, y, d)
            back = opposite(d)
            own = self.owner.get(n)
            if own is not None:
                card, half = own
                seg = self.placement_of[card].oriented.sides[half][back].segment
                if seg >= 0:
                    found.add(self.feature_of[(card, seg)])
                continue
            sf = CASTLE.start_sides.get((n, back))
            if sf is not None and (CASTLE.start_fields[sf[0]].kind != ROAD or sf[1]):
                found.add(self.feature_of[(START, sf[0])])
        return sorted(found)

    def side(self, square: Square, d: int):
        """The Side shown at ``square`` toward ``d`` and its card, or None for an empty square."""
        own = self.owner.get(square)
        if own is None:
            return None
        card, half = own
        return card, self.placement_of[card].oriented.sides[half][d]

    # -- placing ------------------------------------------------------------------------------
    def scan(self, p: Placement) -> tuple[dict, dict]:
        """For each segment of the new card: the old features it joins and its open sides."""
        segments = card_type(p.card).segments
        squares = p.squares
        owner, placement_of, interior = self.owner, self.placement_of, CASTLE.interior
        touched: dict[int, set[int]] = {i: set() for i in range(len(segments))}
        open_: dict[int, set[Port]] = {i: set() for i in range(len(segments))}
        for h, d, seg, kind in SEGMENT_SIDES[CARD_TYPE_OF[p.card]][p.facing]:
            x, y = squares[h]
            n = (x + DX[d], y + DY[d])
            back = (d + 2) % 4
            if n in interior:
                own = owner.get(n)
                if own is None:
                    open_[seg].add((x, y, d))
                    continue
                card, half = own
                other = placement_of[card].oriented.sides[half][back].segment
                if other >= 0 and card_type(card).segments[other].kind == kind:
                    touched[seg].add(self.feature_of[(card, other)])
                continue
            sf = CASTLE.start_sides.get((n, back))
            if sf is not None:
                field = CASTLE.start_fields[sf[0]]
                if (kind == ROAD and sf[1]) or (kind != ROAD and field.kind == kind):
                    touched[seg].add(self.feature_of[(START, sf[0])])
        return touched, open_

    def merge(self, p: Placement) -> Merge:
        ctype = card_type(p.card)
        touched, new_open = self.scan(p)
        groups = _group(touched)
        squares = p.squares
        gone = facing(squares)  # the open sides the new card closes
        changed: dict[int, Feature] = {}
        seg_fid: dict[int, int] = {}
        absorbed: set[int] = set()
        completed: list[int] = []
        next_id = self.next_id
        for segs, olds in groups:
            fid = next_id
            next_id += 1
            feat = self._combine(ctype, p.card, segs, olds, new_open, gone)
            changed[fid] = feat
            absorbed |= olds
            for s in segs:
                seg_fid[s] = fid
            if not feat.open and feat.kind != COURT:
                completed.append(fid)
        for sq in squares:
            for fid in self.targets(sq):
                if fid in absorbed or fid in changed:
                    continue
                old = self.features[fid]
                feat = Feature(old.kind, old.cards, old.start_fields, old.open - gone, old.well, old.markets)
                changed[fid] = feat
                if not feat.open and feat.kind != COURT and feat.cards:
                    completed.append(fid)
        return Merge(seg_fid, changed, frozenset(absorbed), {s: frozenset(t) for s, t in touched.items()},
                     tuple(completed))

    def _combine(self, ctype: CardType, card: int, segs, olds, new_open, gone: frozenset) -> Feature:
        cards, fields, ports = {card}, set(), set()
        well, markets = False, 0
        features = self.features
        for fid in olds:
            old = features[fid]
            cards |= old.cards
            fields |= old.start_fields
            ports |= old.open
            well = well or old.well
            markets += old.markets
        ports -= gone
        segments = ctype.segments
        for s in segs:
            seg = segments[s]
            ports |= new_open[s]
            well = well or seg.well
            markets += seg.markets
        return Feature(segments[segs[0]].kind, frozenset(cards), frozenset(fields),
                       frozenset(ports), well, markets)

    def placed(self, p: Placement) -> Analysis:
        m = self.merge(p)
        card = p.card
        owner = self.owner.copy()
        sq_a, sq_b = p.squares
        owner[sq_a], owner[sq_b] = (card, 0), (card, 1)
        placement_of = self.placement_of.copy()
        placement_of[card] = p
        features, members = self.features.copy(), self.members.copy()
        for old in m.absorbed:
            del features[old], members[old]
        features.update(m.features)
        feature_of = self.feature_of.copy()
        next_id = self.next_id
        for fid in m.features:
            if fid >= next_id:
                keys = {(card, s) for s, g in m.groups.items() if g == fid}
                for old in _olds_of(m, fid):
                    keys |= self.members[old]
                members[fid] = frozenset(keys)
                feature_of.update(dict.fromkeys(keys, fid))
        next_id += sum(1 for fid in m.features if fid >= next_id)
        after = Analysis(owner, placement_of, feature_of, features, members, next_id, m.completed)
        after.origin = (self, p)
        return after


def facing(squares: Iterable[Square]) -> frozenset[Port]:
    """The open sides (ports) that face these squares: the sides a card laid on them closes."""
    return frozenset((x - DX[d], y - DY[d], d) for x, y in squares for d in range(4))


def _segment_sides() -> tuple:
    """Per card type and facing: (half, direction, segment, kind) for each outer side showing a segment."""
    table = []
    for ctype in CARD_TYPES:
        per_facing = []
        for facing in range(4):
            sides = ctype.oriented[facing].sides
            inner = (facing, opposite(facing))
            per_facing.append(tuple((h, d, sides[h][d].segment, ctype.segments[sides[h][d].segment].kind)
                                    for h in (0, 1) for d in range(4)
                                    if d != inner[h] and sides[h][d].segment >= 0))
        table.append(tuple(per_facing))
    return tuple(table)


SEGMENT_SIDES = _segment_sides()


def _olds_of(m: Merge, fid: int) -> set[int]:
    olds: set[int] = set()
    for s, g in m.groups.items():
        if g == fid:
            olds |= m.touched[s]
    return olds


def _group(touched: dict[int, set[int]]) -> list[tuple[list[int], set[int]]]:
    """Segments of the new card that end up in one feature (through shared old features)."""
    groups: list[tuple[list[int], set[int]]] = []
    for seg in sorted(touched):
        olds = set(touched[seg])
        joined = [g for g in groups if g[1] & olds]
        segs = [seg]
        for g in joined:
            groups.remove(g)
            segs = g[0] + segs
            olds |= g[1]
        groups.append((sorted(segs), olds))
    return groups


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
            object.__setattr__(self, "_analysis", analysis_of(self.placements, self._before))
            object.__setattr__(self, "_before", None)
        return self._analysis

    def placed(self, p: Placement, follower: Follower | None = None) -> Board:
        followers = self.followers + ((follower,) if follower else ())
        return Board(self.placements + (p,), followers, before=self._analysis)

    def trial(self, p: Placement, follower: Follower | None = None) -> Board:
        """The board with ``p`` laid, analysed at once from this one: a what-if for the rules,
        kept out of the shared cache of real positions."""
        followers = self.followers + ((follower,) if follower else ())
        return Board(self.placements + (p,), followers, self.analysis.placed(p))

    def without(self, gone: Iterable[Follower]) -> Board:
        gone = set(gone)
        return Board(self.placements, tuple(f for f in self.followers if f not in gone), self._analysis,
                     self._before)

    def followers_in(self, fid: int) -> list[Follower]:
        a = self.analysis
        return [f for f in self.followers if a.feature_of[(f.card, f.segment)] == fid]

    def occupied(self) -> set[int]:
        a = self.analysis
        return {a.feature_of[(f.card, f.segment)] for f in self.followers}

    def free_squares(self) -> set[Square]:
        return set(CASTLE.interior) - set(self.analysis.owner)


def follower_targets(board: Board, p: Placement, occupied: set[int] | None = None) -> Iterator[int]:
    """Segments of the just-placed card whose feature holds no follower yet (own ones included);
    ``occupied`` is ``board.occupied()`` when the caller asks for many placements."""
    a = board.analysis
    touched, _ = a.scan(p)
    occupied = board.occupied() if occupied is None else occupied
    for segs, olds in _group(touched):
        if not olds & occupied:
            yield from segs


def role_of(card: int, segment: int) -> str:
    return ROLE_OF[card_type(card).segments[segment].kind]


def road_label(p: Placement, segment: int) -> int:
    """The board side through which a road segment of a placed card leaves it first (n, e, s, w)."""
    sides = p.oriented.sides
    for d in (N, E, S, W):
        for h in (0, 1):
            inner = p.facing if h == 0 else opposite(p.facing)
            if d != inner and sides[h][d].segment == segment:
                return d
    raise ValueError("segment has no road side")
