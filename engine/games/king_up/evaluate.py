"""How the thinking bot judges a King Up! position before the end.

Each seat's standing is its score plus what its goal card is worth: each of its candidates at
the points it can expect at the round's end from where it stands now. A candidate high in the
castle while the table still holds many NO cards is likely to be pushed onto the throne and
voted out, so floor 5 is worth far less than 5 points early in a round (``EXPECTED``). During a
vote, the cards the seats hold decide it as greedy players vote (YES for their own candidates).

    >>> from engine.games import get_game
    >>> game = get_game("king-up")
    >>> from engine.core.game import GameConfig
    >>> evaluate(game, game.initial_state(GameConfig(3)))
    (0.5, 0.5, 0.5)
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import greedy_move
from .catalog import GOAL_CARDS, NO_CARDS, OFF_BOARD, POINTS, THRONE
from .state import PLACING, VOTING, KingUpState

SCALE = 6.0  # points of lead that make a win e times likelier than a loss

# Search options (engine.core.search.game_tuning): moves are cheap, so rollouts play on for 30
# moves with every seat's greedy move on the goal card drawn for it. The tree holds only the
# seat's own move (tree_depth 1): deeper, the others' moves would be chosen in nodes shared by
# every card drawn for them, so they could not vote or climb by their own card; in a rollout
# they do. At 200 iterations, 4 players, the same 18 games: 75 % won against 59 % with the tree.
SEARCH = {"rollout": "greedy", "rollout_depth": 30, "epsilon": 0.1, "tree_depth": 1}

# The points a candidate scores at the round's end, by its floor now (0-5) and the NO cards
# the table still holds (0-12, scaled to 12 at 5 players): measured over 300 four-player games
# of greedy bots (six players differ by a few tenths). While placing, by floor (beside: -1).
EXPECTED = (
    (0.0, 0.0, 0.0, 0.0, 0.1, 0.2, 0.3, 0.4, 0.3, 0.6, 0.7, 0.7, 1.3),
    (1.1, 1.0, 1.1, 1.2, 1.2, 1.4, 1.5, 1.5, 1.5, 1.7, 2.0, 1.9, 2.3),
    (2.1, 2.1, 2.1, 2.3, 2.3, 2.6, 2.7, 3.1, 2.9, 3.2, 3.1, 3.1, 3.1),
    (3.1, 3.2, 3.4, 3.5, 3.6, 3.6, 3.5, 3.5, 3.3, 3.3, 3.3, 2.9, 2.9),
    (4.4, 4.2, 4.1, 4.0, 3.7, 3.6, 3.4, 3.2, 3.3, 3.0, 2.9, 2.7, 2.4),
    (7.6, 6.2, 5.4, 4.7, 4.6, 4.0, 3.6, 3.4, 3.1, 2.8, 2.4, 2.2, 2.1),
)
EXPECTED_PLACING = {OFF_BOARD: 2.6, 0: 1.3, 1: 2.4, 2: 2.9, 3: 2.7, 4: 2.1}


def rollout_policy(game: Game, state: KingUpState, seat: int, legal: list, rng: random.Random) -> Any:
    """The greedy bot's move read from the determinized state (no view built: rollouts are
    most of the search's time)."""
    return greedy_move(state, seat, rng)


def evaluate(game: Game, state: KingUpState) -> tuple[float, ...]:
    """Each seat's winning chance: at the end 1/k for the k winners; before, a logistic of its
    lead in scores plus what its goal card is expected to score this round."""
    result = game.result(state)
    if result.finished:
        return shared_win(state.players, result.winners)
    if not state.goals:
        return (0.5,) * state.players
    if len(state.round_goals) == state.round:  # scored, the next round not dealt yet
        return lead_chances(state.scores, SCALE)
    worth = expected_worth(state)
    totals = [state.scores[s] + sum(worth[f] for f in GOAL_CARDS[g]) for s, g in enumerate(state.goals)]
    return lead_chances(totals, SCALE)


def expected_worth(state: KingUpState) -> list[float]:
    """What each candidate is expected to score at the round's end, from where it stands."""
    floors = state.floors
    if state.phase == PLACING:
        return [EXPECTED_PLACING[fl] for fl in floors]
    if state.phase == VOTING and _elected(state):  # the round ends now: the floors score
        return [POINTS[fl] for fl in floors]
    left = sum(state.no_cards)
    column = min(12, round(left * 12 / (NO_CARDS[state.players] * state.players)))
    return [EXPECTED[fl][column] if 0 <= fl < THRONE else 0.0 for fl in floors]  # (out, or voted out now)


def _elected(state: KingUpState) -> bool:
    """Whether the candidate on the throne is crowned: every vote cast is YES, and every seat
    still to vote says YES (its own candidate, or no NO card left)."""
    figure = state.on_throne
    for seat, vote in enumerate(state.votes):
        if vote is False or vote is None and state.no_cards[seat] > 0 and figure not in GOAL_CARDS[state.goals[seat]]:
            return False
    return True
