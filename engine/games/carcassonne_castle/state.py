"""The position of a game of Carcassonne: The Castle, the move a player makes, and evolve."""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.fastattrs import replace
from engine.core.fold import Fold

from .board import Board, Follower, Placement
from .catalog import DIRS, FOLLOWERS
from .events import (
    CardDrawn,
    CardPlaced,
    CardRemoved,
    CastleSetUp,
    CourtyardScored,
    FeatureCompleted,
    GameEnded,
    PalasBuilt,
    PalasScored,
    WallCleared,
    WallTileScored,
    WallTileTaken,
)
from .placing import canonical


@attrs.frozen
class PlaceCard:
    """Lay the drawn card with half a on (x, y) and half b toward ``facing`` (n, e, s or w); optionally
    set a follower on it (``role`` H herald, K knight, S squire, M merchant; for a herald ``side``
    names the road by the side it leaves the card through); play wall tiles 1–3."""

    x: int
    y: int
    facing: str
    role: str = ""
    side: str = ""
    tiles: tuple[int, ...] = ()


@attrs.frozen
class Palas:
    size: int
    cards: tuple[int, ...]


@attrs.frozen
class FinalItem:
    """One line of the final scoring: what paid whom (public once scored).

    ``kind`` is "palas" (``sizes``: each seat's palas), "courtyard" (``markets``; ``tile`` 7 when
    wall tile 7 made each market worth 4) or "tile" (wall tile ``tile`` 4, 5, 6 or 9)."""

    kind: str
    seat: int  # -1: a tie, nobody
    points: int
    sizes: tuple[int, ...] = ()
    markets: int = 0
    tile: int = 0


@attrs.frozen(slots=False)
class CastleState:
    players: int = 2
    deck: tuple[int, ...] = ()  # secret: the draw pile, top first
    towers: tuple[int, ...] = ()  # secret: the face-down tile on each corner tower, 0 for none
    board: Board = Board()
    card: int = -1  # the drawn card waiting to be placed
    to_move: int = -1
    scores: tuple[int, ...] = (0, 0)
    supply: tuple[int, ...] = (FOLLOWERS, FOLLOWERS)
    tiles: tuple[tuple[int, ...], ...] = ((), ())  # taken wall tiles, face up
    palas: tuple[Palas | None, ...] = (None, None)
    removed: tuple[int, ...] = ()
    turns: int = 0
    finished: bool = False
    winners: tuple[int, ...] = ()
    before_final: tuple[int, ...] = ()  # the scores when the wall was cleared
    final: tuple[FinalItem, ...] = ()  # the final scoring so far, in the rulebook's order
    laid_by: tuple[int, ...] = ()  # who laid each card on the board, in the order they were laid
    taken: tuple[tuple[int, int, int], ...] = ()  # (tower, seat, tile) for each wall tile taken

    @property
    def started(self) -> bool:
        return bool(self.towers)


evolve = Fold("Carcassonne: The Castle")


@evolve.on(CastleSetUp)
def _set_up(state: CastleState, ev: CastleSetUp) -> CastleState:
    return replace(state, deck=ev.deck, towers=ev.towers)


@evolve.on(CardDrawn)
def _drawn(state: CastleState, ev: CardDrawn) -> CastleState:
    return replace(state, deck=state.deck[1:], card=ev.card, to_move=ev.seat, turns=state.turns + 1)


@evolve.on(CardRemoved)
def _removed(state: CastleState, ev: CardRemoved) -> CastleState:
    return replace(state, card=-1, removed=state.removed + (ev.card,))


@evolve.on(CardPlaced)
def _placed(state: CastleState, ev: CardPlaced) -> CastleState:
    changes: dict[str, Any] = {}
    follower = None
    if ev.role:
        follower = Follower(ev.seat, ev.role, ev.card, ev.segment)
        changes["supply"] = _set(state.supply, ev.seat, state.supply[ev.seat] - 1)
    if ev.tiles:
        mine = list(state.tiles[ev.seat])
        for t in ev.tiles:
            mine.remove(t)
        changes["tiles"] = _set(state.tiles, ev.seat, tuple(mine))
    p = canonical(Placement(ev.card, ev.x, ev.y, FACING[ev.facing]))  # as the player wrote it -> as listed
    return replace(state, **changes, board=state.board.placed(p, follower), card=-1, laid_by=state.laid_by + (ev.seat,))


@evolve.on(FeatureCompleted)
def _completed(state: CastleState, ev: FeatureCompleted) -> CastleState:
    board = state.board
    if ev.followers:
        home = set(ev.followers)
        gone = [f for f in board.followers if (f.seat, f.card, f.segment) in home]
        supply = list(state.supply)
        for f in gone:
            supply[f.seat] += 1
        state = replace(state, board=board.without(gone), supply=tuple(supply))
    scores = _add(state.scores, ev.winner, ev.points)
    return state if scores is state.scores else replace(state, scores=scores)


@evolve.on(WallTileTaken)
def _taken(state: CastleState, ev: WallTileTaken) -> CastleState:
    mine = tuple(sorted(state.tiles[ev.seat] + (ev.tile,)))
    return replace(
        state,
        towers=_set(state.towers, ev.tower, 0),
        tiles=_set(state.tiles, ev.seat, mine),
        taken=state.taken + ((ev.tower, ev.seat, ev.tile),),
    )


@evolve.on(PalasBuilt)
def _palas(state: CastleState, ev: PalasBuilt) -> CastleState:
    return replace(state, palas=_set(state.palas, ev.seat, Palas(ev.size, ev.cards)))


@evolve.on(WallCleared)
def _cleared(state: CastleState, ev: WallCleared) -> CastleState:
    return replace(state, towers=tuple(0 for _ in state.towers), before_final=state.scores)


@evolve.on(PalasScored)
def _palas_scored(state: CastleState, ev: PalasScored) -> CastleState:
    return _final(state, FinalItem("palas", ev.seat, ev.points, sizes=ev.sizes))


@evolve.on(CourtyardScored)
def _courtyard_scored(state: CastleState, ev: CourtyardScored) -> CastleState:
    return _final(state, FinalItem("courtyard", ev.seat, ev.points, markets=ev.markets, tile=7 if ev.tile else 0))


@evolve.on(WallTileScored)
def _tile_scored(state: CastleState, ev: WallTileScored) -> CastleState:
    return _final(state, FinalItem("tile", ev.seat, ev.points, tile=ev.tile))


@evolve.on(GameEnded)
def _ended(state: CastleState, ev: GameEnded) -> CastleState:
    return replace(state, finished=True, winners=ev.winners, to_move=-1, card=-1)


def _final(state: CastleState, item: FinalItem) -> CastleState:
    return replace(state, scores=_add(state.scores, item.seat, item.points), final=state.final + (item,))


FACING = {d: i for i, d in enumerate(DIRS)}


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _add(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    if seat < 0 or not points:
        return scores
    return _set(scores, seat, scores[seat] + points)
