"""King Up! as a decider: the rules of the summary card (seed 004) and rules.md."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.core.bots import RandomBot
from engine.core import fold
from engine.core.checks import Checks
from engine.core.errors import IllegalMove
from engine.core.fastattrs import replace
from engine.core.game import PRACTICE, GameConfig, Result, Rules
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize, evaluate
from .recap import recap_notes
from .catalog import (
    CANDIDATES,
    GOAL_CARDS,
    OFF_BOARD,
    PLACEMENTS,
    PLACING_FLOORS,
    POINTS,
    ROUNDS,
    THRONE,
    ZERO_BONUS,
    floor_name,
)
from .events import (
    CODEC,
    CandidateEliminated,
    ClimbBegan,
    FigureMoved,
    FigurePlaced,
    GameEnded,
    KingElected,
    RoundScored,
    RoundStarted,
    TurnPassed,
    VoteCalled,
    VoteCast,
    VotesRevealed,
)
from .state import CLIMBING, OVER, PLACING, VOTING, Climb, KingUpState, Pass, Place, Vote, evolve, to_act
from .view import KingUpView, make_view


class Folder(fold.Folder):
    evolve = staticmethod(evolve)


class KingUp(Rules):
    """The rules of King Up! (Viva il Re!). Stateless: one instance serves every match.

    >>> from engine.core import GameConfig, Match, Seat
    >>> match = Match.new(GAME, GameConfig(3), [Seat("Ann"), Seat("Ben"), Seat("Cid")], 1)
    >>> seat = min(match.to_act)
    >>> match.play(seat, "A1")   # Alighiero onto floor 1
    [FigurePlaced(seat=1, figure=0, floor=1)]
    """

    id = "king-up"
    title = "King Up!"
    description = "Push your secret favourites up the castle and vote on who takes the throne."
    min_players, max_players = 3, 6
    rules_version = 1
    variants = (PRACTICE,)
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels(evaluate)}
    view_class = KingUpView
    codec = CODEC

    # -- setting up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> KingUpState:
        return KingUpState(players=config.players)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        state = self.initial_state(config)
        return [_deal_round(state, 1, rng.randrange(config.players), rng)]

    # -- deciding ------------------------------------------------------------------------------
    # The state module's own functions, called without a wrapper: a load asks them for every move.
    to_act = staticmethod(to_act)

    def legal_actions(self, state: KingUpState, seat: int) -> Iterator[Any]:
        if seat not in self.to_act(state):
            return
        if state.phase == PLACING:
            floors = [f for f in PLACING_FLOORS if state.room_on(f)]
            for fig, fl in enumerate(state.floors):
                if fl == OFF_BOARD:
                    yield from (Place(fig, f) for f in floors)
        elif state.phase == CLIMBING:
            climbs: list[Climb | Pass] = [Climb(f) for f in _movable(state)]
            yield from climbs or [Pass()]
        elif state.phase == VOTING:
            yield Vote(True)
            if state.no_cards[seat] > 0:
                yield Vote(False)

    def decide(self, state: KingUpState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if seat not in to_act(state):
            raise IllegalMove("it is not your turn")
        _CHECKS.require(state, seat, action)
        return _MAKE[type(action)](state, seat, action, rng)

    evolve = staticmethod(evolve)

    # -- reading -------------------------------------------------------------------------------
    def result(self, state: KingUpState) -> Result:
        scores = state.scores or (0,) * state.players
        return Result(scores, state.winners, state.phase == OVER)

    def view(self, state: KingUpState, seat: int | None) -> KingUpView:
        return make_view(state, seat)

    def format_action(self, state: KingUpState, seat: int, action: Any) -> str:
        return notation.format_action(state, action)

    parse_action = staticmethod(notation.read_move)  # (state, seat, text), without a wrapper: as to_act

    def describe(self, before: KingUpState, event: Any, names: Sequence[str] = ()) -> str | None:
        return notation.describe(before, event, names)

    def recap_notes(self, before: KingUpView, after: KingUpView) -> tuple[str, ...]:
        """A candidate of your card voted out by another's move (recap.py)."""
        return recap_notes(before, after)

    def score_lines(self, state: KingUpState, names: Sequence[str]) -> list[str]:
        """The scoring so far, for `replay --text`: each round's points per player, and a tie's break."""
        lines = []
        for seat, name in enumerate(names):
            rounds = " + ".join(str(points[seat]) for points in state.round_points) or "0"
            total = state.scores[seat] if state.scores else 0
            lines.append(f"{name}: {rounds} = {total}")
        if state.phase == OVER and state.scores:
            best = max(state.scores)
            tied = [s for s in range(state.players) if state.scores[s] == best]
            if len(tied) > 1:
                standing = ", ".join(
                    f"{names[s]} {sum(1 for f in GOAL_CARDS[state.goals[s]] if state.floors[f] >= 1)}" for s in tied
                )
                lines.append(f"tie on {best}: more last-goal candidates still in the castle wins ({standing})")
        return lines

    def determinize(self, view: KingUpView, rng: random.Random) -> KingUpState:
        return determinize(view, rng)

    def resample_hidden(self, state: KingUpState, seat: int | None, rng: random.Random) -> KingUpState:
        """Other seats' goal cards (until the round is scored) and votes (until revealed) redrawn."""
        others = [s for s in range(state.players) if s != seat]
        goals = list(state.goals)
        if goals and len(state.round_goals) < state.round:
            seen = {g for r in state.round_goals for g in r} | ({goals[seat]} if seat is not None else set())
            earlier = state.used_goals - set(goals)
            pool = [g for g in range(len(GOAL_CARDS)) if g not in seen and g not in earlier]
            for s, g in zip(others, rng.sample(pool, len(others))):
                goals[s] = g
        votes = list(state.votes)
        for s in others:
            if state.phase == VOTING and votes[s] is not None:
                votes[s] = state.no_cards[s] == 0 or rng.random() < 0.5
        return replace(
            state, goals=tuple(goals), votes=tuple(votes), used_goals=(state.used_goals - set(state.goals)) | set(goals)
        )

    def reveals(self, event: Any) -> bool:
        return isinstance(event, (RoundStarted, VotesRevealed, RoundScored))

    def boundary(self, event: Any) -> str | None:
        if isinstance(event, RoundStarted):
            return "round"
        if isinstance(event, (FigurePlaced, FigureMoved, TurnPassed, VoteCalled)):
            return "turn"
        return None


