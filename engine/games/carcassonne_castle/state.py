"""The position of a game of Carcassonne: The Castle, the move a player makes, and evolve."""
from __future__ import annotations

from typing import Any

import attrs

from .board import Board, Follower, Placement
from .catalog import DIRS, FOLLOWERS
from .events import (CardDrawn, CardPlaced, CardRemoved, CastleSetUp, CourtyardScored, FeatureCompleted,
                     GameEnded, PalasBuilt, PalasScored, WallCleared, WallTileScored, WallTileTaken)


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

    @property
    def started(self) -> bool:
        return bool(self.towers)


def evolve(state: CastleState, ev: Any) -> CastleState:
    match ev:
        case CastleSetUp():
            return attrs.evolve(state, deck=ev.deck, towers=ev.towers)
        case CardDrawn():
            return attrs.evolve(state, deck=state.deck[1:], card=ev.card, to_move=ev.seat,
                                turns=state.turns + 1)
        case CardRemoved():
            return attrs.evolve(state, card=-1, removed=state.removed + (ev.card,))
        case CardPlaced():
            return _placed(state, ev)
        case FeatureCompleted():
            gone = [f for f in state.board.followers if (f.seat, f.card, f.segment) in set(ev.followers)]
            supply = list(state.supply)
            for f in gone:
                supply[f.seat] += 1
            return attrs.evolve(state, board=state.board.without(gone), supply=tuple(supply),
                                scores=_add(state.scores, ev.winner, ev.points))
        case WallTileTaken():
            towers = _set(state.towers, ev.tower, 0)
            return attrs.evolve(state, towers=towers,
                                tiles=_set(state.tiles, ev.seat, tuple(sorted(state.tiles[ev.seat] + (ev.tile,)))))
        case PalasBuilt():
            return attrs.evolve(state, palas=_set(state.palas, ev.seat, Palas(ev.size, ev.cards)))
        case WallCleared():
            return attrs.evolve(state, towers=tuple(0 for _ in state.towers))
        case PalasScored() | CourtyardScored() | WallTileScored():
            return attrs.evolve(state, scores=_add(state.scores, ev.seat, ev.points))
        case GameEnded():
            return attrs.evolve(state, finished=True, winners=ev.winners, to_move=-1, card=-1)
    raise TypeError(f"not a Carcassonne: The Castle event: {ev!r}")


def _placed(state: CastleState, ev: CardPlaced) -> CastleState:
    p = Placement(ev.card, ev.x, ev.y, DIRS.index(ev.facing))
    follower = Follower(ev.seat, ev.role, ev.card, ev.segment) if ev.role else None
    tiles = list(state.tiles[ev.seat])
    for t in ev.tiles:
        tiles.remove(t)
    supply = _set(state.supply, ev.seat, state.supply[ev.seat] - 1) if follower else state.supply
    return attrs.evolve(state, board=state.board.placed(p, follower), card=-1, supply=supply,
                        tiles=_set(state.tiles, ev.seat, tuple(tiles)))


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _add(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    if seat < 0 or not points:
        return scores
    return _set(scores, seat, scores[seat] + points)
