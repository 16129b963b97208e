"""The King Up! determinizer: a full position a seat cannot tell from the truth, from its view.

Public and rebuilt: the floors, the crown, scores, the vote cards each seat still holds.
Hidden and drawn: the other seats' goal cards (from the cards nobody has shown: neither this
seat's, nor a card revealed in an earlier round) and, during a vote, the cards others chose
(YES for a candidate on the goal card drawn for them, NO otherwise while they hold one).
Not in the view but implied by it: how many figures each seat placed this round (placing goes
round the table from the start player) and the "old king", whose left neighbour starts the
round (so the old king sits right of the start player from round 2 on).
"""
from __future__ import annotations

import random

from .catalog import GOAL_CARDS, OFF_BOARD, PLACEMENTS
from .evaluate import evaluate
from .state import PLACING, SETUP, VOTING, KingUpState
from .view import KingUpView

__all__ = ["determinize", "evaluate"]  # the rules' bots mapping takes the evaluation from here

GOAL_INDEX = {cards: i for i, cards in enumerate(GOAL_CARDS)}


def determinize(view: KingUpView, rng: random.Random) -> KingUpState:
    n, seat = view.players, view.seat
    if view.phase == SETUP:
        return KingUpState(players=n)
    round_goals = tuple(tuple(GOAL_INDEX[c] for c in goals) for goals in view.revealed_goals)
    scored = len(round_goals) == view.round
    if scored:
        goals = round_goals[-1]
    else:
        mine = GOAL_INDEX[view.my_goal] if view.my_goal is not None else None
        seen = {g for r in round_goals for g in r} | {mine}
        pool = [g for g in range(len(GOAL_CARDS)) if g not in seen]
        drawn = iter(rng.sample(pool, n - (mine is not None)))
        goals = tuple(mine if s == seat else next(drawn) for s in range(n))
    no_cards = tuple(c - 1 for c in view.vote_cards)
    votes: tuple[bool | None, ...] = (None,) * n
    if view.phase == VOTING:  # others vote for the candidates on the goal cards drawn for them
        votes = tuple(None if not v else view.my_vote if s == seat
                      else no_cards[s] == 0 or view.on_throne in GOAL_CARDS[goals[s]]
                      for s, v in enumerate(view.voted))
    king_maker = None if view.round == 1 else (view.start_player - 1) % n
    turn = min(view.to_act) if view.to_act and view.phase != VOTING else view.start_player
    return KingUpState(
        players=n, phase=view.phase, round=view.round, start_player=view.start_player, turn=turn,
        floors=view.floors, placed=_placed(view), crown=view.crown, king_maker=king_maker,
        first_player=view.start_player, on_throne=view.on_throne, no_cards=no_cards, votes=votes,
        last_votes=view.last_votes, goals=goals,
        used_goals=frozenset(g for r in round_goals for g in r) | set(goals), scores=view.scores,
        round_points=view.round_points, round_goals=round_goals, king=view.king, winners=view.winners)


def _placed(view: KingUpView) -> tuple[int, ...]:
    n = view.players
    if view.phase != PLACING:
        return (PLACEMENTS[n],) * n
    done = sum(1 for fl in view.floors if fl != OFF_BOARD)
    return tuple(sum(1 for i in range(done) if (view.start_player + i) % n == s) for s in range(n))
