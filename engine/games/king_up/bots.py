"""King Up! bots: they see their seat's view and the legal moves, nothing else."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


from .catalog import FLOOR_LIMIT, GOAL_CARDS, OFF_BOARD, PLACING_FLOORS, POINTS, THRONE
from .state import CLIMBING, PLACING, VOTING, Climb, KingUpState, Pass, Place, Vote
from .view import KingUpView


class GreedyBot:
    """Takes the move that most improves its own goal score, and votes for its own candidates.

    Pushing a favourite from floor 5 onto the throne risks its 5 points for 10: the bot counts
    it by the chance that every other seat still holding a NO card says yes (taken as a coin
    toss each). It spends a NO card on any candidate that is not on its card.
    """

    level = "greedy"

    def choose(self, view: KingUpView, legal: Sequence[Any], rng: random.Random) -> Any:
        goal = set(view.my_goal or ())
        return max(legal, key=lambda a: (self._gain(view, goal, a), rng.random()))

    def values(self, view: KingUpView, legal: Sequence[Any]) -> list[float]:
        """What ``choose`` maximises, per legal move (the search ranks its root by it)."""
        goal = set(view.my_goal or ())
        return [self._gain(view, goal, a) for a in legal]

    def _gain(self, view: KingUpView, goal: set[int], action: Any) -> float:
        match action:
            case Place(figure=f, floor=fl):
                return fl if f in goal else -fl
            case Climb(figure=f):
                here, there = view.floors[f], view.floors[f] + 1
                if there == THRONE:
                    return self._elected_chance(view) * 10 - POINTS[here] if f in goal else 0
                return POINTS[there] - POINTS[here] if f in goal else -0.5
            case Vote(yes=yes):
                mine = view.on_throne in goal
                return 1 if yes == mine else 0
        return 0

    @staticmethod
    def _elected_chance(view: KingUpView) -> float:
        holding_no = sum(1 for s, cards in enumerate(view.vote_cards) if s != view.seat and cards > 1)
        return 0.5**holding_no


def greedy_move(state: KingUpState, seat: int, rng: random.Random) -> Any:
    """The greedy bot's move for ``seat``, read from a full state (the search's rollouts: no view
    is built). Its choice is one of the moves ``GreedyBot`` values most, ties drawn uniformly."""
    goal = GOAL_CARDS[state.goals[seat]]
    floors = state.floors
    if state.phase == PLACING:
        free = [fl for fl in PLACING_FLOORS if floors.count(fl) < FLOOR_LIMIT]
        mine = [f for f in goal if floors[f] == OFF_BOARD]
        if mine:  # a favourite as high as it goes
            return Place(mine[rng.randrange(len(mine))], free[-1])
        others = [f for f, fl in enumerate(floors) if fl == OFF_BOARD]
        return Place(others[rng.randrange(len(others))], free[0])  # anyone else as low as it goes
    if state.phase == CLIMBING:
        return _greedy_climb(state, seat, goal, rng)
    if state.phase == VOTING:
        return Vote(state.on_throne in goal or state.no_cards[seat] == 0)
    return Pass()


def _greedy_climb(state: KingUpState, seat: int, goal: tuple[int, ...], rng: random.Random) -> Any:
    floors = state.floors
    full = {fl for fl in range(1, THRONE) if floors.count(fl) >= FLOOR_LIMIT}
    if THRONE in floors:
        full.add(THRONE)
    best, gain = [], -100.0
    crown_worth = None
    for f, here in enumerate(floors):
        if not 0 <= here < THRONE or here + 1 in full:
            continue
        if f in goal:
            if here + 1 == THRONE:
                if crown_worth is None:
                    holding_no = sum(1 for s, n in enumerate(state.no_cards) if s != seat and n > 0)
                    crown_worth = 0.5**holding_no * 10 - POINTS[here]
                value = crown_worth
            else:
                value = 1.0
        else:
            value = 0.0 if here + 1 == THRONE else -0.5
        if value > gain:
            best, gain = [f], value
        elif value == gain:
            best.append(f)
    if not best:
        return Pass()
    return Climb(best[rng.randrange(len(best))])
