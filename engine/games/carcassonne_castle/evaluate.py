"""How the thinking bot judges a Carcassonne: The Castle position before the end.

Points already scored are only part of a standing: a follower in a growing tower or house, or
holding the market courtyard, is points to come. Each seat is credited what its open features
are likely to bring (the share of their points a feature of that kind usually yields before the
end; a courtyard scores its markets at the end for sure) and a little for followers still in
hand, which can claim the next good feature. The lead over the other seat, so estimated, makes
the winning chance.
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

# Search options for this game (engine.core.search.game_tuning): a one-move search. Every legal
# move (up to a few hundred: placements times follower and wall-tile options) is judged by this
# evaluation of the position it leads to, which is exact (the card drawn next does not change
# it), and the best is played. (Deeper searches, with the other seat's greedy reply in the
# rollout, spread their few iterations so evenly that they always played the greedy move.)
SEARCH = {"tree_depth": 1, "rollout_depth": 0, "root_width": None, "choose_by": "value"}


def outlook(state: CastleState) -> list[float]:
    """Each seat's points now plus what its open features and spare followers promise."""
    totals = [float(s) + IN_HAND * state.supply[i] for i, s in enumerate(state.scores)]
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
    totals = outlook(state)
    return lead_chances(totals, SCALE)
