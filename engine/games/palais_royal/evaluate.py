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
   the start of every turn of 1,250 games between greedy bots, against the final scores they
   reached (tests/games/palais_royal/fit_outlook.py): 10 points of error on held-out games,
   against 26 for the points now;
3. turns the projected lead over the best other seat into a winning chance.

The search (``SEARCH``) is a one-move search: every legal move, played, then played on for 12
actions by greedy players and judged so, in the same determinizations; the best-judged move is
played (the greedy bot's on a tie). Judged straight after the move, two thinking bots at one
table both kept their servants where the model scores them and passed: nobody recruited and the
stall safeguard ended the game at about 10 points each (casual against casual, 2 players); the
playing on lets a recruit's worth show. Measured with `bergfried arena`: casual beats greedy
5 of 6 (73 to 48 points; 3 of 4, 54 to 35, before); casual against casual averages 73
points a seat (9.8 before), 0.1 s a decision.
"""

from __future__ import annotations

import random
from typing import cast

from engine.core.chances import lead_chances, shared_win
from engine.core.game import Game

from .bots import GreedyBot
from .catalog import BONUS_ROOMS, END_NOBLES, HAND_POINTS_CAP, HONOUR_POINTS, IN_PARK, NOBLES, PRIVILEGES
from .scoring import park_points
from .state import PLACING, PLAYING, PalaisState
from .turn import discount
from .view import _room_holder as room_holder
from .view import _space_view as space_view
from .view import _turn as view_turn
from .view import PalaisView, noble_view

SCALE = 8.0  # points of projected lead that make a win e times likelier than a loss
# A one-move search: each move played on 12 actions by greedy players, then judged, in two
# determinizations (see above for why not judged at once).
SEARCH = {"tree_depth": 1, "rollout_depth": 12, "choose_by": "value", "passes": 2}

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

# Fitted by tests/games/palais_royal/fit_outlook.py: 47 features, then the same times the share of
# the game left, then times 'the seat still has its turn this round'.
WEIGHTS = (
    -3.861,
    0.971,
    0.735,
    0.969,
    0.877,
    -0.051,
    0.114,
    0.077,
    0.342,
    0.223,
    -0.331,
    -1.004,
    1.247,
    0.711,
    0.818,
    0.202,
    -0.242,
    -0.130,
    0.350,
    -0.254,
    0.396,
    -5.921,
    -4.719,
    0.000,
    1.924,
    0.000,
    -0.310,
    2.943,
    0.329,
    1.645,
    1.226,
    -0.089,
    2.235,
    0.355,
    0.323,
    0.978,
    1.015,
    -0.375,
    -0.774,
    0.338,
    0.797,
    -0.483,
    0.824,
    0.300,
    -2.466,
    0.718,
    1.715,
    2.230,
    0.374,
    2.935,
    -0.761,
    -1.029,
    -0.106,
    0.497,
    -2.137,
    -2.158,
    -1.131,
    10.360,
    -1.472,
    4.875,
    4.545,
    0.414,
    1.572,
    2.711,
    -0.371,
    3.194,
    -1.401,
    2.459,
    -1.334,
    -0.728,
    0.000,
    -0.458,
    0.000,
    8.090,
    9.585,
    0.329,
    -3.457,
    -2.235,
    0.808,
    11.132,
    9.046,
    3.099,
    8.368,
    7.759,
    4.302,
    4.438,
    -4.084,
    -1.406,
    -0.058,
    -1.626,
    0.587,
    0.927,
    -0.533,
    0.994,
    -0.828,
    -0.021,
    0.253,
    0.008,
    -0.059,
    -0.029,
    0.106,
    -0.099,
    -0.079,
    0.073,
    0.939,
    0.596,
    0.187,
    0.550,
    0.639,
    0.064,
    -0.040,
    -0.024,
    -0.294,
    -0.002,
    0.195,
    -10.670,
    -2.051,
    0.000,
    0.143,
    0.000,
    -0.747,
    0.849,
    0.094,
    -0.095,
    0.050,
    0.503,
    0.902,
    0.901,
    0.411,
    0.658,
    0.651,
    0.038,
    0.381,
    0.321,
    1.142,
    -0.174,
    -0.283,
    -0.110,
    0.726,
    -1.280,
    -0.713,
)
