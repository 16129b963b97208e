"""What a card shows on each side at each position in the castle, and what lies beyond: tables made
once at import, read by every card laid (features.py) and every placement tried (placing.py)."""

from __future__ import annotations

from .catalog import CARD_COUNT, CARD_TYPES, CASTLE, ROAD, card_type, opposite, step

Square = tuple[int, int]
START = -1  # card number used in feature keys for start fields: (START, index)


def key_of(square: Square) -> int:
    """A square as the analysis keys it: one small int (x = -1..12, y = -1..14 give 0..223). Such
    ints are shared objects, hashed as themselves and found by identity in a dict, where an (x, y)
    tuple is hashed afresh at every lookup and compared item by item; a card laid looks up some
    forty squares."""
    x, y = square
    return (x + 1) * 16 + y + 1


SQUARE_OF = {key_of((x, y)): (x, y) for x in range(-1, CASTLE.width + 1) for y in range(-1, CASTLE.height + 1)}


def _cells() -> tuple:
    """Per card and facing, what each half shows on its four sides: (card, half, facing, segments,
    kinds, roads, edges, keys, masked), each of the last six by board direction (segment -1, kind
    and key None: nothing; a key is the (card, segment) of the feature piece shown there).
    ``edges[d]`` is what an empty square sees of this half when the half lies in direction ``d``
    from it: (card, road, whether the card lies along d), see placing.edges; ``masked[d]`` is
    (``edges[d]``, its bit 1 << d, that bit if it shows a road there, else 0)."""
    table = []
    for card in range(CARD_COUNT):
        ctype = card_type(card)
        per_facing = []
        for facing in range(4):
            halves = []
            for half in (0, 1):
                sides = ctype.oriented[facing].sides[half]
                segs = tuple(s.segment for s in sides)
                kinds = tuple(ctype.segments[s].kind if s >= 0 else None for s in segs)
                roads = tuple(s.road for s in sides)
                seen = tuple((card, roads[opposite(d)], facing % 2 == d % 2) for d in range(4))
                keys = tuple((card, s) if s >= 0 else None for s in segs)
                masked = tuple((seen[d], 1 << d, seen[d][1] << d) for d in range(4))
                halves.append((card, half, facing, segs, kinds, roads, seen, keys, masked))
            per_facing.append(tuple(halves))
        table.append(tuple(per_facing))
    return tuple(table)


def _outer() -> tuple:
    """Per card type and facing: (half, segment, kind, direction back) for the six sides facing away,
    in the order :data:`SPOTS` lists what lies beyond them."""
    table = []
    for ctype in CARD_TYPES:
        per_facing = []
        for facing in range(4):
            sides = ctype.oriented[facing].sides
            row = []
            for h, d in _outer_sides(facing):
                seg = sides[h][d].segment
                row.append((h, seg, ctype.segments[seg].kind if seg >= 0 else None, opposite(d)))
            per_facing.append(tuple(row))
        table.append(tuple(per_facing))
    return tuple(table)


def _outer_sides(facing: int) -> list[tuple[int, int]]:
    """(half, direction) of the six outer sides of a card lying with half b toward ``facing``."""
    inner = (facing, opposite(facing))
    return [(h, d) for h in (0, 1) for d in range(4) if d != inner[h]]


def _around(sq: Square, d: int) -> tuple:
    """What lies beyond side ``d`` of castle square ``sq``: (neighbour, inside, start side). A start
    side is (start field, is a port, the kind a side facing it must show to join it: None for the
    roadless cell of a road start field, its feature piece's key)."""
    n = step(*sq, d)
    sf = CASTLE.start_sides.get((n, opposite(d)))
    if sf is not None:
        field = CASTLE.start_fields[sf[0]]
        port = field.kind != ROAD or sf[1]
        sf = (sf[0], port, field.kind if port else None, (START, sf[0]))
    return n, n in CASTLE.interior, sf


def _spots() -> dict:
    """(x, y, facing) of every card position inside the castle -> its squares, what lies beyond its
    six outer sides (see :func:`_around`, in :data:`OUTER`'s order) and its empty-able neighbours,
    every square as its :func:`key_of`."""
    table = {}
    for sq in CASTLE.interior:
        for facing in range(4):
            b = step(*sq, facing)
            if b not in CASTLE.interior:
                continue
            squares = (sq, b)
            beyond = tuple(
                (key_of(n), inside, sf) for n, inside, sf in (_around(squares[h], d) for h, d in _outer_sides(facing))
            )
            table[(*sq, facing)] = (tuple(map(key_of, squares)), beyond, tuple(n for n, inside, _ in beyond if inside))
    return table


CELLS = _cells()
OUTER = _outer()
AROUND = {sq: tuple(_around(sq, d) for d in range(4)) for sq in CASTLE.interior}
SEGMENTS = tuple(len(card_type(card).segments) for card in range(CARD_COUNT))
# Per card, each segment as a feature piece: ((card, segment), kind, well, markets).
PIECES = tuple(
    tuple(((card, s), seg.kind, seg.well, seg.markets) for s, seg in enumerate(card_type(card).segments))
    for card in range(CARD_COUNT)
)
SPOTS = _spots()


SEGMENT_RANGE = tuple(range(n) for n in SEGMENTS)
SIDES: list[dict] = [{} for _ in CARD_TYPES]  # card type -> (x, y, facing) -> its sides, see _sides


def _sides(ctype: int, spot: tuple[int, int, int]) -> tuple[tuple, tuple, tuple]:
    """The outer sides of a card of type ``ctype`` at ``spot`` that can touch a feature: (half,
    segment, kind, direction back, square) for those facing a castle square, (half, segment joining
    or -1, start field's key) for those facing a start field's port; then per segment how many of
    the former it has (its open sides while those squares are empty). Made once per type and spot."""
    known = SIDES[ctype].get(spot)
    if known is None:
        inner, ports, opens = [], [], [0] * len(CARD_TYPES[ctype].segments)
        for (h, seg, kind, back), (n, inside, sf) in zip(OUTER[ctype][spot[2]], SPOTS[spot][1]):
            if inside:
                inner.append((h, seg, kind, back, n))
                if seg >= 0:
                    opens[seg] += 1
            elif sf is not None and sf[1]:
                ports.append((h, seg if seg >= 0 and sf[2] == kind else -1, sf[3]))
        known = SIDES[ctype][spot] = (tuple(inner), tuple(ports), tuple(opens))
    return known
