"""The King Up! determinizer: a full position a seat cannot tell from the truth, from its view.

Public and rebuilt: the floors, the crown, scores, the vote cards each seat still holds.
Hidden and drawn: the other seats' goal cards (from the cards nobody has shown: neither this
seat's, nor a card revealed in an earlier round) and, during a vote, the cards others chose
(YES for a candidate on the goal card drawn for them, NO otherwise while they hold one).
Not in the view but implied by it: how many figures each seat placed this round (placing goes
round the table from the start player) and the "old king", whose left neighbour starts the
round (so the old king sits right of the start player from round 2 on).

The others' goal cards are not drawn uniformly: players push their own candidates up and vote
NO on the others, so the castle says something about every card (``card_weights``).
"""

from __future__ import annotations

import bisect
import math
import random

from .catalog import ELIMINATED, GOAL_CARDS, NO_CARDS, OFF_BOARD, PLACEMENTS
from .evaluate import evaluate
from .state import PLACING, SETUP, VOTING, KingUpState, chain_of
from .view import KingUpView

__all__ = ["determinize", "evaluate"]  # the rules' bots mapping takes the evaluation from here

GOAL_INDEX = {cards: i for i, cards in enumerate(GOAL_CARDS)}

# How much a candidate standing somewhere says for a card that names it: log-odds per figure,
# by floor (out of the game, beside the castle, floors 0-5, the throne), while placing / after,
# for a candidate not on / on the seat's own card. Fitted (conditional logit, the true card
# among those not yet seen) on the views of 1,500 four-player games of greedy bots: the true
# card then gets e^1.0 times the uniform chance (log-likelihood -2.00 against -3.03; at 6
# players -2.37 against -2.91, at 3 players -1.56 against -3.09).
#                   out   beside  0     1     2     3     4     5    throne
PLACING_WEIGHT = ((0.0, 0.0, 0.0, -0.5, 0.1, 0.2, 0.4, 0.0, 0.0), (0.0, 0.0, 0.0, -0.2, -0.2, 0.0, 0.2, 0.0, 0.0))
CLIMBING_WEIGHT = ((1.0, 0.0, -2.1, -1.5, 0.0, 0.3, 0.5, 1.1, 1.1), (0.5, 0.0, -0.9, -1.0, -0.5, -0.2, 0.1, 0.8, 1.0))
PLACED_WEIGHT = (0.0, 0.3, 0.6, 1.0, 1.0)  # per figure of the card in the castle, by figures the seat placed
# The floors say less the more players push figures: the weights above times this (fitted too).
FLOOR_SCALE = {3: 1.4, 4: 1.0, 5: 0.6, 6: 0.6}
VOTE_MISS = -4.1  # per figure out of the game more or fewer than the seat's YES votes imply (NO left)
VOTE_EXCESS = -2.9  # ... more than its YES votes allow (no NO left: it may have had to say yes)
CROWN_OWN = -1.6  # the candidate on the throne is on the card of the seat that pushed it there


def determinize(view: KingUpView, rng: random.Random) -> KingUpState:
    n, seat = view.players, view.seat
    if view.phase == SETUP:
        return KingUpState(players=n)
    round_goals = tuple(tuple(GOAL_INDEX[c] for c in goals) for goals in view.revealed_goals)
    scored = len(round_goals) == view.round
    if scored:
        goals = round_goals[-1]
    else:
        goals = _draw_goals(view, round_goals, rng)
    no_cards = tuple(c - 1 for c in view.vote_cards)
    votes: tuple[bool | None, ...] = (None,) * n
    if view.phase == VOTING:  # others vote for the candidates on the goal cards drawn for them
        votes = tuple(
            None if not v else view.my_vote if s == seat else no_cards[s] == 0 or view.on_throne in GOAL_CARDS[goals[s]]
            for s, v in enumerate(view.voted)
        )
    king_maker = None if view.round == 1 else (view.start_player - 1) % n
    turn = min(view.to_act) if view.to_act and view.phase != VOTING else view.start_player
    return KingUpState(
        players=n,
        phase=view.phase,
        round=view.round,
        start_player=view.start_player,
        turn=turn,
        floors=view.floors,
        placed=_placed(view),
        crown=view.crown,
        king_maker=king_maker,
        first_player=view.start_player,
        on_throne=view.on_throne,
        no_cards=no_cards,
        votes=votes,
        last_votes=view.last_votes,
        goals=goals,
        used_goals=frozenset(g for r in round_goals for g in r) | set(goals),
        scores=view.scores,
        round_points=view.round_points,
        round_goals=round_goals,
        king=view.king,
        winners=view.winners,
        moves=chain_of(view.last_moves),
    )


