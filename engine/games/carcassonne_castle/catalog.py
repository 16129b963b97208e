"""The components of Carcassonne: The Castle: the castle board, the 60 castle cards, the wall tiles.

The board outline, the start fields, the track spacing and the card mix are Bergfried's design
choices (see castle.json, cards.csv and rules.md); the rulebook fixes the
counts they respect.

Coordinates: squares are (x, y) with x = 0..11 west to east and y = 0..13 north to south. Cells
of the wall ring lie just outside the interior, so they may have x = -1 or y = -1.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import attrs

HERE = Path(__file__).parent
DIRS = "nesw"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
N, E, S, W = range(4)

ROAD, TOWER, HOUSE, COURT = "road", "tower", "house", "court"
KINDS = (ROAD, TOWER, HOUSE, COURT)
ROLE_OF = {ROAD: "H", TOWER: "K", HOUSE: "S", COURT: "M"}  # herald, knight, squire, merchant
KIND_OF_ROLE = {r: k for k, r in ROLE_OF.items()}
ROLE_NAMES = {"H": "herald", "K": "knight", "S": "squire", "M": "merchant"}

CARD_COUNT = 60
FOLLOWERS = 6  # in supply; the seventh marks the score
TRACK = 100
TILE_KINDS = 9
TILE_COPIES = 2
TILE_NAMES = {
    1: "extra turn",
    2: "tower counts double",
    3: "house counts double",
    4: "unfinished road scores",
    5: "unfinished tower scores",
    6: "unfinished house scores",
    7: "markets score 4",
    8: "palas +2 cards",
    9: "5 points",
}


def step(x: int, y: int, d: int) -> tuple[int, int]:
    return x + DX[d], y + DY[d]


def opposite(d: int) -> int:
    return (d + 2) % 4


# -- castle cards -----------------------------------------------------------------------------


@attrs.frozen
class Half:
    """One square of a castle card as printed, the card lying east-west (half a west)."""

    terrain: str  # road, square, tower, house, court
    exits: frozenset[int] = frozenset()  # road sides (roads and squares only)
    well: bool = False
    market: bool = False

    @property
    def kind(self) -> str | None:
        """The feature kind this half's ground belongs to (roads and squares have none)."""
        return None if self.terrain in ("road", "square") else self.terrain


@attrs.frozen
class Segment:
    """One feature piece of a card: a road stretch, or a tower, house or courtyard area."""

    kind: str
    halves: frozenset[int]
    well: bool
    markets: int


@attrs.frozen
class Side:
    """What one outer side of a placed half shows: a segment index (or -1) and whether it is road."""

    segment: int
    road: bool


@attrs.frozen
class Oriented:
    """A card type turned so that half b lies in direction ``facing`` from half a."""

    facing: int
    sides: tuple[tuple[Side, ...], tuple[Side, ...]]  # [half][board direction]


@attrs.frozen
class CardType:
    key: str
    name: str
    halves: tuple[Half, Half]
    segments: tuple[Segment, ...]
    oriented: tuple[Oriented, ...]  # by facing n, e, s, w
    symmetric: bool  # turning it half round gives the same card

    def segments_of(self, kind: str) -> list[int]:
        return [i for i, s in enumerate(self.segments) if s.kind == kind]


def _parse_half(spec: str) -> Half:
    parts = spec.split(":")
    code = parts[0]
    if code in ("R", "P"):
        exits = frozenset(DIRS.index(c) for c in parts[1])
        return Half("road" if code == "R" else "square", exits, well="well" in parts[2:])
    terrain = {"T": TOWER, "H": HOUSE, "C": COURT, "M": COURT}[code]
    return Half(terrain, market=code == "M")


