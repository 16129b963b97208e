"""The cards inside the castle and the features they form: roads, towers, houses and courtyards.

A :class:`Board` holds only public facts (cards lying, followers standing) so a seat's view may
carry it whole. Its :class:`Analysis` is derived from the cards and built incrementally: placing a
card merges the features it touches, which is also how a placement is previewed without playing it.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from .catalog import (CASTLE, COURT, E, ROAD, ROLE_OF, S, W, N, CardType, Oriented, card_type, opposite,
                      step)

Square = tuple[int, int]
Port = tuple[int, int, int]  # (x, y, d): a feature's side at (x, y) facing the empty square in d
START = -1  # card number used in feature keys for start fields: (START, index)


@attrs.frozen
class Placement:
    """A castle card lying with half a on (x, y) and half b next to it in direction ``facing``."""

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
        self._targets: dict[Square, list[int]] | None = None

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
        """Features with an open side facing ``square``."""
        if self._targets is None:
            index: dict[Square, list[int]] = {}
            for fid, feat in self.features.items():
                for x, y, d in feat.open:
                    index.setdefault(step(x, y, d), []).append(fid)
            self._targets = index
        return self._targets.get(square, [])

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
        ctype = card_type(p.card)
        sides = p.oriented.sides
        squares = p.squares
        touched: dict[int, set[int]] = {i: set() for i in range(len(ctype.segments))}
        open_: dict[int, set[Port]] = {i: set() for i in range(len(ctype.segments))}
        for h, (x, y) in enumerate(squares):
            inner = p.facing if h == 0 else opposite(p.facing)
            for d in range(4):
                seg = sides[h][d].segment
                if d == inner or seg < 0:
                    continue
                kind = ctype.segments[seg].kind
                n = step(x, y, d)
                if n in CASTLE.interior:
                    other = self.side(n, opposite(d))
                    if other is None:
                        open_[seg].add((x, y, d))
                    elif other[1].segment >= 0:
                        okind = card_type(other[0]).segments[other[1].segment].kind
                        if okind == kind:
                            touched[seg].add(self.feature_of[(other[0], other[1].segment)])
                    continue
                sf = CASTLE.start_sides.get((n, opposite(d)))
                if sf is not None:
                    field = CASTLE.start_fields[sf[0]]
                    if (kind == ROAD and sf[1]) or (kind != ROAD and field.kind == kind):
                        touched[seg].add(self.feature_of[(START, sf[0])])
        return touched, open_

    def merge(self, p: Placement) -> Merge:
        ctype = card_type(p.card)
        touched, new_open = self.scan(p)
        groups = _group(touched)
        squares = set(p.squares)
        changed: dict[int, Feature] = {}
        seg_fid: dict[int, int] = {}
        absorbed: set[int] = set()
        completed: list[int] = []
        next_id = self.next_id
        for segs, olds in groups:
            fid = next_id
            next_id += 1
            feat = self._combine(ctype, p.card, segs, olds, new_open, squares)
            changed[fid] = feat
            absorbed |= olds
            for s in segs:
                seg_fid[s] = fid
            if feat.complete and feat.kind != COURT:
                completed.append(fid)
        for sq in squares:
            for fid in self.targets(sq):
                if fid in absorbed or fid in changed:
                    continue
                old = self.features[fid]
                feat = attrs.evolve(old, open=frozenset(q for q in old.open if step(*q) not in squares))
                changed[fid] = feat
                if feat.complete and feat.kind != COURT and feat.cards:
                    completed.append(fid)
        return Merge(seg_fid, changed, frozenset(absorbed), {s: frozenset(t) for s, t in touched.items()},
                     tuple(completed))

    def _combine(self, ctype: CardType, card: int, segs, olds, new_open, squares) -> Feature:
        cards, fields, ports = {card}, set(), set()
        well, markets = False, 0
        for fid in olds:
            old = self.features[fid]
            cards |= old.cards
            fields |= old.start_fields
            ports |= old.open
            well = well or old.well
            markets += old.markets
        ports = {q for q in ports if step(*q) not in squares}
        for s in segs:
            seg = ctype.segments[s]
            ports |= new_open[s]
            well = well or seg.well
            markets += seg.markets
        return Feature(ctype.segments[segs[0]].kind, frozenset(cards), frozenset(fields),
                       frozenset(ports), well, markets)

    def placed(self, p: Placement) -> Analysis:
        m = self.merge(p)
        owner = dict(self.owner)
        for h, sq in enumerate(p.squares):
            owner[sq] = (p.card, h)
        placement_of = dict(self.placement_of)
        placement_of[p.card] = p
        features = {k: v for k, v in self.features.items() if k not in m.absorbed}
        features.update(m.features)
        members = {k: v for k, v in self.members.items() if k not in m.absorbed}
        feature_of = dict(self.feature_of)
        for fid in m.features:
            if fid >= self.next_id:
                keys = {(p.card, s) for s, g in m.groups.items() if g == fid}
                for old in _olds_of(m, fid, p.card):
                    keys |= self.members[old]
                members[fid] = frozenset(keys)
                for k in keys:
                    feature_of[k] = fid
        next_id = self.next_id + sum(1 for fid in m.features if fid >= self.next_id)
        return Analysis(owner, placement_of, feature_of, features, members, next_id, m.completed)


def _olds_of(m: Merge, fid: int, card: int) -> set[int]:
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


@attrs.frozen
class Board:
    """Cards lying in the castle and followers standing on them (all public)."""

    placements: tuple[Placement, ...] = ()
    followers: tuple[Follower, ...] = ()
    _analysis: Analysis | None = attrs.field(default=None, eq=False, repr=False, alias="analysis")

    @classmethod
    def of(cls, placements: Iterable[Placement], followers: Iterable[Follower] = ()) -> Board:
        board = cls()
        for p in placements:
            board = board.placed(p)
        return attrs.evolve(board, followers=tuple(followers), analysis=board.analysis)

    @property
    def analysis(self) -> Analysis:
        if self._analysis is None:
            a = Analysis.empty()
            for p in self.placements:
                a = a.placed(p)
            object.__setattr__(self, "_analysis", a)
        return self._analysis

    def placed(self, p: Placement, follower: Follower | None = None) -> Board:
        followers = self.followers + ((follower,) if follower else ())
        return Board(self.placements + (p,), followers, self.analysis.placed(p))

    def without(self, gone: Iterable[Follower]) -> Board:
        gone = set(gone)
        return Board(self.placements, tuple(f for f in self.followers if f not in gone), self._analysis)

    def followers_in(self, fid: int) -> list[Follower]:
        a = self.analysis
        return [f for f in self.followers if a.feature_of[(f.card, f.segment)] == fid]

    def occupied(self) -> set[int]:
        a = self.analysis
        return {a.feature_of[(f.card, f.segment)] for f in self.followers}

    def free_squares(self) -> set[Square]:
        return set(CASTLE.interior) - set(self.analysis.owner)


# -- where a card may lie ----------------------------------------------------------------------

def fits(a: Analysis, card: int, x: int, y: int, facing: int) -> bool:
    return not problem(a, card, x, y, facing)


def problem(a: Analysis, card: int, x: int, y: int, facing: int) -> str:
    """Why the card may not lie there ("" when it may): it must lie inside on free squares, continue
    every road, and touch a card or start field with a full side."""
    p = Placement(card, x, y, facing)
    sq_a, sq_b = p.squares
    if sq_a not in CASTLE.interior or sq_b not in CASTLE.interior:
        return "the card must lie inside the castle wall"
    if sq_a in a.owner or sq_b in a.owner:
        return "a card already lies there"
    sides = p.oriented.sides
    for h, (sx, sy) in enumerate((sq_a, sq_b)):
        inner = facing if h == 0 else opposite(facing)
        for d in range(4):
            if d != inner and not _matches(a, sides[h][d].road, step(sx, sy, d), d):
                return "roads must be continued: a road may only meet a road"
    if not _touches(a, sq_a, sq_b, facing):
        return ("the card must touch a card or start field with a full side "
                "(corner to corner or half against half is not enough)")
    return ""


def _matches(a: Analysis, road: bool, n: Square, d: int) -> bool:
    if n in CASTLE.interior:
        other = a.side(n, opposite(d))
        return other is None or other[1].road == road
    sf = CASTLE.start_sides.get((n, opposite(d)))
    return sf is None or sf[1] == road


def _piece(a: Analysis, n: Square, d: int):
    """The card or start field lying at ``n`` seen from direction ``d``, or None."""
    own = a.owner.get(n)
    if own is not None:
        return own[0]
    sf = CASTLE.start_sides.get((n, opposite(d)))
    return None if sf is None else (START, sf[0])


def _touches(a: Analysis, sq_a: Square, sq_b: Square, facing: int) -> bool:
    # A short side touching anything is a full side in contact.
    if _piece(a, step(*sq_a, opposite(facing)), opposite(facing)) is not None:
        return True
    if _piece(a, step(*sq_b, facing), facing) is not None:
        return True
    for p in ((facing + 1) % 4, (facing + 3) % 4):
        pa, pb = _piece(a, step(*sq_a, p), p), _piece(a, step(*sq_b, p), p)
        if pa is not None and pa == pb:
            return True  # long side against long side
        for piece in (pa, pb):
            # a card standing end-on touches us with its full short side
            if isinstance(piece, int) and a.placement_of[piece].facing in (p, opposite(p)):
                return True
    return False


def has_placement(a: Analysis, card: int) -> bool:
    return any(fits(a, card, x, y, f) for x, y, f in candidate_spots(a))


def candidate_spots(a: Analysis) -> set[tuple[int, int, int]]:
    """(x, y, facing) of half a for every card position next to a card or start field."""
    frontier: set[Square] = set()
    for (x, y) in a.owner:
        for d in range(4):
            frontier.add(step(x, y, d))
    for f in CASTLE.start_fields:
        frontier.update(f.squares)
    spots = set()
    for sq in frontier:
        if sq not in CASTLE.interior or sq in a.owner:
            continue
        for d in range(4):
            other = step(*sq, d)
            if other in CASTLE.interior and other not in a.owner:
                spots.add((sq[0], sq[1], d))
                spots.add((other[0], other[1], opposite(d)))
    return spots


def legal_placements(a: Analysis, card: int) -> list[Placement]:
    """Every way the card may lie; a card that reads the same turned round is listed once."""
    symmetric = card_type(card).symmetric
    out = []
    for x, y, f in sorted(candidate_spots(a)):
        if symmetric and f in (W, N):
            continue
        if fits(a, card, x, y, f):
            out.append(Placement(card, x, y, f))
    return out


def canonical(p: Placement) -> Placement:
    """The listed form of a placement of a card that reads the same turned round."""
    if card_type(p.card).symmetric and p.facing in (W, N):
        x, y = step(p.x, p.y, p.facing)
        return Placement(p.card, x, y, opposite(p.facing))
    return p


def follower_targets(board: Board, p: Placement) -> Iterator[int]:
    """Segments of the just-placed card whose feature holds no follower yet (own ones included)."""
    a = board.analysis
    touched, _ = a.scan(p)
    occupied = board.occupied()
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