def _draw_goals(view: KingUpView, round_goals: tuple, rng: random.Random) -> tuple[int, ...]:
    """The seat's own card and, for every other seat, a card drawn by ``card_weights`` (no two
    alike: drawn again on a clash, then one after the other)."""
    n, seat = view.players, view.seat
    assert view.my_goal is not None  # determinized for a player, who holds a goal card in every round
    mine = GOAL_INDEX[view.my_goal]
    seen = {g for r in round_goals for g in r} | {mine}
    pool = [g for g in range(len(GOAL_CARDS)) if g not in seen]
    others = [s for s in range(n) if s != seat]
    tables = _tables(view, pool)
    for _ in range(20):
        drawn = [_pick(tables[s], pool, rng.random()) for s in others]
        if len(set(drawn)) == len(drawn):
            break
    else:
        drawn, left = [], list(pool)
        for s in others:
            weights = [math.exp(w) for w in card_weights(view, s, left)]
            g = rng.choices(left, weights)[0]
            drawn.append(g)
            left.remove(g)
    got = dict(zip(others, drawn))
    return tuple(mine if s == seat else got[s] for s in range(n))


# The last view asked and its tables (a search asks for the same view every iteration), one
# tuple read and replaced whole: bots of several tables may search in threads at once.
_CACHE: list = [(None, None)]


def _tables(view: KingUpView, pool: list[int]) -> dict[int, list[float]]:
    """Per other seat, the cumulative weights of the cards in ``pool`` (made once per view)."""
    key, tables = _CACHE[0]
    if key is view:
        return tables
    tables = {}
    for s in range(view.players):
        if s != view.seat:
            weights = card_weights(view, s, pool)
            top = max(weights)
            running, cumulative = 0.0, []
            for w in weights:
                running += math.exp(w - top)
                cumulative.append(running)
            tables[s] = cumulative
    _CACHE[0] = (view, tables)
    return tables


def _pick(cumulative: list[float], pool: list[int], u: float) -> int:
    return pool[min(bisect.bisect_right(cumulative, u * cumulative[-1]), len(pool) - 1)]


def card_weights(view: KingUpView, s: int, pool: list[int]) -> list[float]:
    """The log-weight of each card in ``pool`` being seat ``s``'s goal card, from the view: where
    the card's candidates stand, how many figures ``s`` placed, its NO votes against the
    candidates out of the game, and whether it pushed the candidate on the throne."""
    placing = view.phase == PLACING
    table = PLACING_WEIGHT if placing else CLIMBING_WEIGHT
    mine = set(view.my_goal or ())
    floors = view.floors
    scale = FLOOR_SCALE.get(view.players, 1.0)
    per_figure = [scale * table[f in mine][fl + 2] for f, fl in enumerate(floors)]
    placed_weight = scale * PLACED_WEIGHT[min(_placed(view)[s], 4)] if placing else 0.0
    out_of_game = {f for f, fl in enumerate(floors) if fl == ELIMINATED}
    no_left = view.vote_cards[s] - 1
    yes_votes = len(out_of_game) - (NO_CARDS[view.players] - no_left)
    pushed = view.on_throne if view.phase == VOTING and view.crown == s else None
    weights = []
    for g in pool:
        card = GOAL_CARDS[g]
        w = sum(per_figure[f] for f in card)
        if placed_weight:
            w += placed_weight * sum(1 for f in card if floors[f] >= 1)
        if out_of_game:
            named = sum(1 for f in card if f in out_of_game)
            w += VOTE_MISS * abs(named - yes_votes) if no_left else VOTE_EXCESS * max(0, named - yes_votes)
        if pushed is not None and pushed in card:
            w += CROWN_OWN
        weights.append(w)
    return weights


def _placed(view: KingUpView) -> tuple[int, ...]:
    n = view.players
    if view.phase != PLACING:
        return (PLACEMENTS[n],) * n
    done = sum(1 for fl in view.floors if fl != OFF_BOARD)
    return tuple(sum(1 for i in range(done) if (view.start_player + i) % n == s) for s in range(n))
