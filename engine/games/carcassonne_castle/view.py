"""What a seat may see: everything on the table except the draw pile and the face-down wall tiles.

The rulebook has the drawn card shown to the other player and taken wall tiles laid face up, so both
are public. The view carries the public :class:`Board` itself, which is what a bot (or a screen)
needs to judge a placement without ever touching the state.
"""
from __future__ import annotations

import attrs

from .board import Board, Placement, legal_placements
from .catalog import CASTLE, TRACK, Castle, CardType, card_type
from .state import CastleState, Palas
from .scoring import palas_sizes


@attrs.frozen
class CastleView:
    seat: int | None
    castle: Castle  # the grid, the start fields, the track and its corner towers
    board: Board  # cards lying, followers standing, and their features (board.analysis)
    to_move: int  # -1 when nobody (game over)
    card: int  # the drawn card to place, -1 if none
    card_type: CardType | None
    placements: tuple[Placement, ...]  # where the drawn card may lie
    scores: tuple[int, ...]
    supply: tuple[int, ...]  # followers in each player's supply
    tiles: tuple[tuple[int, ...], ...]  # wall tiles taken (face up)
    towers: tuple[bool, ...]  # whether a face-down tile still lies on each corner tower
    palas: tuple[Palas | None, ...]
    palas_sizes: tuple[int, ...]  # with wall tile 8 counted
    pile: int  # cards left to draw
    removed: tuple[int, ...]  # cards that fitted nowhere
    finished: bool
    winners: tuple[int, ...]

    @property
    def track_positions(self) -> tuple[int, ...]:
        """Where each score marker stands on the 100-space track (it wraps at 100)."""
        return tuple(s % TRACK for s in self.scores)

    @property
    def laps(self) -> tuple[int, ...]:
        """How often each marker went round (a marker lies down for +100)."""
        return tuple(s // TRACK for s in self.scores)


def make_view(state: CastleState, seat: int | None) -> CastleView:
    card = state.card
    placements = tuple(legal_placements(state.board.analysis, card)) if card >= 0 else ()
    return CastleView(
        seat=seat, castle=CASTLE, board=state.board, to_move=state.to_move if not state.finished else -1,
        card=card, card_type=card_type(card) if card >= 0 else None, placements=placements,
        scores=state.scores, supply=state.supply, tiles=state.tiles,
        towers=tuple(bool(t) for t in state.towers), palas=state.palas, palas_sizes=palas_sizes(state),
        pile=len(state.deck), removed=state.removed, finished=state.finished, winners=state.winners)