def _movable(state: KingUpState) -> list[int]:
    return [f for f, fl in enumerate(state.floors) if 0 <= fl < THRONE and state.room_on(fl + 1)]


def _why_not_vote(state: KingUpState, seat: int, action: Vote) -> str | None:
    if state.phase != VOTING:
        return "there is no vote now"
    if type(action.yes) is not bool:
        return "vote yes or no"
    if not action.yes and state.no_cards[seat] == 0:
        return "you have no NO card left: you must vote YES"
    return None


def _why_not_pass(state: KingUpState, seat: int, action: Pass) -> str | None:
    if state.phase != CLIMBING or _movable(state):
        return "you may only pass when no figure can move"
    return None


# Why an action is refused, in the player's terms; None when it is one of the legal moves.
# Checked directly rather than against the list of legal moves: every load decides each move again.
def _why_not_place(state: KingUpState, seat: int, action: Place) -> str | None:
    figure = action.figure
    if state.phase != PLACING:
        return "placing is over: move a figure up one floor instead"
    if type(figure) is not int or not 0 <= figure < len(CANDIDATES):
        return "there is no such figure"
    if state.floors[figure] != OFF_BOARD:
        return f"{_name(figure)} is already in the castle"
    if type(action.floor) is not int or action.floor not in PLACING_FLOORS:
        return "figures are placed on floors 1 to 4"
    if not state.room_on(action.floor):
        return f"floor {action.floor} already holds four figures"
    return None


def _why_not_climb(state: KingUpState, seat: int, action: Climb) -> str | None:
    figure = action.figure
    if state.phase != CLIMBING:
        return "figures climb only after everyone has placed" if state.phase == PLACING else "vote first"
    if type(figure) is not int or not 0 <= figure < len(CANDIDATES):
        return "there is no such figure"
    floor = state.floors[figure]
    if not 0 <= floor < THRONE:
        return f"{_name(figure)} cannot climb: it is {floor_name(floor)}"
    if not state.room_on(floor + 1):
        return f"{floor_name(floor + 1)} is full: {_name(figure)} cannot climb there"
    return None


