"""The Castle's determinizer: a full position a seat cannot tell from the truth, from its view.

Everything on the board is public (the cards laid, the followers, scores, wall tiles taken),
so only two things are drawn: the order of the draw pile (the cards neither laid, drawn nor
removed) and the face-down wall tiles on the towers that still hold one (from the tiles
nobody has taken: those that went back unseen at set-up are as unknown as those on towers).
"""

from __future__ import annotations

import random

from .board import Board, Follower, Placement
from .catalog import CARD_COUNT, DIRS, TILE_COPIES, TILE_KINDS
from .evaluate import evaluate
from .state import CastleState, Palas
from .view import CastleView

__all__ = ["determinize", "evaluate"]  # the rules' bots mapping takes the evaluation from here


def determinize(view: CastleView, rng: random.Random) -> CastleState:
    players = len(view.scores)
    seen = {c.card for c in view.laid} | set(view.removed) | ({view.card} if view.card >= 0 else set())
    deck = [c for c in range(CARD_COUNT) if c not in seen]
    rng.shuffle(deck)
    unseen = [k for k in range(1, TILE_KINDS + 1) for _ in range(TILE_COPIES)]
    for taken in view.tiles:
        for k in taken:
            unseen.remove(k)
    face_down = iter(rng.sample(unseen, sum(view.towers)))
    towers = tuple(next(face_down) if lying else 0 for lying in view.towers)
    board = Board.of(
        (Placement(c.card, c.x, c.y, DIRS.index(c.facing)) for c in view.laid),
        (Follower(f.seat, f.role, f.card, f.segment) for f in view.followers),
    )
    return CastleState(
        players=players,
        deck=tuple(deck[: view.pile]),
        towers=towers,
        board=board,
        card=view.card,
        to_move=view.to_move,
        scores=view.scores,
        supply=view.supply,
        tiles=view.tiles,
        palas=tuple(None if p is None else Palas(p.size, p.cards) for p in view.palas),
        removed=view.removed,
        turns=len(view.laid) + len(view.removed) + (view.card >= 0),
        finished=view.finished,
        winners=view.winners,
        before_final=view.before_final,
        final=view.final,
        laid_by=view.laid_by,
        taken=tuple((t.tower, t.seat, t.tile) for t in view.taken),
    )
