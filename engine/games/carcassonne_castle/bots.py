"""Bots for Carcassonne: The Castle. They read only the view and the legal actions; the greedy bot
rebuilds the public board from the view and previews each placement on it."""

from __future__ import annotations

import random
from collections.abc import Sequence


from .board import Board, Merge, Placement
from .catalog import COURT, DIRS, HOUSE, TOWER
from .preview import completions, follower_segment
from .scoring import per_card
from .state import PlaceCard
from .view import CastleView, board_of

HOLD_COST = 1.5  # what tying up a follower for a while is worth, in points
MERCHANT_COST = 2.5  # merchants never come back


class GreedyBot:
    """Takes the most immediate points; otherwise places a follower where it promises most."""

    level = "greedy"

    def choose(self, view: CastleView, legal: Sequence[PlaceCard], rng: random.Random) -> PlaceCard:
        merges: dict[tuple[int, int, str], Merge] = {}
        board = board_of(view)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            key = (action.x, action.y, action.facing)
            p = Placement(view.card, action.x, action.y, DIRS.index(action.facing))
            if key not in merges:
                merges[key] = board.analysis.merge(p)
            value = _value(view, board, p, merges[key], action) + rng.random() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best

    def values(self, view: CastleView, legal: Sequence[PlaceCard]) -> list[float]:
        """What ``choose`` maximises, per legal move (the search ranks its root by it)."""
        merges: dict[tuple[int, int, str], Merge] = {}
        board = board_of(view)
        out = []
        for action in legal:
            key = (action.x, action.y, action.facing)
            p = Placement(view.card, action.x, action.y, DIRS.index(action.facing))
            if key not in merges:
                merges[key] = board.analysis.merge(p)
            out.append(_value(view, board, p, merges[key], action))
        return out


def _value(view: CastleView, board: Board, p: Placement, m: Merge, action: PlaceCard) -> float:
    me = view.to_move
    seg = follower_segment(p, action.role, action.side)
    value = 0.0
    for done in completions(board, p, me, seg, merge=m):
        if done.winner < 0:
            continue
        doubled = (done.kind == TOWER and 2 in action.tiles) or (done.kind == HOUSE and 3 in action.tiles)
        gain = done.points * (2 if doubled and done.winner == me else 1)
        value += gain if done.winner == me else -gain
        if done.kind == HOUSE and done.winner == me:
            palas = view.palas[me]
            if palas is None or done.size > palas.size:
                value += 2 + done.size - (palas.size if palas else 0)
    if seg >= 0 and m.groups[seg] not in m.completed:
        value += _promise(view, m.features[m.groups[seg]])
    if 1 in action.tiles:
        value += 4
    return value


def _promise(view: CastleView, feat) -> float:
    scarce = 1.0 if view.supply[view.to_move] > 2 else 2.0
    if feat.kind == COURT:
        return feat.markets * 3 * 0.7 + 0.5 - MERCHANT_COST * scarce
    return feat.size * per_card(feat) * 0.6 + 0.5 - HOLD_COST * scarce