def _place(state: KingUpState, seat: int, action: Place, rng: random.Random) -> list[Any]:
    events: list[Any] = [FigurePlaced(seat, action.figure, action.floor)]
    if sum(state.placed) + 1 == PLACEMENTS[state.players] * state.players:
        waiting = (f for f, fl in enumerate(state.floors) if fl == OFF_BOARD and f != action.figure)
        events.append(ClimbBegan(tuple(waiting)))
    return events


def _climb(state: KingUpState, seat: int, action: Climb, rng: random.Random) -> list[Any]:
    fig = action.figure
    target = state.floors[fig] + 1
    events: list[Any] = [FigureMoved(seat, fig, target)]
    if target == THRONE:
        events.append(VoteCalled(fig, seat))
    return events


def _vote(state: KingUpState, seat: int, action: Vote, rng: random.Random) -> list[Any]:
    if state.votes.count(None) > 1:
        return [VoteCast(seat, action.yes)]  # others have still to vote
    # The reveal folds its events to see what follows: the state they lead to comes along.
    fold = Folder(state)
    fold.add(VoteCast(seat, action.yes))
    votes = tuple(bool(v) for v in fold.state.votes)
    fold.add(VotesRevealed(votes))
    fig = state.on_throne
    assert fig is not None, "a vote is only called with a figure on the throne"
    if all(votes):
        fold.add(KingElected(fig))
        _end_round(fold, rng)
        return fold.decided()
    old_king = state.king_maker if state.king_maker is not None else state.first_player
    fold.add(CandidateEliminated(fig, state.left_of(old_king)))
    if not any(fl >= 0 for fl in fold.state.floors):
        _end_round(fold, rng)  # nobody is left to crown
    return fold.decided()


def _pass(state: KingUpState, seat: int, action: Pass, rng: random.Random) -> list[Any]:
    return [TurnPassed(seat)]


# What decide does for each kind of action: the checks, then the events.
_CHECKS = Checks("King Up!", {Place: _why_not_place, Climb: _why_not_climb, Vote: _why_not_vote, Pass: _why_not_pass})
_Maker = Callable[[KingUpState, int, Any, random.Random], list[Any]]
_MAKE: dict[type, _Maker] = {Place: _place, Climb: _climb, Vote: _vote, Pass: _pass}


def _end_round(fold: Folder, rng: random.Random) -> None:
    state = fold.state
    fold.add(RoundScored(state.round, state.goals, tuple(_round_points(state, goal) for goal in state.goals)))
    after = fold.state
    if state.round == ROUNDS:
        fold.add(GameEnded(_winners(after)))
    else:
        starter = after.left_of(after.king_maker if after.king_maker is not None else after.start_player)
        fold.add(_deal_round(after, state.round + 1, starter, rng))


def _round_points(state: KingUpState, goal: int) -> int:
    points = sum(POINTS[state.floors[f]] for f in GOAL_CARDS[goal])
    return ZERO_BONUS if points == 0 and state.round == ROUNDS else points


def _winners(state: KingUpState) -> tuple[int, ...]:
    """Most points; a tie goes to more of one's last goal candidates still standing in the castle."""

    def in_castle(seat: int) -> int:
        return sum(1 for f in GOAL_CARDS[state.goals[seat]] if state.floors[f] >= 1)

    best = max(state.scores)
    tied = [s for s in range(state.players) if state.scores[s] == best]
    most = max(in_castle(s) for s in tied)
    return tuple(s for s in tied if in_castle(s) == most)


def _deal_round(state: KingUpState, number: int, starter: int, rng: random.Random) -> RoundStarted:
    deck = [g for g in range(len(GOAL_CARDS)) if g not in state.used_goals]
    return RoundStarted(number, starter, tuple(rng.sample(deck, state.players)))


def _name(figure: int) -> str:
    return CANDIDATES[figure].name if 0 <= figure < len(CANDIDATES) else f"figure {figure}"


GAME = KingUp()
