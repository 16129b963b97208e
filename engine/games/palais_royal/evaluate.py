"""How the thinking bot judges a Palais Royal position: the final score it projects for each seat.

"Points if the game ended now" misleads mid-game: gold, servants in the rooms, majorities,
nobles' benefits and cards in hand score later, and a position in the middle of a turn has not
yet collected what its servants bring. So the evaluation

1. finishes the turn under way as the greedy bot would play it (``finish_turn``; in the set-up,
   every placement still to come), so every position is judged at the same point of a turn;
2. projects each seat's final score from the position (``projected_scores``): a linear model of
   the seat's points by kind, gold, servants per room, majorities, nobles' benefits and cards in
   hand, each also weighted by how much of the game is left and by whether the seat still has
   its turn this round. The weights were fitted by least squares (ridge 1) on the positions at
   the start of every turn of games at 2, 3 and 4 players between greedy bots that each make a
   random move now and then (and some games with a thinking bot at the table), against the final
   scores they reached (tests/games/palais_royal/fit_outlook.py says why not greedy games alone);
3. turns the projected lead over the best other seat into a winning chance.

The search (``SEARCH``) is a one-move search: each move the greedy bot sees a gain in, played,
the turn finished as greedy would, and judged so in the same two determinizations; the
best-judged move is played (the greedy bot's on a tie). Passing ('next') is weighed only where
greedy sees nothing to gain (``productive_width``).

What was tried: judged straight after the move with weights fitted on greedy games alone, two
thinking bots at one table passed their moves and the stall safeguard ended the game at about
10 points each; playing each move on for 12 actions by greedy players before judging it (last
stop) still passed: against a player who only passed, the expert passed its Gate and its moves
from the first round (its search valued 'next' at 0.48 against at most 0.05 for any move),
because the model valued servants kept on the Staircase at ~5 points each and a third servant
in the Writing Room at -6, and a rollout cut after 12 actions ends further into the game after a
pass. Greedy play to the end of the game, with no model to judge by, was noise instead (a move's
chance ±0.1 after 10 passes) and took 0.8 s a decision.

Measured with `bergfried arena --jobs 1` on a loaded machine, before -> after: casual against
greedy at 2 players (4 games, seed 1) won 4 of 4 both times, 85 -> 108 points to greedy's 32 ->
36; at 3 (3 games, seed 1) 2 of 3 -> 3 of 3, 50 -> 67 points (greedy 37 -> 31); at 4 (6 games,
seed 2) 50 % -> 83 %, 43 -> 53 (greedy 32 -> 29). Three casual bots (4 games, seed 2): 45 -> 43
points a seat, where greedy bots in the same seats score 43; before, such games dragged on (two
at fixed iterations, seeds 0 and 1: 33 and 18 rounds; greedy's end in 8). Casual takes
0.04-0.08 s a decision (0.11-0.15 before).
"""

from __future__ import annotations

import random
from typing import cast

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import GreedyBot
from .determinize import determinize
from .catalog import BONUS_ROOMS, END_NOBLES, HAND_POINTS_CAP, HONOUR_POINTS, IN_PARK, NOBLES, PRIVILEGES
from .scoring import park_points
from .state import PLACING, PLAYING, PalaisState
from .turn import discount, legal
from .view import _room_holder as room_holder
from .view import _space_view as space_view
from .view import _turn as view_turn
from .view import PalaisView, noble_view

SCALE = 8.0  # points of projected lead that make a win e times likelier than a loss
# A one-move search judging each move once the turn is finished (rollout_depth 0: a rollout cut
# after a count of actions ends further into the game after a pass), in two determinizations;
# the root is cut to the moves greedy sees a gain in (productive_width, set below).
SEARCH: dict = {"tree_depth": 1, "rollout_depth": 0, "choose_by": "value", "passes": 2}

BENEFIT_KINDS = ("gate2", "moves2", "diagonal", "gold2", "king1", "madame1", "cards3")
FEATURES = (
    ["constant", "noble points", "honour points", "hand points", "park points", "gold", "supply", "general supply"]
    + [f"room {r} {part}" for r in range(9) for part in ("first 2", "more")]
    + [f"majority {r}" for r in sorted(BONUS_ROOMS)]
    + [f"benefit {b}" for b in BENEFIT_KINDS]
    + [f"card {p.code}" for p in PRIVILEGES]
)
_BONUS = tuple(sorted(BONUS_ROOMS))
_TURNS = 200  # more actions than any turn takes (the set-up's 15 placements included)


