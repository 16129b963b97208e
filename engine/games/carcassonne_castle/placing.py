"""Where a card may lie: inside the castle on free squares, continuing every road, touching a card
or start field with a full side.

:func:`problem` says why one placement is refused (for a player); :func:`legal_placements` lists
every placement of a card once per position (cached on the analysis); :func:`has_placement` stops
at the first. All read what the sides of an empty square touch (:func:`edges`) off its four
neighbours, once per square and position.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .board import START, Analysis, Placement, Square
from .catalog import CARD_COUNT, CARD_TYPE_OF, CARD_TYPES, CASTLE, N, W, card_type, opposite, step
from .geometry import AROUND, SPOTS, key_of

# What lies beyond one side of a free square: (piece, road, end_on). A piece is a card number or
# (START, start field); ``road`` whether that side shows a road; ``end_on`` whether the card lies
# along that direction, so that its short (full) side is the one we touch.
Edge = tuple[object, bool, bool]


def _outer_sides() -> tuple:
    """Per card type and facing: (half, direction, road) for the six sides facing away from the card."""
    table = []
    for ctype in CARD_TYPES:
        per_facing = []
        for facing in range(4):
            sides = ctype.oriented[facing].sides
            inner = (facing, opposite(facing))
            per_facing.append(tuple((h, d, sides[h][d].road) for h in (0, 1) for d in range(4) if d != inner[h]))
        table.append(tuple(per_facing))
    return tuple(table)


OUTER = _outer_sides()
# Per card type and facing: the road sides of half a and of half b, as masks of directions.
ROADS = tuple(
    tuple(
        (sum(road << d for h, d, road in sides if h == 0), sum(road << d for h, d, road in sides if h == 1))
        for sides in per_facing
    )
    for per_facing in OUTER
)
# Each castle square's neighbours inside, with the two card positions (x, y, facing) on the pair.
PAIRS = {
    key_of(sq): tuple(
        (key_of(n), ((*sq, d), (*n, opposite(d)))) for d in range(4) for n in [step(*sq, d)] if n in CASTLE.interior
    )
    for sq in CASTLE.interior
}


def problem(a: Analysis, card: int, x: int, y: int, facing: int) -> str:
    """Why the card may not lie there ("" when it may): it must lie inside on free squares, continue
    every road, and touch a card or start field with a full side."""
    spot = SPOTS.get((x, y, facing))  # every card position with both squares inside the castle
    if spot is None:
        return "the card must lie inside the castle wall"
    sq_a, sq_b = spot[0]
    if sq_a in a.owner or sq_b in a.owner:
        return "a card already lies there"
    verdict = _verdict(edges(a, sq_a), edges(a, sq_b), CARD_TYPE_OF[card], facing)
    if verdict == "road":
        return "roads must be continued: a road may only meet a road"
    if verdict == "touch":
        return (
            "the card must touch a card or start field with a full side "
            "(corner to corner or half against half is not enough)"
        )
    return ""


def fits(a: Analysis, card: int, x: int, y: int, facing: int) -> bool:
    return not problem(a, card, x, y, facing)


def edges(a: Analysis, square: int) -> tuple:
    """What lies beyond each side (n, e, s, w) of the empty ``square`` (a geometry.key_of) (None for
    an empty square or a bare wall), then two masks of those sides: which touch something, which of
    those show a road.
    Read off its neighbours once per position for a square on the frontier (kept on the analysis);
    a square off it touches no card, so only the wall."""
    known = a.edges.get(square)
    if known is None:
        if square not in a.edges:  # off the frontier: not kept, or it would join the frontier
            return WALL_EDGES[square] if square not in a.owner else _edges_of(a.owner, square)
        known = a.edges[square] = _edges_of(a.owner, square)
    return known


def _edges_of(owner: dict, square: int) -> tuple:
    n, e, s, w = map(owner.get, BESIDE[square])  # the cells beyond its sides (None: empty, or outside)
    out_n, out_e, out_s, out_w, present, roads = WALL_EDGES[square]
    if n is not None:  # each a cell's masked side: what it shows there, its bit, its road bit
        out_n, bit, road = n[8][0]
        present, roads = present | bit, roads | road
    if e is not None:
        out_e, bit, road = e[8][1]
        present, roads = present | bit, roads | road
    if s is not None:
        out_s, bit, road = s[8][2]
        present, roads = present | bit, roads | road
    if w is not None:
        out_w, bit, road = w[8][3]
        present, roads = present | bit, roads | road
    return out_n, out_e, out_s, out_w, present, roads


def _walls(square: Square) -> tuple:
    """What the wall shows each side of a castle square: a start field's side or None."""
    out = []
    for d, (n, inside, _) in enumerate(AROUND[square]):
        sf = None if inside else CASTLE.start_sides.get((n, (d + 2) % 4))
        out.append(None if sf is None else ((START, sf[0]), sf[1], False))
    return tuple(out)


