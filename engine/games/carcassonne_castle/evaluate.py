"""How the thinking bot judges a Carcassonne: The Castle position before the end.

Points already scored are only part of a standing: a follower in a growing tower or house, or
holding the market courtyard, is points to come. Each seat is credited what its open features
are likely to bring, a little for followers still in hand, which can claim the next good
feature, and what its wall tiles will bring. The lead over the other seat, so estimated, makes
the winning chance.

What an open road, tower or house brings its holder was measured (``SHARE``): in 300 games of
the thinking bot against greedy, every open feature held at every decision was followed to its
end, and the points it finally paid its holder (0 if it never closed or the other seat took it)
were divided by its points at that moment. The share falls with the sides still open and with
the cards left to draw: a tower open on four sides with under ten cards left paid 1 % of its
points, one open on one side early on all of them; a road with one open end early paid more
than it showed (it grows). A courtyard scores its markets at the end for sure.
"""
from __future__ import annotations

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .board import Follower
from .catalog import COURT, HOUSE, ROAD, TOWER
from .scoring import majority, per_card
from .state import CastleState

SCALE = 12.0  # points of estimated lead that make a win e times likelier than a loss
# Of an open feature's points now, what it paid its holder by the end (see above): per kind and
# number of open sides (4: four or more), at 5, 15, 25, 35, 45 and 55 cards left to draw, read in
# between linearly. Roads have at most two open ends.
SHARE = {
    ROAD: {1: (0.08, 0.28, 0.55, 0.89, 1.21, 1.54), 2: (0.0, 0.05, 0.13, 0.21, 0.22, 0.46)},
    TOWER: {1: (0.08, 0.18, 0.28, 0.52, 0.81, 1.02), 2: (0.07, 0.22, 0.33, 0.45, 0.6, 0.86),
            3: (0.05, 0.16, 0.3, 0.46, 0.58, 0.73), 4: (0.01, 0.06, 0.14, 0.29, 0.47, 0.58)},
    HOUSE: {1: (0.1, 0.21, 0.31, 0.42, 0.65, 0.97), 2: (0.05, 0.23, 0.36, 0.57, 0.75, 0.85),
            3: (0.04, 0.16, 0.31, 0.54, 0.74, 0.94), 4: (0.01, 0.05, 0.11, 0.19, 0.3, 0.4)},
}
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
    left = len(state.deck)
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
            totals[owner] += feat.size * per_card(feat) * share(feat.kind, feat.open, left)
    return totals


def share(kind: str, open_sides: int, left: int) -> float:
    """The share of its points an open road, tower or house with ``open_sides`` open sides is
    expected to pay its holder, ``left`` cards before the end.

    >>> share(TOWER, 4, 5), share(TOWER, 1, 55), round(share(HOUSE, 2, 20), 3)
    (0.01, 1.02, 0.295)
    """
    by_open = SHARE[kind]
    row = by_open.get(open_sides) or by_open[max(by_open)]
    x = min(max((left - 5) / 10, 0.0), 5.0)
    i = min(int(x), 4)
    return row[i] + (row[i + 1] - row[i]) * (x - i)


def evaluate(game: Game, state: CastleState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the estimated lead."""
    if state.finished:
        return shared_win(state.players, state.winners)
    return lead_chances(outlook(state), SCALE)
