"""The features of the cards lying in the castle: roads, towers, houses and courtyards, kept up to date
card by card.

An :class:`Analysis` belongs to one set of laid cards and is never changed once built (a few
caches excepted, which two threads filling agree on). Laying a card looks only at the sides of
its two squares: which features it joins (:meth:`Analysis.merge`), which open sides it closes,
and so what it completes. A feature keeps a count of its open sides, not the sides themselves,
and the cards it is made of are listed only when someone asks. Where a card may lie is
placing.py's concern.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .catalog import CARD_TYPE_OF, CASTLE, COURT, ROAD
from .geometry import CELLS, OUTER, PIECES, SEGMENT_RANGE, SEGMENTS, SIDES, SPOTS, START, _sides, key_of

if TYPE_CHECKING:
    from .board import Placement

NONE: frozenset[int] = frozenset()  # no feature joined


class Feature:
    """A road, tower, house or courtyard: its pieces ((card, segment) keys, a start field as
    (START, index)), how many of its sides still face an empty square, its well and markets."""

    __slots__ = ("kind", "members", "open", "well", "markets", "_cards", "_fields")

    def __init__(
        self,
        kind: str,
        members: tuple,
        open_sides: int,
        well: bool,
        markets: int,
        cards: frozenset[int] | None = None,
        fields: frozenset[int] | None = None,
    ):
        self.kind, self.members, self.open, self.well, self.markets = kind, members, open_sides, well, markets
        self._cards, self._fields = cards, fields  # worked out when first asked

    @property
    def cards(self) -> frozenset[int]:
        if self._cards is None:
            self._cards = frozenset(c for c, _ in self.members if c != START)
        return self._cards

    @property
    def start_fields(self) -> frozenset[int]:
        if self._fields is None:
            self._fields = frozenset(s for c, s in self.members if c == START)
        return self._fields

    @property
    def size(self) -> int:
        """Cards it is made of; a joined start field counts as a card."""
        return len(self.cards) + len(self.start_fields)

    @property
    def complete(self) -> bool:
        return not self.open

    def closed(self, sides: int) -> Feature:
        """The same feature with ``sides`` fewer open sides."""
        return Feature(self.kind, self.members, self.open - sides, self.well, self.markets, self._cards, self._fields)

    def __repr__(self) -> str:
        return (
            f"Feature({self.kind}, cards={sorted(self.cards)}, start_fields={sorted(self.start_fields)}, "
            f"open={self.open})"
        )


class Merge(NamedTuple):
    """What placing one card does to the features: the features it changes and what it completes.
    (A named tuple: one is made for every card laid.)"""

    groups: dict  # new segment -> feature id after placing
    features: dict  # feature id -> Feature, for every feature changed or created
    absorbed: frozenset[int]  # old feature ids merged into new ones
    touched: dict  # new segment -> the frozenset of old feature ids it joins
    completed: tuple[int, ...]  # feature ids that became complete (courtyards never do)
    pieces: dict  # (card, segment) -> new feature id, for every piece of a new feature
    next_id: int  # the first feature id not yet used after placing


class Analysis:
    """Features of a set of placed cards. Treated as immutable once built."""

    __slots__ = (
        "owner",
        "placements",
        "_placement_of",
        "feature_of",
        "features",
        "next_id",
        "completed",
        "origin",
        "edges",
        "spots",
        "_legal",
        "_shown",
        "_merge",
    )

    def __init__(self, owner, placements, feature_of, features, next_id, edges, completed=(), origin=None):
        # square -> its cell (see CELLS): (card, half, facing, ...); a square here and in edges is
        # its geometry.key_of, a small int (the tables of geometry.py and placing.py use the same)
        self.owner: dict[int, tuple] = owner
        self.placements: tuple[Placement, ...] = placements  # in the order they were laid
        self._placement_of: dict[int, Placement] | None = None  # made when asked: a load never asks
        self.feature_of: dict[tuple[int, int], int] = feature_of  # (card, segment) -> feature id
        self.features: dict[int, Feature] = features
        self.next_id = next_id
        self.completed: tuple[int, ...] = completed  # completed by the last card placed
        # (the view parts shown for the cards before the last one, the last one): not the analysis
        # before, which would keep every earlier position of a game alive with its last one
        self.origin: tuple[dict, Placement] | None = origin
        # Every empty square next to a card or start field (the frontier) -> what its four sides
        # touch (placing.edges), None until first read: filled on demand by placing.py
        # (idempotent, so two threads filling it agree; values only, the keys never change). The
        # next card's analysis keeps the values it leaves alone. One dict where a frontier set
        # beside it was a second copy per card laid.
        self.edges: dict[int, tuple | None] = edges
        self.spots: tuple[tuple[int, int, int], ...] | None = None  # card positions next to something
        self._legal: dict[int, tuple[Placement, ...]] | None = None  # see legal
        self._shown: dict | None = None  # see shown
        self._merge: tuple | None = None  # the last placement merged and its Merge

    @classmethod
    def empty(cls) -> Analysis:
        features, feature_of = {}, {}
        for f in CASTLE.start_fields:
            ports = sum(1 for j in range(len(f.cells)) if f.kind != ROAD or j == f.road)
            features[f.index] = Feature(f.kind, ((START, f.index),), ports, False, int(f.market))
            feature_of[(START, f.index)] = f.index
        frontier = dict.fromkeys(key_of(sq) for f in CASTLE.start_fields for sq in f.squares)
        return cls({}, (), feature_of, features, len(features), frontier)

    @property
    def frontier(self):
        """The empty squares next to a card or start field (a view of the keys of ``edges``)."""
        return self.edges.keys()

    @property
    def legal(self) -> dict[int, tuple[Placement, ...]]:
        """Card -> where it may lie (filled by placing.legal_placements; made when first asked)."""
        known = self._legal
        if known is None:
            known = self._legal = {}
        return known

    @property
    def shown(self) -> dict:
        """Parts of views: the laid cards, where a card may lie (filled by view.py; made when asked)."""
        known = self._shown
        if known is None:
            known = self._shown = {}
        return known

    @property
    def placement_of(self) -> dict[int, Placement]:
        """Card -> where it lies."""
        known = self._placement_of
        if known is None:
            known = self._placement_of = {p.card: p for p in self.placements}
        return known

    def feature(self, card: int, segment: int) -> int:
        return self.feature_of[(card, segment)]

    # -- placing ------------------------------------------------------------------------------
    def scan(self, p: Placement) -> tuple[dict, list, list, bool]:
        """Look round the new card once: for each of its segments the old features it joins and its
        open sides; for each of its two squares, old feature id -> its open sides facing it; and
        whether the card joins any old feature."""
        card = p[0]
        touched: dict[int, frozenset[int]] = dict.fromkeys(SEGMENT_RANGE[card], NONE)
        closing: list[dict[int, int]] = [{}, {}]
        owner, feature_of = self.owner, self.feature_of
        ctype, spot = CARD_TYPE_OF[card], p[1:]
        inner, ports, opens = SIDES[ctype].get(spot) or _sides(ctype, spot)
        opened = list(opens)  # a segment's sides facing castle squares, less those a card lies beyond
        joined = False
        for h, seg, kind, back, n in inner:
            cell = owner.get(n)
            if cell is None:  # most sides face an empty square: nothing more to do
                continue
            if seg >= 0:
                opened[seg] -= 1
            other = cell[7][back]
            if other is None:
                continue
            fid = feature_of[other]
            if seg >= 0 and cell[4][back] == kind:
                touched[seg] = touched[seg] | {fid}
                joined = True
            closes = closing[h]
            closes[fid] = closes.get(fid, 0) + 1
        for h, seg, key in ports:  # seg: -1 unless the start field is of this side's kind
            fid = feature_of[key]
            if seg >= 0:
                touched[seg] = touched[seg] | {fid}
                joined = True
            closes = closing[h]
            closes[fid] = closes.get(fid, 0) + 1
        return touched, opened, closing, joined

    def joins(self, p: Placement) -> dict[int, set[int]]:
        """For each segment of the new card, the old features it would join (a lighter :meth:`scan`)."""
        card, x, y, facing = p
        touched: dict[int, set[int]] = {i: set() for i in range(SEGMENTS[card])}
        owner, feature_of = self.owner, self.feature_of
        for (_h, seg, kind, back), (n, inside, sf) in zip(OUTER[CARD_TYPE_OF[card]][facing], SPOTS[(x, y, facing)][1]):
            if seg < 0:
                continue
            if inside:
                cell = owner.get(n)
                if cell is not None and cell[4][back] == kind:
                    touched[seg].add(feature_of[cell[7][back]])
            elif sf is not None and sf[2] == kind:
                touched[seg].add(feature_of[sf[3]])
        return touched

    def merge(self, p: Placement) -> Merge:
        """What laying ``p`` does to the features (kept for the last placement asked about)."""
        known = self._merge
        if known is not None and known[0] == p:
            return known[1]
        m = self._merged(p)
        self._merge = (p, m)
        return m

    def _merged(self, p: Placement) -> Merge:
        card = p.card
        pieces = PIECES[card]
        touched, opened, closing, joined = self.scan(p)
        features = self.features
        changed: dict[int, Feature] = {}
        seg_fid: dict[int, int] = {}
        absorbed: set[int] = set()
        completed: list[int] = []
        owners: dict[tuple[int, int], int] = {}  # Merge.pieces
        next_id = self.next_id
        a_closes, b_closes = closing
        if not joined:  # most cards: each segment a feature of its own, in order
            for s, (key, kind, well, markets) in enumerate(pieces):
                open_sides = opened[s]
                changed[next_id] = Feature(kind, (key,), open_sides, well, markets)
                seg_fid[s] = owners[key] = next_id
                if not open_sides and kind != COURT:
                    completed.append(next_id)
                next_id += 1
        for segs, olds in group(touched) if joined else ():
            members: tuple[tuple[int, int], ...]
            if len(segs) == 1:
                s = segs[0]
                key, kind, well, markets = pieces[s]
                members, open_sides = (key,), opened[s]
            else:
                members, open_sides, kind, well, markets = (), 0, pieces[segs[0]][1], False, 0
                for s in segs:
                    key, _, seg_well, seg_markets = pieces[s]
                    members += (key,)
                    open_sides += opened[s]
                    well = well or seg_well
                    markets += seg_markets
            for fid in sorted(olds) if len(olds) > 1 else olds:
                old = features[fid]
                members += old.members
                open_sides += old.open - a_closes.get(fid, 0) - b_closes.get(fid, 0)
                well = well or old.well
                markets += old.markets
            changed[next_id] = Feature(kind, members, open_sides, well, markets)
            owners.update(dict.fromkeys(members, next_id))
            absorbed |= olds
            for s in segs:
                seg_fid[s] = next_id
            if not open_sides and kind != COURT:
                completed.append(next_id)
            next_id += 1
        for closes in closing:  # the features the card closes without joining them, square a first
            for fid in sorted(closes) if len(closes) > 1 else closes:
                if fid in absorbed or fid in changed:
                    continue
                feat = changed[fid] = features[fid].closed(a_closes.get(fid, 0) + b_closes.get(fid, 0))
                if not feat.open and feat.kind != COURT and feat.cards:
                    completed.append(fid)
        return Merge(seg_fid, changed, frozenset(absorbed), touched, tuple(completed), owners, next_id)

    def placed(self, p: Placement) -> Analysis:
        known = self._merge
        m = known[1] if known is not None and known[0] == p else self.merge(p)
        card, x, y, facing = p
        squares, _, around = SPOTS[p[1:]]  # (x, y, facing): a slice of the named tuple is a plain tuple
        owner = self.owner.copy()
        owner[squares[0]], owner[squares[1]] = CELLS[card][facing]
        features = self.features.copy()
        for old in m.absorbed:
            del features[old]
        features.update(m.features)
        feature_of = self.feature_of.copy()
        feature_of.update(m.pieces)
        edges = self.edges.copy()  # the frontier and what the sides of its squares touch, as far as read
        for sq in squares:
            edges.pop(sq, None)
        for n in around:
            if n not in owner:
                edges[n] = None  # on the frontier; one of its sides now touches the new card
        return Analysis(
            owner,
            self.placements + (p,),
            feature_of,
            features,
            m.next_id,
            edges,
            m.completed,
            None if self._shown is None else (self._shown, p),
        )


def group(touched: dict[int, set[int]]) -> list[tuple[list[int], set[int]]]:
    """Segments of the new card that end up in one feature (through shared old features)."""
    if len([olds for olds in touched.values() if olds]) < 2:  # nothing shared: each segment alone, in order
        return [([seg], touched[seg]) for seg in sorted(touched)]
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
