"""What laying a card would complete, and who would score it, read from the public board.

The greedy bot weighs its options with it and the screen's follower chooser shows it (through
``GAME.preview(view, action)``), so both tell the same story as the rules (scoring.py) will when
the card is laid.

    done = preview(view, PlaceCard(4, 4, "e", "K"))   # (Completion(kind, size, winner, points), ...)
"""

from __future__ import annotations

import attrs

from .board import Board, Follower, Merge, Placement, road_label
from .catalog import DIRS, KIND_OF_ROLE, ROAD, card_type
from .placing import canonical
from .scoring import per_card
from .state import PlaceCard
from .view import CastleView, board_of


@attrs.frozen
class Completion:
    kind: str
    size: int
    winner: int  # -1: a tie or nobody, no points
    points: int  # undoubled: wall tiles 2 and 3 are the caller's to apply


def follower_segment(p: Placement, role: str, side: str) -> int:
    """The card segment a follower in ``role`` (a herald on road ``side``) would stand on; -1 for none."""
    if not role:
        return -1
    kind = KIND_OF_ROLE[role]
    for s in card_type(p.card).segments_of(kind):
        if kind != ROAD or DIRS[road_label(p, s)] == side:
            return s
    return -1


def joined_followers(board: Board, m: Merge, fid: int) -> list[Follower]:
    """Followers already standing in what becomes feature ``fid`` once the card lies."""
    a = board.analysis
    olds = {fid} if fid in a.features and fid not in m.absorbed else set()
    for seg, group in m.groups.items():
        if group == fid:
            olds |= m.touched[seg]
    return [f for f in board.followers if a.feature_of[(f.card, f.segment)] in olds]


def seat_majority(seats: list[int], players: int = 2) -> int:
    """The seat with strictly the most entries in ``seats``, or -1 on a tie."""
    counts = [seats.count(s) for s in range(players)]
    best = max(counts)
    return counts.index(best) if best and counts.count(best) == 1 else -1


def completions(
    board: Board, p: Placement, mover: int, segment: int = -1, merge: Merge | None = None
) -> list[Completion]:
    """The features laying ``p`` completes, with a follower of ``mover`` on ``segment`` (or none)."""
    p = canonical(p)
    m = merge if merge is not None else board.analysis.merge(p)
    out = []
    for fid in m.completed:
        feat = m.features[fid]
        seats = [f.seat for f in joined_followers(board, m, fid)]
        if segment >= 0 and m.groups.get(segment) == fid:
            seats.append(mover)
        winner = seat_majority(seats)
        out.append(Completion(feat.kind, feat.size, winner, feat.size * per_card(feat) if winner >= 0 else 0))
    return out


def preview(view: CastleView, action: PlaceCard) -> tuple[Completion, ...]:
    """What laying the drawn card as ``action`` completes at once for the seat to move, undoubled
    (wall tiles 2 and 3 are the caller's to apply); () when it cannot be judged (no card drawn)."""
    if view.card < 0 or not isinstance(action, PlaceCard) or action.facing not in tuple(DIRS):
        return ()
    p = canonical(Placement(view.card, action.x, action.y, DIRS.index(action.facing)))
    if not any((s.x, s.y, s.facing) == (p.x, p.y, DIRS[p.facing]) for s in view.placements):
        return ()
    segment = follower_segment(p, action.role, action.side) if action.role in KIND_OF_ROLE else -1
    return tuple(completions(board_of(view), p, view.to_move, segment))
