"""How the thinking bot judges a Between Two Castles position before the end.

A seat scores its lower castle at the end, so that castle is its standing; the higher one
counts a little too, because the next rooms may go to either and a room there is not wasted.
Each castle is shared with a neighbour, so only the lead over the best other seat makes a
winning chance.
"""
from __future__ import annotations

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import BONUS_WORTH
from .catalog import (
    ATTENDANT_NAMES,
    SPECIAL_FOR_BONUS,
    SPECIAL_ID,
    SPECIAL_TYPES,
    TYPE_OF,
)
from .gains import score
from .rollout import best, rollout_policy
from .scoring import attendant_points, card_points
from .state import Bonus, BTCState

SCALE = 6.0  # points of lead that make a win e times likelier than a loss
HIGHER = 0.2  # what a point in the higher castle is worth, against the lower one's

# Search options (engine.core.search.game_tuning): a one-move search over the greedy bot's four
# best moves (tree depth 1: the few dozen iterations a second buys are shared by four moves, not
# spread over a tree), each judged by rollouts of 40 moves (about two turns of choosing and
# placing) in which every seat plays the greedy bot's move (``rollout.rollout_policy``, no random
# moves: the determinization is the only chance); the root's real moves are checked against each
# determinization (it guesses which castle of an owner already got its room). The greedy move
# counts 2 + 30 % of the iterations extra: with a bonus of 2 + 3 % the search overruled it in 6
# of 15 sampled positions at 60 iterations and lost ground to greedy in the arena (10 paired
# games: a margin on the best other seat of -9 against greedy's own -4 in that seat), so only a
# move the rollouts clearly prefer may replace it.
SEARCH = {"rollout": "greedy", "rollout_depth": 40, "epsilon": 0.0, "tree_depth": 1, "root_width": 4,
          "root_check": True, "exploration": 0.3, "prior_visits": 2, "prior_share": 0.3}


def standings(state: BTCState) -> list[float]:
    """Each seat's lower castle, plus a little of the higher one, the rooms it has still to
    place this turn counted where they fit best (``projected``)."""
    now = projected(state)
    out = []
    for s in range(state.players):
        a, b = (now[k] for k in state.castles_of(s))
        out.append(min(a, b) + HIGHER * max(a, b))
    return out


def projected(state: BTCState) -> list[float]:
    """Each castle's score with the rooms chosen or revealed and not yet placed put where they
    add most (each judged on the castle as it stands), and a bonus being decided at its best."""
    castles = state.castles
    out = [float(score(c)) for c in castles]
    for b in state.bonuses:
        out[b.castle] += bonus_value(state, b)
    pending: dict[int, list[int]] = {}
    for t in state.to_place:
        if t.castle >= 0:
            out[t.castle] += max(best(castles[t.castle], t.room), 0.0)
        else:
            pending.setdefault(t.owner, []).append(t.room)
    for s, pair in enumerate(state.chosen):
        if pair:
            pending.setdefault(s, []).extend(pair)
    for owner, rooms in pending.items():
        ks = [k for k in state.castles_of(owner) if (owner, k) not in state.used]
        if len(rooms) == 1 or len(ks) == 1:
            for room, k in zip(rooms, ks):
                out[k] += max(best(castles[k], room), 0.0)
        elif len(rooms) == 2 and len(ks) == 2:
            (x, y), (k, j) = rooms, ks
            straight = (out[k] + best(castles[k], x), out[j] + best(castles[j], y))
            crossed = (out[k] + best(castles[k], y), out[j] + best(castles[j], x))
            out[k], out[j] = max(straight, crossed, key=lambda p: min(p) + 0.3 * (p[0] + p[1]))
    return out


def evaluate(game: Game, state: BTCState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the lead."""
    if state.finished:
        return shared_win(state.players, state.winners)
    if not state.castles:
        return (1.0 / state.players,) * state.players
    totals = standings(state)
    return lead_chances(totals, SCALE)


def bonus_value(state: BTCState, b: Bonus) -> float:
    """The most a bonus being decided can add to its castle (one not yet drawn: BONUS_WORTH)."""
    castle = state.castles[b.castle]
    if b.kind in SPECIAL_FOR_BONUS:
        i = SPECIAL_TYPES.index(TYPE_OF[SPECIAL_FOR_BONUS[b.kind]])
        return best(castle, SPECIAL_FOR_BONUS[b.kind]) if state.specials_left[i] else 0.0
    if b.kind == "special":
        return max((best(castle, SPECIAL_ID[t]) for i, t in enumerate(SPECIAL_TYPES) if state.specials_left[i]),
                   default=0.0)
    if b.kind == "living":
        return float(max((attendant_points(castle, a) for i, a in enumerate(ATTENDANT_NAMES)
                          if state.attendants_left[i]), default=0))
    if b.kind == "utility" and b.offer:
        return float(max(card_points(castle, c) for c in b.offer))
    if b.kind == "food" and b.offer:
        return max(max(best(castle, r) for r in b.offer), 0.0)
    return BONUS_WORTH


__all__ = ["SEARCH", "bonus_value", "evaluate", "projected", "rollout_policy", "standings"]
