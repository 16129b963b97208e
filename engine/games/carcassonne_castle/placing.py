"""Where a card may lie: inside the castle on free squares, continuing every road, touching a card
or start field with a full side.

:func:`problem` says why one placement is refused (for a player); :func:`legal_placements` lists
every placement of a card once per position (cached on the analysis), reading what each free
square's sides touch from a small table (:func:`edges`) instead of looking at every neighbour
again for every candidate.
"""
from __future__ import annotations

from .board import START, Analysis, Placement, Square
from .catalog import CARD_TYPE_OF, CARD_TYPES, CASTLE, N, W, card_type, opposite, step

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
            per_facing.append(tuple((h, d, sides[h][d].road) for h in (0, 1) for d in range(4)
                                    if d != inner[h]))
        table.append(tuple(per_facing))
    return tuple(table)


OUTER = _outer_sides()
# Each castle square's neighbours inside the castle: (direction, square).
NEIGHBOURS = {sq: tuple((d, step(*sq, d)) for d in range(4) if step(*sq, d) in CASTLE.interior)
              for sq in CASTLE.interior}


def problem(a: Analysis, card: int, x: int, y: int, facing: int) -> str:
    """Why the card may not lie there ("" when it may): it must lie inside on free squares, continue
    every road, and touch a card or start field with a full side."""
    p = Placement(card, x, y, facing)
    sq_a, sq_b = p.squares
    if sq_a not in CASTLE.interior or sq_b not in CASTLE.interior:
        return "the card must lie inside the castle wall"
    if sq_a in a.owner or sq_b in a.owner:
        return "a card already lies there"
    verdict = _verdict(edges(a), card, sq_a, sq_b, facing)
    if verdict == "road":
        return "roads must be continued: a road may only meet a road"
    if verdict == "touch":
        return ("the card must touch a card or start field with a full side "
                "(corner to corner or half against half is not enough)")
    return ""


def fits(a: Analysis, card: int, x: int, y: int, facing: int) -> bool:
    return not problem(a, card, x, y, facing)


def edges(a: Analysis) -> dict[tuple[int, int, int], Edge]:
    """(x, y, d) of a free square's side -> what lies beyond it; sides facing a free square or
    a bare wall are left out (they constrain nothing)."""
    if a.edges is None:
        a.edges = _edges_of(a)
    return a.edges


def _edges_of(a: Analysis) -> dict[tuple[int, int, int], Edge]:
    if a.origin is not None and a.origin[0].edges is not None:
        return _edges_after(a.origin[0].edges, a.origin[1], a.owner)
    table: dict[tuple[int, int, int], Edge] = {}
    owner, interior = a.owner, CASTLE.interior
    for (x, y), (card, half) in owner.items():
        p = a.placement_of[card]
        sides = p.oriented.sides[half]
        for d in range(4):
            n = step(x, y, d)
            if n in interior and n not in owner:
                table[(n[0], n[1], opposite(d))] = (card, sides[d].road, p.facing % 2 == d % 2)
    for (cell, into), (index, road) in CASTLE.start_sides.items():
        sq = step(*cell, into)
        if sq not in owner:
            table[(sq[0], sq[1], opposite(into))] = ((START, index), road, False)
    return table


def _edges_after(before: dict, p: Placement, owner: dict) -> dict[tuple[int, int, int], Edge]:
    """The table one card later: the sides of its two squares go, the free sides facing it come."""
    table = dict(before)
    for x, y in p.squares:
        for d in range(4):
            table.pop((x, y, d), None)
    along = p.facing % 2
    for h, (x, y) in enumerate(p.squares):
        sides = p.oriented.sides[h]
        for d, n in NEIGHBOURS[(x, y)]:
            if n not in owner:
                table[(n[0], n[1], (d + 2) % 4)] = (p.card, sides[d].road, along == d % 2)
    return table


def _verdict(table: dict, card: int, sq_a: Square, sq_b: Square, facing: int) -> str:
    """"" if the card fits on the free squares sq_a, sq_b; else "road" or "touch" (what fails)."""
    squares = (sq_a, sq_b)
    for h, d, road in OUTER[CARD_TYPE_OF[card]][facing]:
        x, y = squares[h]
        e = table.get((x, y, d))
        if e is not None and e[1] != road:
            return "road"
    back = opposite(facing)
    # A short side touching anything is a full side in contact.
    if (sq_a[0], sq_a[1], back) in table or (sq_b[0], sq_b[1], facing) in table:
        return ""
    for p in ((facing + 1) % 4, (facing + 3) % 4):
        pa, pb = table.get((sq_a[0], sq_a[1], p)), table.get((sq_b[0], sq_b[1], p))
        if pa is not None and pb is not None and pa[0] == pb[0]:
            return ""  # long side against long side
        for e in (pa, pb):
            # a card standing end-on touches us with its full short side
            if e is not None and e[2]:
                return ""
    return "touch"


def candidate_spots(a: Analysis, table: dict | None = None) -> set[tuple[int, int, int]]:
    """(x, y, facing) of half a for every card position on free squares next to a card or start field."""
    owner = a.owner
    frontier = {(x, y) for x, y, _ in (edges(a) if table is None else table)}
    spots = set()
    for sq in frontier:
        for d, other in NEIGHBOURS[sq]:
            if other not in owner:
                spots.add((sq[0], sq[1], d))
                spots.add((other[0], other[1], (d + 2) % 4))
    return spots


def legal_placements(a: Analysis, card: int) -> tuple[Placement, ...]:
    """Every way the card may lie; a card that reads the same turned round is listed once.
    Worked out once per position and card, however often the rules, views and bots ask."""
    known = a.legal.get(card)
    if known is None:
        known = a.legal[card] = find_placements(a, card, edges(a))
    return known


def find_placements(a: Analysis, card: int, table: dict | None = None) -> tuple[Placement, ...]:
    """:func:`legal_placements` worked out afresh (the benchmark times this)."""
    table = _edges_of(a) if table is None else table
    symmetric = card_type(card).symmetric
    out = []
    for x, y, f in sorted(candidate_spots(a, table)):
        if symmetric and f in (W, N):
            continue
        if not _verdict(table, card, (x, y), step(x, y, f), f):
            out.append(Placement(card, x, y, f))
    return tuple(out)


def has_placement(a: Analysis, card: int) -> bool:
    """Whether the card fits anywhere: stops at the first fit (replaying a log asks this for every
    card drawn, and only the player to move needs the whole list). Each pair of free squares is
    tried once, both ways round (one way for a card that reads the same turned round)."""
    known = a.legal.get(card)
    if known is not None:
        return bool(known)
    table, owner = edges(a), a.owner
    symmetric = card_type(card).symmetric
    seen: set[Square] = set()
    for x, y, _ in table:
        sq = (x, y)
        if sq in seen:
            continue
        seen.add(sq)
        for d, b in NEIGHBOURS[sq]:
            if b in owner or b in seen:
                continue
            if not _verdict(table, card, sq, b, d) or (
                    not symmetric and not _verdict(table, card, b, sq, (d + 2) % 4)):
                return True
    return False


def canonical(p: Placement) -> Placement:
    """The listed form of a placement of a card that reads the same turned round."""
    if card_type(p.card).symmetric and p.facing in (W, N):
        x, y = step(p.x, p.y, p.facing)
        return Placement(p.card, x, y, opposite(p.facing))
    return p