WALLS = {key_of(sq): _walls(sq) for sq in CASTLE.interior}
WALL_MASKS = {
    sq: (
        sum(1 << d for d, e in enumerate(w) if e is not None),
        sum(e[1] << d for d, e in enumerate(w) if e is not None),
    )
    for sq, w in WALLS.items()
}
WALL_EDGES = {sq: (*w, *WALL_MASKS[sq]) for sq, w in WALLS.items()}  # a square's edges with no card around
BESIDE = {key_of(sq): tuple(key_of(step(*sq, d)) for d in range(4)) for sq in CASTLE.interior}  # n e s w


def _verdict(ea: tuple, eb: tuple, ctype: int, facing: int) -> str:
    """ "" if a card of type ``ctype`` fits on two free squares whose sides touch ``ea`` and ``eb``
    (half b toward ``facing``); else "road" or "touch" (what fails)."""
    road_a, road_b = ROADS[ctype][facing]
    # Every side that touches something shows a road exactly where the card does (the sides the
    # halves show each other touch nothing: both squares are empty).
    if ea[4] & (ea[5] ^ road_a) or eb[4] & (eb[5] ^ road_b):
        return "road"
    # A short side touching anything is a full side in contact.
    if ea[(facing + 2) % 4] is not None or eb[facing] is not None:
        return ""
    for q in ((facing + 1) % 4, (facing + 3) % 4):
        pa, pb = ea[q], eb[q]
        if pa is not None and pb is not None and pa[0] == pb[0]:
            return ""  # long side against long side
        # a card standing end-on touches us with its full short side
        if (pa is not None and pa[2]) or (pb is not None and pb[2]):
            return ""
    return "touch"


def candidate_spots(a: Analysis) -> tuple[tuple[int, int, int], ...]:
    """(x, y, facing) of half a for every card position on free squares next to a card or start
    field, in order (once per position: every card asked about there starts from them)."""
    spots = a.spots
    if spots is None:
        owner = a.owner
        found: set[tuple[int, int, int]] = set()
        for sq in a.frontier:
            for other, both in PAIRS[sq]:
                if other not in owner:
                    found.update(both)
        spots = a.spots = tuple(sorted(found))
    return spots


def legal_placements(a: Analysis, card: int) -> tuple[Placement, ...]:
    """Every way the card may lie; a card that reads the same turned round is listed once.
    Worked out once per position and card, however often the rules, views and bots ask."""
    known = a.legal.get(card)
    if known is None:
        known = a.legal[card] = find_placements(a, card)
    return known


def find_placements(a: Analysis, card: int) -> tuple[Placement, ...]:
    """:func:`legal_placements` worked out afresh (the benchmark times this)."""
    return tuple(_fitting(a, card))


def has_placement(a: Analysis, card: int) -> bool:
    """Whether the card fits anywhere: stops at the first fit (deciding a move asks this for the
    card drawn next, and only the player to move needs the whole list)."""
    known = a._legal  # a.legal without making it: a load never lists placements
    if known is not None and card in known:
        return bool(known[card])
    # The card positions on each pair of free squares by the frontier, without listing and sorting
    # them all first (a position found once stops the search).
    owner = a.owner
    spots = (spot for sq in a.frontier for other, both in PAIRS[sq] if other not in owner for spot in both)
    return next(_fitting(a, card, spots), None) is not None


def _fitting(a: Analysis, card: int, spots: Iterable[tuple[int, int, int]] | None = None) -> Iterator[Placement]:
    """The placements of the card that fit at ``spots`` (by default every candidate spot, in order;
    a card that reads the same turned round once)."""
    ctype, symmetric = CARD_TYPE_OF[card], SYMMETRIC[card]
    for x, y, f in candidate_spots(a) if spots is None else spots:
        if symmetric and f in (W, N):
            continue
        sq_a, sq_b = SPOTS[(x, y, f)][0]
        if not _verdict(edges(a, sq_a), edges(a, sq_b), ctype, f):
            yield Placement(card, x, y, f)


SYMMETRIC = tuple(card_type(card).symmetric for card in range(CARD_COUNT))  # reads the same turned round


def canonical(p: Placement) -> Placement:
    """The listed form of a placement of a card that reads the same turned round."""
    if SYMMETRIC[p.card] and p.facing in (W, N):
        x, y = step(p.x, p.y, p.facing)
        return Placement(p.card, x, y, opposite(p.facing))
    return p