def _segments(a: Half, b: Half) -> tuple[tuple[Segment, ...], tuple[dict[int, int], dict[int, int]]]:
    """Split a card into segments; also map (half, local side) to the segment shown there."""
    segs: list[list] = []  # [kind, halves, well, markets]
    side_seg: tuple[dict[int, int], dict[int, int]] = ({}, {})
    halves = (a, b)
    inner = (E, W)  # the side of each half that faces the other half

    def new(kind: str, h: int, well=False, market=False) -> int:
        segs.append([kind, {h}, well, int(market)])
        return len(segs) - 1

    for h, half in enumerate(halves):
        if half.kind:
            other = halves[1 - h]
            if h == 1 and other.kind == half.kind:
                idx = side_seg[0][N]
                segs[idx][1].add(1)
                segs[idx][3] += int(half.market)
            else:
                idx = new(half.kind, h, market=half.market)
            for d in range(4):
                side_seg[h][d] = idx
        elif half.terrain == "road":
            idx = None
            if h == 1 and inner[1] in half.exits and inner[0] in side_seg[0]:
                idx = side_seg[0][inner[0]]
                segs[idx][1].add(1)
                segs[idx][2] = segs[idx][2] or half.well
            if idx is None:
                idx = new(ROAD, h, well=half.well)
            for d in half.exits:
                side_seg[h][d] = idx
        else:  # a square: each exit is the end of a separate road
            for d in sorted(half.exits):
                if h == 1 and d == inner[1] and inner[0] in side_seg[0]:
                    idx = side_seg[0][inner[0]]
                    segs[idx][1].add(1)
                else:
                    idx = new(ROAD, h)
                side_seg[h][d] = idx
    segments = tuple(Segment(k, frozenset(hs), w, m) for k, hs, w, m in segs)
    return segments, side_seg


def _orient(halves: tuple[Half, Half], side_seg, facing: int) -> Oriented:
    turn = (facing - E) % 4
    sides = []
    for h, half in enumerate(halves):
        row = []
        for board_d in range(4):
            local = (board_d - turn) % 4
            seg = side_seg[h].get(local, -1)
            row.append(Side(seg, half.kind is None and local in half.exits))
        sides.append(tuple(row))
    return Oriented(facing, (sides[0], sides[1]))


def _check_card(key: str, a: Half, b: Half) -> None:
    """Internal road ends must meet road, square or building: a road may not run into a courtyard."""
    for half, other, side in ((a, b, E), (b, a, W)):
        if side in half.exits and other.terrain == COURT:
            raise ValueError(f"card {key}: road runs into a courtyard")
        if half.terrain == "road" and side in half.exits and other.terrain in ("road", "square"):
            if opposite(side) not in other.exits:
                raise ValueError(f"card {key}: road ends against a road's verge")


def _card_type(key: str, name: str, spec_a: str, spec_b: str) -> CardType:
    a, b = _parse_half(spec_a), _parse_half(spec_b)
    _check_card(key, a, b)
    segments, side_seg = _segments(a, b)
    oriented = tuple(_orient((a, b), side_seg, f) for f in range(4))
    turned_a = attrs.evolve(a, exits=frozenset((d + 2) % 4 for d in a.exits))
    return CardType(key, name, (a, b), segments, oriented, turned_a == b)


def _load_cards() -> tuple[tuple[CardType, ...], tuple[int, ...]]:
    types: list[CardType] = []
    deck: list[int] = []
    with open(HERE / "cards.csv", newline="") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    for row in csv.DictReader(rows):
        types.append(_card_type(row["key"], row["name"], row["half_a"], row["half_b"]))
        deck.extend([len(types) - 1] * int(row["count"]))
    return tuple(types), tuple(deck)


CARD_TYPES, CARD_TYPE_OF = _load_cards()  # CARD_TYPE_OF[card id] -> index into CARD_TYPES


def card_type(card: int) -> CardType:
    return CARD_TYPES[CARD_TYPE_OF[card]]


# -- the castle -------------------------------------------------------------------------------


@attrs.frozen
class StartField:
    """A card-sized piece of the wall showing a feature; it counts as a card of what it joins."""

    index: int
    kind: str
    squares: tuple[tuple[int, int], tuple[int, int]]  # the interior squares it faces
    wall: int  # direction from those squares to the start field
    road: int  # which of the two squares the road enters (-1: not a road)
    market: bool

    @property
    def cells(self) -> tuple[tuple[int, int], tuple[int, int]]:
        (ax, ay), (bx, by) = self.squares
        return step(ax, ay, self.wall), step(bx, by, self.wall)


@attrs.frozen
class Tower:
    index: int
    spaces: tuple[int, int]
    cell: tuple[int, int]


@attrs.frozen
class Castle:
    width: int
    height: int
    interior: frozenset[tuple[int, int]]
    start_fields: tuple[StartField, ...]
    ring: tuple[tuple[int, int], ...]  # wall cells clockwise from the 0/1 tower
    track: tuple[tuple[int, int], ...]  # the wall cell of each track space 0..99
    towers: tuple[Tower, ...]
    # (cell outside, direction into the interior) -> (start field, is road) for start field sides
    start_sides: dict = attrs.field(eq=False, repr=False)

    def inside(self, x: int, y: int) -> bool:
        return (x, y) in self.interior

    def tower_at(self, space: int) -> Tower | None:
        for t in self.towers:
            if space in t.spaces:
                return t
        return None

    def rows(self) -> list[str]:
        return ["".join("#" if (x, y) in self.interior else "." for x in range(self.width)) for y in range(self.height)]


