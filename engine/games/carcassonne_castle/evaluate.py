"""How the thinking bot judges a Carcassonne: The Castle position before the end.

Points already scored are only part of a standing: a follower in a growing tower or house, or
holding the market courtyard, is points to come. Each seat is credited what its open features
are likely to bring (the share of their points a feature of that kind usually yields before the
end; a courtyard scores its markets at the end for sure), a little for followers still in hand,
which can claim the next good feature, and what its wall tiles will bring. The lead over the
other seat, so estimated, makes the winning chance.
"""
from __future__ import annotations

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .board import Follower
from .catalog import COURT, ROAD
from .scoring import majority, per_card
from .state import CastleState

SCALE = 12.0  # points of estimated lead that make a win e times likelier than a loss
OPEN_SHARE = {ROAD: 0.75}  # of an open feature's points now; others below
OTHER_SHARE = 0.75
COURT_RATE = 3  # points per market at the end
IN_HAND = 1.5  # a follower in supply, ready for the next feature
# A wall tile in hand, in points: 2 and 3 a doubling to come, 4-6 the biggest unfinished feature
# of a kind at the end, 7 a point more per market, 8 two cards of palas, 9 five points. So the
# search steers the score marker onto corner towers, and plays 2 and 3 only where they double
# something. Tile 1 (a second turn) counts nothing: it is played at once, as the greedy bot
# plays it (the outlook cannot see what the second turn brings, so held it would never be).
TILE_WORTH = {1: 0.0, 2: 2.0, 3: 1.0, 4: 2.0, 5: 3.0, 6: 2.0, 7: 2.0, 8: 2.0, 9: 5.0}

# Search options for this game (engine.core.search.game_tuning): a one-move search. Every legal
# move (up to a few hundred: placements times follower and wall-tile options) is judged by this
# evaluation of the position it leads to, which is exact but for the face-down tile a move may
# land on, and the best is played. (Deeper searches, with the other seat's greedy reply in the
# rollout, spread their few iterations so evenly that they always played the greedy move.)
SEARCH = {"tree_depth": 1, "rollout_depth": 0, "root_width": None, "choose_by": "value"}


def outlook(state: CastleState) -> list[float]:
    """Each seat's points now plus what its open features, spare followers and wall tiles promise."""
    totals = [float(s) + IN_HAND * state.supply[i] + sum(TILE_WORTH[t] for t in state.tiles[i])
              for i, s in enumerate(state.scores)]
    board = state.board
    if not board.followers:
        return totals
    a = board.analysis
    held: dict[int, list[Follower]] = {}
    for f in board.followers:
        held.setdefault(a.feature_of[(f.card, f.segment)], []).append(f)
    for fid, followers in held.items():
        feat = a.features[fid]
        if feat.complete:
            continue
        owner = majority(followers, state.players)
        if owner < 0:
            continue
        if feat.kind == COURT:
            totals[owner] += COURT_RATE * feat.markets
        else:
            totals[owner] += feat.size * per_card(feat) * OPEN_SHARE.get(feat.kind, OTHER_SHARE)
    return totals


def evaluate(game: Game, state: CastleState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the estimated lead."""
    if state.finished:
        return shared_win(state.players, state.winners)
    return lead_chances(outlook(state), SCALE)
