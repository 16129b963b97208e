"""The King Up! position, and how each event changes it (pure)."""
from __future__ import annotations

from typing import Any

import attrs

from .catalog import CANDIDATES, ELIMINATED, FLOOR_LIMIT, NO_CARDS, OFF_BOARD, THRONE
from .events import (CandidateEliminated, ClimbBegan, FigureMoved, FigurePlaced, GameEnded, KingElected,
                     RoundScored, RoundStarted, TurnPassed, VoteCalled, VoteCast, VotesRevealed)

PLACING, CLIMBING, VOTING, OVER, SETUP = "placing", "climbing", "voting", "over", "setup"


@attrs.frozen
class Place:
    """Phase 1: put a figure from beside the castle onto floor 1–4."""

    figure: int
    floor: int


@attrs.frozen
class Climb:
    """Phase 2: move a figure up one floor (from floor 5 onto the throne calls a vote)."""

    figure: int


@attrs.frozen
class Vote:
    yes: bool


@attrs.frozen
class Pass:
    """Only when no figure can move."""


@attrs.frozen
class KingUpState:
    players: int
    phase: str = SETUP
    round: int = 0
    start_player: int = 0
    turn: int = 0  # the seat to act while placing or climbing
    floors: tuple[int, ...] = (OFF_BOARD,) * len(CANDIDATES)
    placed: tuple[int, ...] = ()  # figures each seat placed this round
    crown: int | None = None  # the seat the crown lies before
    king_maker: int | None = None  # who moved the last elected king up: the "old king" of the rules
    first_player: int = 0  # the start player of the whole game
    on_throne: int | None = None
    no_cards: tuple[int, ...] = ()
    votes: tuple[bool | None, ...] = ()
    last_votes: tuple[bool, ...] | None = None
    goals: tuple[int, ...] = ()
    used_goals: frozenset[int] = frozenset()
    scores: tuple[int, ...] = ()
    round_points: tuple[tuple[int, ...], ...] = ()
    round_goals: tuple[tuple[int, ...], ...] = ()
    king: int | None = None
    winners: tuple[int, ...] = ()

    def on_floor(self, floor: int) -> list[int]:
        return [f for f, fl in enumerate(self.floors) if fl == floor]

    def room_on(self, floor: int) -> bool:
        if floor == 0:
            return True
        limit = 1 if floor == THRONE else FLOOR_LIMIT
        return sum(1 for fl in self.floors if fl == floor) < limit

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players


def evolve(state: KingUpState, ev: Any) -> KingUpState:
    evolve_ = attrs.evolve
    match ev:
        case RoundStarted(round=r, start_player=sp, goals=goals):
            first = sp if r == 1 else state.first_player
            return evolve_(state, phase=PLACING, round=r, start_player=sp, turn=sp, first_player=first,
                           floors=(OFF_BOARD,) * len(CANDIDATES), placed=(0,) * state.players,
                           on_throne=None, no_cards=(NO_CARDS[state.players],) * state.players,
                           votes=(None,) * state.players, last_votes=None, goals=goals,
                           used_goals=state.used_goals | set(goals), king=None,
                           scores=state.scores or (0,) * state.players)
        case FigurePlaced(seat=seat, figure=fig, floor=floor):
            placed = _bump(state.placed, seat)
            return evolve_(state, floors=_set(state.floors, fig, floor), placed=placed,
                           turn=state.left_of(seat))
        case ClimbBegan(grounded=grounded):
            floors = state.floors
            for fig in grounded:
                floors = _set(floors, fig, 0)
            return evolve_(state, phase=CLIMBING, floors=floors, turn=state.start_player)
        case FigureMoved(seat=seat, figure=fig, to_floor=floor):
            return evolve_(state, floors=_set(state.floors, fig, floor), turn=state.left_of(seat))
        case TurnPassed(seat=seat):
            return evolve_(state, turn=state.left_of(seat))
        case VoteCalled(figure=fig, crown=crown):
            return evolve_(state, phase=VOTING, on_throne=fig, crown=crown,
                           votes=(None,) * state.players, last_votes=None)
        case VoteCast(seat=seat, yes=yes):
            return evolve_(state, votes=tuple(yes if i == seat else v for i, v in enumerate(state.votes)))
        case VotesRevealed(votes=votes):
            no_cards = tuple(n - (0 if yes else 1) for n, yes in zip(state.no_cards, votes))
            return evolve_(state, last_votes=votes, no_cards=no_cards, votes=(None,) * state.players)
        case KingElected(figure=fig):
            return evolve_(state, king=fig, on_throne=None, king_maker=state.crown)
        case CandidateEliminated(figure=fig, next_player=nxt):
            return evolve_(state, floors=_set(state.floors, fig, ELIMINATED), on_throne=None,
                           phase=CLIMBING, turn=nxt, crown=state.king_maker)
        case RoundScored(points=points, goals=goals):
            return evolve_(state, scores=tuple(s + p for s, p in zip(state.scores, points)),
                           round_points=state.round_points + (points,),
                           round_goals=state.round_goals + (goals,))
        case GameEnded(winners=winners):
            return evolve_(state, phase=OVER, winners=winners)
    raise TypeError(f"not a King Up! event: {ev!r}")


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _bump(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    return _set(values, index, values[index] + 1)
