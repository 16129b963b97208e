"""How the thinking bot judges a Carcassonne: The Castle position before the end.

Points already scored are only part of a standing: a follower in a growing tower or house, or
holding the market courtyard, is points to come. Each seat is credited what its open features
are likely to bring, a little for followers still in hand, which can claim the next good
feature, and what its wall tiles will bring. The lead over the other seat, so estimated, makes
the winning chance.

What an open road, tower or house brings its holder was measured (``SHARE``,
tests/games/carcassonne_castle/measure_share.py): in 300 games of the thinking bot against
greedy, every open feature held at every decision was followed to its end, and the points it
finally paid its holder (0 if it never closed or the other seat took it) were divided by its
points at that moment. The share falls with the sides still open and with the cards left to
draw: a tower open on four sides with under ten cards left paid 1 % of its points, one open on
one side early nearly all of them; a road with one open end early paid more than it showed (it
grows). A feature open toward a hole, an empty square with no empty neighbour, can never close
(no card covers one square alone): it is credited nothing, and left out of the measurement (14 %
of the features held). A held courtyard scores its markets at the end, and early on it usually
gains more (``COURT_GROWTH``, measured the same way).
"""

from __future__ import annotations

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .board import Follower
from .catalog import CASTLE, COURT, HOUSE, ROAD, TOWER, opposite, step
from .features import Analysis
from .geometry import key_of
from .scoring import majority, per_card
from .state import CastleState

SCALE = 12.0  # points of estimated lead that make a win e times likelier than a loss
# Of an open feature's points now, what it paid its holder by the end (see above): per kind and
# number of open sides (4: four or more), at 5, 15, 25, 35, 45 and 55 cards left to draw, read in
# between linearly. Roads have at most two open ends.
SHARE = {
    ROAD: {1: (0.08, 0.33, 0.69, 1.0, 1.33, 1.84), 2: (0.02, 0.03, 0.05, 0.16, 0.42, 0.81)},
    TOWER: {
        1: (0.16, 0.29, 0.47, 0.68, 0.87, 0.97),
        2: (0.14, 0.26, 0.44, 0.69, 0.81, 0.94),
        3: (0.09, 0.22, 0.46, 0.65, 0.77, 0.89),
        4: (0.01, 0.1, 0.18, 0.36, 0.55, 0.72),
    },
    HOUSE: {
        1: (0.16, 0.31, 0.49, 0.7, 0.89, 1.01),
        2: (0.13, 0.44, 0.62, 0.67, 0.83, 0.87),
        3: (0.1, 0.32, 0.46, 0.74, 0.76, 0.9),
        4: (0.03, 0.08, 0.17, 0.28, 0.39, 0.57),
    },
}
COURT_RATE = 3  # points per market at the end
# What a held courtyard paid at the end over its markets' points now, at the same cards left.
COURT_GROWTH = (1.04, 1.11, 1.21, 1.32, 1.43, 1.52)
INTERIOR = frozenset(map(key_of, CASTLE.interior))  # squares as the analysis keys them (geometry.key_of)
# Each castle square's neighbours, with the side of the neighbour that faces it.
NEIGHBOURS = {key_of(sq): tuple((key_of(step(*sq, d)), opposite(d)) for d in range(4)) for sq in CASTLE.interior}
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
    totals = [
        float(s) + IN_HAND * state.supply[i] + sum(TILE_WORTH[t] for t in state.tiles[i])
        for i, s in enumerate(state.scores)
    ]
    board = state.board
    if not board.followers:
        return totals
    a = board.analysis
    left = len(state.deck)
    held: dict[int, list[Follower]] = {}
    for f in board.followers:
        held.setdefault(a.feature_of[(f.card, f.segment)], []).append(f)
    dead = None
    for fid, followers in held.items():
        feat = a.features[fid]
        if feat.complete:
            continue
        owner = majority(followers, state.players)
        if owner < 0:
            continue
        if feat.kind == COURT:
            totals[owner] += COURT_RATE * feat.markets * _between(COURT_GROWTH, left)
            continue
        if dead is None:
            dead = hopeless(a)
        if fid not in dead:
            totals[owner] += feat.size * per_card(feat) * share(feat.kind, feat.open, left)
    return totals


def hopeless(a: Analysis) -> set[int]:
    """The features open toward a hole: an empty square whose neighbours are all cards or wall.
    No card can cover it (a card covers two squares side by side), so they never close."""
    owner, dead = a.owner, set()
    for sq in a.frontier:
        around = NEIGHBOURS[sq]
        if any(n in INTERIOR and n not in owner for n, _ in around):
            continue
        for n, back in around:
            cell = owner.get(n)
            if cell is not None and cell[3][back] >= 0:  # the segment of that card facing the hole
                dead.add(a.feature_of[(cell[0], cell[3][back])])
    return dead


def share(kind: str, open_sides: int, left: int) -> float:
    """The share of its points an open road, tower or house with ``open_sides`` open sides is
    expected to pay its holder, ``left`` cards before the end.

    >>> share(TOWER, 4, 5), share(TOWER, 1, 55), round(share(HOUSE, 2, 20), 3)
    (0.01, 0.97, 0.53)
    """
    by_open = SHARE[kind]
    return _between(by_open.get(open_sides) or by_open[max(by_open)], left)


def _between(row: tuple[float, ...], left: int) -> float:
    """``row``'s value at ``left`` cards left (given at 5, 15, ... 55), linearly in between."""
    x = min(max((left - 5) / 10, 0.0), 5.0)
    i = min(int(x), 4)
    return row[i] + (row[i + 1] - row[i]) * (x - i)


def evaluate(game: Game, state: CastleState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the estimated lead."""
    if state.finished:
        return shared_win(state.players, state.winners)
    return lead_chances(outlook(state), SCALE)