def seat_features(state: PalaisState, seat: int) -> list[float]:
    """The seat's position as the model reads it, one number per name in FEATURES."""
    nobles = state.nobles[seat]
    features = [
        1.0,
        sum(NOBLES[x].points for x in nobles),
        sum(HONOUR_POINTS[c] for c in state.honours[seat]),
        min(len(state.hands[seat]), HAND_POINTS_CAP),
        park_points(state.marks, state.players)[seat],
        state.gold[seat],
        state.supply[seat],
        state.reserve[seat],
    ]
    for counts in state.rooms:
        mine = counts[seat]
        features += (min(mine, 2), max(mine - 2, 0))
    for room in _BONUS:
        counts = state.rooms[room]
        mine = counts[seat]
        features.append(1.0 if mine and mine > max(c for s, c in enumerate(counts) if s != seat) else 0.0)
    benefits = [NOBLES[x].benefit for x in nobles]
    features += (benefits.count(b) for b in BENEFIT_KINDS)
    hand = state.hands[seat]
    features += (hand.count(c) for c in range(len(PRIVILEGES)))
    return features


def model_inputs(state: PalaisState, seat: int) -> list[float]:
    """The features, then each times the share of the game left, then each times 1 if the seat
    still has its turn this round (the regression's inputs)."""
    base = seat_features(state, seat)
    left = 0.0 if state.last_round else max(0, state.nobles_in_park() - END_NOBLES) / (IN_PARK - END_NOBLES)
    n, start = state.players, state.start_player
    to_come = 1.0 if (seat - start) % n >= (state.turn - start) % n else 0.0
    return base + [x * left for x in base] + [x * to_come for x in base]


def projected_scores(state: PalaisState) -> list[float]:
    """Each seat's final score as the model projects it from ``state`` (best at the start of a turn)."""
    return [sum(w * x for w, x in zip(WEIGHTS, model_inputs(state, s))) for s in range(state.players)]


class GreedyView:
    """What the greedy bot reads of a seat's view, built from the state without the rest of the
    view (a full view costs as much as the greedy bot's choice; the search builds thousands).
    tests/games/palais_royal/test_evaluate.py checks that the greedy bot values every move alike
    on both."""

    __slots__ = ("_state", "last_round", "my_hand", "park", "players_", "rooms", "seat", "turn")

    def __init__(self, state: PalaisState, seat: int):
        self._state, self.seat, self.last_round = state, seat, state.last_round
        self.my_hand = state.hands[seat]
        self.rooms = tuple(_GreedyRoom(state, r) for r in range(9))
        self.park = _GreedyPark(state)
        self.players_ = tuple(_GreedyPlayer(state, s) for s in range(state.players))
        self.turn = view_turn(state) if state.phase == PLAYING else None


class _GreedyRoom:
    __slots__ = ("_state", "room", "servants", "square")

    def __init__(self, state: PalaisState, room: int):
        self._state, self.room = state, room
        self.servants, self.square = state.rooms[room], state.layout.index(room)

    @property
    def majority(self) -> int:
        return room_holder(self._state, self.room)


class _GreedyPark:
    """The park's spaces as the view shows them, each built when asked for."""

    __slots__ = ("_state",)

    def __init__(self, state: PalaisState):
        self._state = state

    def __getitem__(self, space: int):
        park = self._state.park
        return space_view(space, park[space], discount(park, space), self._state.marks[space])

    def __iter__(self):
        return (self[space] for space in range(len(self._state.park)))

    def __len__(self) -> int:
        return len(self._state.park)


class _GreedyPlayer:
    __slots__ = ("gold", "nobles", "supply")

    def __init__(self, state: PalaisState, seat: int):
        self.gold, self.supply = state.gold[seat], state.supply[seat]
        self.nobles = tuple(noble_view(x) for x in state.nobles[seat] if not NOBLES[x].face_down)


