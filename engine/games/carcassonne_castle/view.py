"""What a seat may see, as plain data: everything on the table except the draw pile and the
face-down wall tiles.

The rulebook has the drawn card shown to the other player and taken wall tiles laid face up, so both
are public. A view is made of ints, strings and tuples only (it converts to JSON and back with
``engine.core.views``): each laid card with what its two squares show, the followers and palas with
the square they stand on, the drawn card as it would lie each way and the placements the rules allow,
and the castle's layout. Whoever needs the features themselves (the greedy bot, :func:`preview`)
rebuilds the board from the view with :func:`board_of`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from .board import START, Board, Follower, Placement
from .catalog import CARD_COUNT, CASTLE, DIRS, HOUSE, ROAD, TILE_NAMES, TRACK, card_type, opposite, step
from .placing import legal_placements
from .scoring import palas_sizes
from .state import CastleState, FinalItem

Square = tuple[int, int]
COLUMNS = "ABCDEFGHIJKL"


@attrs.frozen
class HalfLook:
    """One square of a card as it lies: what is drawn there."""

    ground: str  # road, square (roads end there), tower, house, court or market
    roads: str  # the board directions its roads leave through, e.g. "ns" ("" for a building)
    well: bool


@attrs.frozen
class LaidCard:
    card: int
    x: int  # half a
    y: int
    facing: str  # where half b lies from half a
    squares: tuple[Square, Square]
    halves: tuple[HalfLook, HalfLook]


@attrs.frozen
class DrawnCard:
    card: int
    name: str
    symmetric: bool  # turned half round it reads the same (listed once among the placements)
    roads: int  # separate roads on it (a herald names the side of the one it stands on)
    faces: tuple[tuple[HalfLook, HalfLook], ...]  # how halves a and b lie with half b n, e, s, w


@attrs.frozen
class Spot:
    """A place where the drawn card may lie (half a on x, y)."""

    x: int
    y: int
    facing: str
    squares: tuple[Square, Square]


@attrs.frozen
class Standing:
    """A follower on a laid card; ``square`` is where it is drawn."""

    seat: int
    role: str  # H herald, K knight, S squire, M merchant
    card: int
    segment: int
    square: Square


@attrs.frozen
class PalasView:
    size: int
    cards: tuple[int, ...]
    square: Square  # the first house square of its house


@attrs.frozen
class Completed:
    """A road, tower or house the last card completed, and the squares it covers."""

    kind: str
    size: int
    squares: tuple[Square, ...]


@attrs.frozen
class StartFieldLook:
    index: int
    kind: str  # road, tower, house or court
    market: bool
    squares: tuple[Square, Square]  # the castle squares it faces
    cells: tuple[Square, Square]  # its two wall cells
    road: int  # which of the two cells the road enters (-1: not a road)
    roads: str  # the directions of that road ("ns" or "ew")


@attrs.frozen
class TowerLook:
    index: int
    spaces: tuple[int, int]
    cell: Square


@attrs.frozen
class TileTaken:
    """A wall tile taken from a corner tower: which, by whom (it lies face up by the player)."""

    tower: int
    seat: int
    tile: int


@attrs.frozen
class CastleLayout:
    """The board as printed: the castle's squares, the wall's track and towers, the start fields."""

    width: int
    height: int
    columns: str  # the column letters, west to east
    interior: tuple[Square, ...]
    track: tuple[Square, ...]  # the wall cell of each track space 0..99
    towers: tuple[TowerLook, ...]
    start_fields: tuple[StartFieldLook, ...]


@attrs.frozen
class CastleView:
    seat: int | None
    castle: CastleLayout
    laid: tuple[LaidCard, ...]  # in the order they were laid
    followers: tuple[Standing, ...]
    to_move: int  # -1 when nobody (game over)
    card: int  # the drawn card to place, -1 if none
    drawn: DrawnCard | None
    placements: tuple[Spot, ...]  # where the drawn card may lie
    scores: tuple[int, ...]
    supply: tuple[int, ...]  # followers in each player's supply
    tiles: tuple[tuple[int, ...], ...]  # wall tiles taken (face up)
    towers: tuple[bool, ...]  # whether a face-down tile still lies on each corner tower
    palas: tuple[PalasView | None, ...]
    palas_sizes: tuple[int, ...]  # with wall tile 8 counted
    pile: int  # cards left to draw
    removed: tuple[int, ...]  # cards that fitted nowhere
    completed: tuple[Completed, ...]  # what the last card laid completed
    finished: bool
    winners: tuple[int, ...]
    before_final: tuple[int, ...]  # the scores when the final scoring began (empty before)
    final: tuple[FinalItem, ...]  # the final scoring, item by item
    laid_by: tuple[int, ...]  # who laid each card of ``laid``
    taken: tuple[TileTaken, ...]  # the wall tiles taken so far, in order

    @property
    def track_positions(self) -> tuple[int, ...]:
        """Where each score marker stands on the 100-space track (it wraps at 100)."""
        return tuple(s % TRACK for s in self.scores)

    @property
    def laps(self) -> tuple[int, ...]:
        """How often each marker went round (a marker lies down for +100)."""
        return tuple(s // TRACK for s in self.scores)


def make_view(state: CastleState, seat: int | None) -> CastleView:
    """Before the set-up (a replay's first position) the table already shows what it will hold:
    the full pile and a face-down tile on every corner tower but 0/1."""
    board = state.board
    started = state.started
    card = state.card
    analysis = board.analysis
    return CastleView(
        seat=seat,
        castle=LAYOUT,
        laid=_laid_all(analysis, board.placements),
        followers=tuple(_standing(f, analysis.placement_of[f.card]) for f in board.followers),
        to_move=state.to_move if not state.finished else -1,
        card=card,
        drawn=_drawn(card) if card >= 0 else None,
        placements=_spots(analysis, card) if card >= 0 else (),
        scores=state.scores,
        supply=state.supply,
        tiles=state.tiles,
        towers=tuple(bool(t) for t in state.towers) if started else tuple(t.index > 0 for t in CASTLE.towers),
        palas=tuple(
            None if p is None else PalasView(p.size, p.cards, _palas_square(board, p.cards)) for p in state.palas
        ),
        palas_sizes=palas_sizes(state),
        pile=len(state.deck) if started else CARD_COUNT,
        removed=state.removed,
        completed=_completed(board) if board.placements else (),
        finished=state.finished,
        winners=state.winners,
        before_final=state.before_final,
        final=state.final,
        laid_by=state.laid_by,
        taken=tuple(TileTaken(*t) for t in state.taken),
    )


def board_of(view: CastleView) -> Board:
    """The board the view shows, for judging placements (its analysis is shared with the game's)."""
    return Board.of(
        (Placement(c.card, c.x, c.y, DIRS.index(c.facing)) for c in view.laid),
        (Follower(f.seat, f.role, f.card, f.segment) for f in view.followers),
    )


# -- building the parts (each memoised: the same cards lie in view after view) -----------------


def half_look(p: Placement, half: int) -> HalfLook:
    h = card_type(p.card).halves[half]
    if h.kind is not None:
        return HalfLook("market" if h.market else h.kind, "", False)
    roads = "".join(DIRS[d] for d in range(4) if p.oriented.sides[half][d].road)
    return HalfLook(h.terrain, roads, h.well)


def _laid_all(a, placements: tuple[Placement, ...]) -> tuple[LaidCard, ...]:
    """Kept on the analysis (which belongs to exactly these cards), one card added at a time."""
    laid = a.shown.get("laid")
    if laid is None:
        before = a.origin[0].get("laid") if a.origin is not None else None
        if before is not None:
            laid = before + (_laid(placements[-1]),)
        else:
            laid = tuple(_laid(p) for p in placements)
        a.shown["laid"] = laid
    return laid


def _spots(a, card: int) -> tuple[Spot, ...]:
    spots = a.shown.get(card)
    if spots is None:
        spots = a.shown[card] = tuple(_spot(p.x, p.y, p.facing) for p in legal_placements(a, card))
    return spots


@functools.cache  # a few hundred card positions in the castle
def _spot(x: int, y: int, facing: int) -> Spot:
    return Spot(x, y, DIRS[facing], ((x, y), step(x, y, facing)))


@functools.lru_cache(maxsize=4096)
def _laid(p: Placement) -> LaidCard:
    return LaidCard(p.card, p.x, p.y, DIRS[p.facing], p.squares, (half_look(p, 0), half_look(p, 1)))


@functools.lru_cache(maxsize=128)
def _drawn(card: int) -> DrawnCard:
    faces = tuple((half_look(Placement(card, 0, 0, f), 0), half_look(Placement(card, 0, 0, f), 1)) for f in range(4))
    ctype = card_type(card)
    return DrawnCard(card, ctype.name, ctype.symmetric, len(ctype.segments_of(ROAD)), faces)


def _standing(f: Follower, p: Placement) -> Standing:
    square = p.squares[min(card_type(f.card).segments[f.segment].halves)]
    return Standing(f.seat, f.role, f.card, f.segment, square)


def _palas_square(board: Board, cards: tuple[int, ...]) -> Square:
    placed = board.analysis.placement_of
    for card in sorted(cards):
        p = placed.get(card)
        if p is None:
            continue
        for half, h in enumerate(card_type(card).halves):
            if h.kind == HOUSE:
                return p.squares[half]
    return (-1, -1)


def _completed(board: Board) -> tuple[Completed, ...]:
    a = board.analysis
    out = []
    for fid in a.completed:
        feat = a.features.get(fid)
        if feat is None:
            continue
        squares: set[Square] = set()
        for card, seg in feat.members:
            if card == START:
                squares.update(CASTLE.start_fields[seg].cells)
            else:
                p = a.placement_of[card]
                squares.update(p.squares[h] for h in card_type(card).segments[seg].halves)
        out.append(Completed(feat.kind, feat.size, tuple(sorted(squares))))
    return tuple(out)


def _layout() -> CastleLayout:
    fields = []
    for f in CASTLE.start_fields:
        roads = "".join(sorted({DIRS[f.wall], DIRS[opposite(f.wall)]}, key=DIRS.index))
        fields.append(
            StartFieldLook(
                f.index,
                f.kind,
                f.market,
                f.squares,
                f.cells,
                f.road if f.kind == ROAD else -1,
                roads if f.kind == ROAD else "",
            )
        )
    towers = tuple(TowerLook(t.index, t.spaces, t.cell) for t in CASTLE.towers)
    return CastleLayout(
        CASTLE.width,
        CASTLE.height,
        COLUMNS[: CASTLE.width],
        tuple(sorted(CASTLE.interior)),
        CASTLE.track,
        towers,
        tuple(fields),
    )


LAYOUT = _layout()


def score_lines(view: CastleView, names: Sequence[str]) -> list[str]:
    """The points of play, each item of the final scoring and whom it paid, and the totals."""
    if not view.finished:
        return [f"{name}: {score}" for name, score in zip(names, view.scores)]
    lines = ["during play: " + ", ".join(f"{n} {p}" for n, p in zip(names, view.before_final))]
    for item in view.final:
        whom = f"{names[item.seat]} +{item.points}" if item.seat >= 0 else "nobody"
        if item.kind == "palas":
            what = "largest palas (houses " + "/".join(str(s) for s in item.sizes) + ")"
        elif item.kind == "courtyard":
            markets = f"{item.markets} market{'s' if item.markets != 1 else ''}"
            what = f"courtyard, {markets}" + (" (tile 7)" if item.tile else "")
        else:
            what = f"wall tile {item.tile}: {TILE_NAMES[item.tile]}"
        lines.append(f"{what}: {whom}")
    return lines + ["total: " + ", ".join(f"{n} {s}" for n, s in zip(names, view.scores))]
