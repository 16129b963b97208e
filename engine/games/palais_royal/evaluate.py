"""How the thinking bot judges a Palais Royal position before the end.

The final scoring as if the game ended now (nobles, honours, cards in hand, the park) leaves out
what a seat has put by to score later: gold (a noble costs about two gold a point) and servants
in the rooms, which bring gold, seals, moves and cards every turn. Both are counted, the rooms
as the greedy bot values a distribution of servants; the lead over the best other seat so
estimated makes the winning chance.
"""
from __future__ import annotations

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import BONUS_ROOMS, MAJORITY_VALUE, ROOM_VALUE
from .scoring import final_scoring
from .state import PLACING, PLAYING, PalaisState

SCALE = 8.0  # points of estimated lead that make a win e times likelier than a loss
GOLD_WORTH = 0.5  # points per gold in hand
ROOMS_WORTH = 1.0  # points per unit of the greedy bot's room value

# Search options (engine.core.search.game_tuning). The thinking levels search (the hints show it)
# but play the greedy move here: measured against greedy bots, every search led by this
# evaluation lost (1 win in 15 at a second a move, mean score 35 against 48; a one-move search
# judging each move by it in the same determinizations, 1 in 15). The evaluation is the weak
# part: the others' face-down nobles are drawn anew in every determinization and their points
# may swamp the differences between moves, and the greedy bot's hand-set values for the Mint, the
# Writing Room and recruiting know more than "points if it ended now" plus gold and rooms.
SEARCH = {"rollout": "greedy", "rollout_depth": 12, "epsilon": 0.1, "overrule": False}


def rooms_value(state: PalaisState, seat: int) -> float:
    """The greedy bot's worth of ``seat``'s servants in the rooms (engine/games/palais_royal/bots.py)."""
    total = 0.0
    for room, each_useful in ROOM_VALUE.items():
        each, useful = each_useful
        count = state.rooms[room][seat]
        total += each * min(count, useful) + 0.1 * each * max(0, count - useful)
        if room in BONUS_ROOMS and count and count > max(c for s, c in enumerate(state.rooms[room]) if s != seat):
            total += MAJORITY_VALUE
    return total


def outlook(state: PalaisState) -> list[float]:
    points = final_scoring(state).totals
    return [points[s] + GOLD_WORTH * state.gold[s] + ROOMS_WORTH * rooms_value(state, s)
            for s in range(state.players)]


def evaluate(game: Game, state: PalaisState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the estimated lead."""
    if state.finished:
        return shared_win(state.players, state.final.winners if state.final is not None else ())
    if state.phase not in (PLACING, PLAYING):
        return (1.0 / state.players,) * state.players
    totals = outlook(state)
    return lead_chances(totals, SCALE)