def finish_turn(game: Game, state: PalaisState, greedy: GreedyBot | None = None) -> PalaisState:
    """The position once the seat to move has played out its turn as the greedy bot would (in the
    set-up: once every set-up servant is placed). Ties and reshuffles from a fixed random source."""
    greedy = greedy or _GREEDY
    rng = random.Random(0)
    phase, mover = state.phase, state.turn
    for _ in range(_TURNS):
        if state.phase != phase or phase == PLAYING and state.turn != mover:
            break
        legal = list(game.legal_actions(state, state.turn))
        # GreedyView reads as a PalaisView to the greedy bot (tests/games/palais_royal/test_evaluate.py)
        seen = cast(PalaisView, GreedyView(state, state.turn))
        action = legal[0] if len(legal) == 1 else greedy.choose(seen, legal, rng)
        for event in game.decide(state, state.turn, action, rng):
            state = game.evolve(state, event)
    return state


def productive_width(view: PalaisView) -> int | None:
    """How many of the seat's moves the search weighs: those the greedy bot sees a gain in (it
    ranks them first), or every move when it sees none. Passing ('next') is weighed only then:
    the model, fitted on where a seat stands at the start of a turn, cannot tell a step's gold,
    servants or moves forgone from the same left for later, and a search that weighed passing
    with the rest passed steps a player would use."""
    state = determinize(view, random.Random(0))  # the seat's own moves: public, or its own hand
    moves = list(legal(state))
    gains = sum(1 for v in _GREEDY.values(view, moves) if v > 0)
    return gains or None


def evaluate(game: Game, state: PalaisState) -> tuple[float, ...]:
    """Winning chances: 1/k for the k winners at the end; before, a logistic of the projected lead
    once the turn under way is played out."""
    if state.phase in (PLACING, PLAYING):
        state = finish_turn(game, state)
    if state.finished:
        return shared_win(state.players, state.final.winners if state.final is not None else ())
    if state.phase != PLAYING:
        return (1.0 / state.players,) * state.players
    return lead_chances(projected_scores(state), SCALE)


_GREEDY = GreedyBot()
SEARCH["root_width_at"] = productive_width

# Fitted by tests/games/palais_royal/fit_outlook.py: 47 features, then the same times the share of
# the game left, then times 'the seat still has its turn this round'.
WEIGHTS = (
    8.801,
    1.045,
    1.111,
    0.840,
    0.710,
    0.029,
    -0.561,
    -0.692,
    0.149,
    -0.416,
    -0.960,
    -2.834,
    -0.185,
    0.086,
    0.447,
    0.037,
    0.047,
    -0.413,
    -0.451,
    -0.466,
    -0.752,
    2.027,
    1.469,
    -5.370,
    2.010,
    -4.603,
    -3.530,
    1.562,
    -1.053,
    -0.720,
    -0.164,
    0.367,
    3.375,
    0.753,
    -0.244,
    0.451,
    1.427,
    0.474,
    0.110,
    -1.366,
    0.839,
    0.288,
    -0.454,
    -0.810,
    -1.493,
    1.466,
    2.312,
    -44.979,
    0.856,
    -1.474,
    5.717,
    -0.290,
    -0.174,
    1.988,
    -0.778,
    1.310,
    1.515,
    10.808,
    1.191,
    11.173,
    3.880,
    3.158,
    0.685,
    0.463,
    0.798,
    2.352,
    1.191,
    5.779,
    1.521,
    -1.559,
    7.213,
    1.096,
    8.468,
    13.690,
    9.076,
    8.624,
    5.590,
    3.182,
    3.464,
    21.105,
    4.714,
    5.337,
    7.619,
    8.381,
    -0.204,
    -5.459,
    -2.987,
    -3.372,
    -3.394,
    1.870,
    -0.556,
    -3.346,
    -5.685,
    -6.849,
    -6.136,
    -0.051,
    0.201,
    1.875,
    0.036,
    -0.036,
    0.419,
    0.375,
    0.288,
    0.310,
    0.749,
    1.419,
    0.351,
    0.791,
    -0.221,
    0.429,
    -0.168,
    0.383,
    -0.332,
    0.131,
    0.426,
    -2.124,
    -0.585,
    2.504,
    -0.670,
    -0.435,
    1.757,
    2.395,
    0.400,
    0.363,
    1.486,
    -0.091,
    0.307,
    0.093,
    0.567,
    0.500,
    0.173,
    -0.373,
    -1.237,
    -1.540,
    -1.999,
    -1.725,
    -2.249,
    -1.427,
    -3.276,
    -1.917,
    -2.280,
)
