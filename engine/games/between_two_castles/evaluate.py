"""How the thinking bot judges a Between Two Castles position before the end.

A seat scores its lower castle at the end, so that castle is its standing; the higher one
counts a little too, because the next rooms may go to either and a room there is not wasted.
Each castle is shared with a neighbour, so only the lead over the best other seat makes a
winning chance.
"""

from __future__ import annotations

from engine.core.chances import lead_chances
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
from .memory import Memory
from .rollout import best, rollout_policy
from .scoring import attendant_points, card_points
from .state import Bonus, BTCState

SCALE = 6.0  # points of lead that make a win e times likelier than a loss
HIGHER = 0.2  # what a point in the higher castle is worth, against the lower one's
TIE = 0.01  # the higher castle at the end: it only breaks ties
LATE_WIDTH = 8  # greedy's best moves tried in round 2's last two turns, where playouts are short


def late_width(view) -> int | None:
    """How many of greedy's best moves the search plays out here (None: ``root_width``)."""
    return LATE_WIDTH if view.round == 2 and view.turn >= 3 else None


# Search options (engine.core.search.game_tuning): a one-move search over the greedy bot's four
# best moves, each played out to the end of the game by greedy players (``rollout.rollout_policy``,
# no random moves), all four in the same determinizations with the same random source
# (engine.core.search_flat); the root's real moves are checked against each determinization (it
# guesses which castle of an owner already got its room). The sampled states keep the hands the
# seat passed on where they are (``memory.Memory``). A move replaces the greedy one only
# when it beats it pass by pass by two standard errors (``prior_z``): a playout's final lead
# varies by about 0.2 (of a winning chance) between two moves of one pass early in the game,
# against true differences of 0.01-0.03 (measured over 20-30 passes), so the best mean of a few
# passes is mostly noise; late in round 2 the playouts are short and agree (spread 0.03-0.1), and
# there a clearly better move is found in the time a second buys: in round 2's last two turns
# greedy's best 8 moves are played out (``root_width_at``) instead of 4.
SEARCH = {
    "rollout": "greedy",
    "rollout_depth": 1000,
    "epsilon": 0.0,
    "tree_depth": 1,
    "root_width": 4,
    "root_check": True,
    "choose_by": "value",
    "passes": 1_000_000,
    "prior_z": 2.0,
    "memory": Memory,
    "root_width_at": late_width,
}


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
    """Winning chances: a logistic of the lead over the best other seat, before the end and at it."""
    if not state.castles:
        return (1.0 / state.players,) * state.players
    if state.finished:
        return final_chances(state)
    return lead_chances(standings(state), SCALE)


def final_chances(state: BTCState) -> tuple[float, ...]:
    """At the end, the same logistic of the final lead (the higher castle breaking ties), not the
    win alone: a playout that loses by a point and one that loses by twenty are not alike."""
    keys = []
    for s in range(state.players):
        a, b = (score(state.castles[k]) for k in state.castles_of(s))
        keys.append(min(a, b) + TIE * max(a, b))
    return lead_chances(keys, SCALE)


def bonus_value(state: BTCState, b: Bonus) -> float:
    """The most a bonus being decided can add to its castle (one not yet drawn: BONUS_WORTH)."""
    castle = state.castles[b.castle]
    if b.kind in SPECIAL_FOR_BONUS:
        i = SPECIAL_TYPES.index(TYPE_OF[SPECIAL_FOR_BONUS[b.kind]])
        return best(castle, SPECIAL_FOR_BONUS[b.kind]) if state.specials_left[i] else 0.0
    if b.kind == "special":
        return max(
            (best(castle, SPECIAL_ID[t]) for i, t in enumerate(SPECIAL_TYPES) if state.specials_left[i]), default=0.0
        )
    if b.kind == "living":
        return float(
            max(
                (attendant_points(castle, a) for i, a in enumerate(ATTENDANT_NAMES) if state.attendants_left[i]),
                default=0,
            )
        )
    if b.kind == "utility" and b.offer:
        return float(max(card_points(castle, c) for c in b.offer))
    if b.kind == "food" and b.offer:
        return max(max(best(castle, r) for r in b.offer), 0.0)
    return BONUS_WORTH


__all__ = ["SEARCH", "bonus_value", "evaluate", "projected", "rollout_policy", "standings"]