def _boundary_ring(interior: frozenset) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The wall cells around the interior clockwise, and the cells at the outline's bends."""
    edges = {}
    for x, y in interior:
        for d in range(4):
            if step(x, y, d) not in interior:
                corners = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
                edges[corners[d]] = (x, y, d)  # clockwise: each side starts at a corner of its own
    start = min(edges, key=lambda v: (v[1], v[0]))
    ring: list[tuple[int, int]] = []
    bends: list[tuple[int, int]] = []
    vertex = start
    prev_d = None
    first = True
    while first or vertex != start:
        first = False
        x, y, d = edges[vertex]
        out = step(x, y, d)
        if prev_d is not None and d != prev_d:
            if d == (prev_d + 1) % 4:
                ring.append(step(*step(x, y, prev_d), d))  # convex bend: the diagonal cell
                bends.append(ring[-1])
            else:
                bends.append(out)  # reflex bend: both sides share this cell
        if not ring or ring[-1] != out:
            ring.append(out)
        prev_d = d
        vertex = _next_vertex(x, y, d)
    x, y, d = edges[start]
    assert prev_d is not None  # the loop went round at least one side
    if d != prev_d and d == (prev_d + 1) % 4:
        ring.append(step(*step(x, y, prev_d), d))
        bends.append(ring[-1])
    elif d != prev_d:
        bends.append(step(x, y, d))
    if ring[0] == ring[-1]:
        ring.pop()
    return ring, bends


def _next_vertex(x: int, y: int, d: int) -> tuple[int, int]:
    return ((x + 1, y), (x + 1, y + 1), (x, y + 1), (x, y))[d]


def _track(ring: list, bends: list, tower_spaces: list[int], start_cell) -> tuple[tuple, tuple]:
    """Lay the 100 spaces along the ring: a tower cell holds two spaces, other cells one or two."""
    k = ring.index(start_cell)
    ring = ring[k:] + ring[:k]
    order = sorted(bends, key=ring.index)
    if len(order) != len(tower_spaces):
        raise ValueError(f"{len(order)} bends but {len(tower_spaces)} towers")
    track: list[tuple[int, int]] = []
    towers = []
    for i, cell in enumerate(order):
        first = tower_spaces[i]
        end = tower_spaces[i + 1] if i + 1 < len(order) else TRACK
        between = ring[ring.index(cell) + 1 : ring.index(order[i + 1]) if i + 1 < len(order) else len(ring)]
        spaces = end - first - 2
        if not len(between) <= spaces <= 2 * len(between):
            raise ValueError(f"tower {i}: {spaces} spaces do not fit {len(between)} wall cells")
        towers.append(Tower(i, (first, first + 1), cell))
        track += [cell, cell]
        doubles = spaces - len(between)
        for j, c in enumerate(between):
            # spread the doubled cells evenly along the stretch
            twice = (j + 1) * doubles // len(between) != j * doubles // len(between)
            track += [c, c] if twice else [c]
    if len(track) != TRACK:
        raise ValueError(f"track has {len(track)} spaces")
    return tuple(ring), (tuple(track), tuple(towers))


def _load_castle() -> Castle:
    data = json.loads((HERE / "castle.json").read_text())
    rows = data["outline"]
    interior = frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")
    fields = []
    for i, f in enumerate(data["start_fields"]):
        kind = COURT if f["feature"] == "market" else f["feature"]
        (ax, ay), (bx, by) = f["squares"]
        fields.append(
            StartField(
                i, kind, ((ax, ay), (bx, by)), DIRS.index(f["wall"]), f.get("road", -1), f["feature"] == "market"
            )
        )
    ring, bends = _boundary_ring(interior)
    laid, (track, towers) = _track(ring, bends, data["tower_spaces"], tuple(data["track_start"]))
    start_sides = {}
    for f in fields:
        for j, (cell, _square) in enumerate(zip(f.cells, f.squares)):
            start_sides[(cell, opposite(f.wall))] = (f.index, f.kind == ROAD and j == f.road)
    return Castle(len(rows[0]), len(rows), interior, tuple(fields), laid, track, towers, start_sides)


CASTLE = _load_castle()
