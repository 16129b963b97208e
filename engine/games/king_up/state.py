"""The King Up! position, and how each event changes it (pure)."""

from __future__ import annotations

import functools
from typing import Any

import attrs

from engine.core.fastattrs import replace
from engine.core.fold import Fold

from .catalog import CANDIDATES, ELIMINATED, FLOOR_LIMIT, NO_CARDS, OFF_BOARD, THRONE
from .events import (
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
class LastMove:
    """A seat's last move this round: ``figure`` went from ``from_floor`` (OFF_BOARD: placed from
    beside the castle) to ``to_floor``. Public: everyone sees the figures move."""

    figure: int
    from_floor: int
    to_floor: int


Moves = tuple[int, int, int, int, "Moves"] | None  # see KingUpState.moves


def last_moves(moves: Moves, players: int) -> tuple[LastMove | None, ...]:
    """Each seat's newest move in ``moves`` (None: none this round, or it passed)."""
    found: list[LastMove | None] = [None] * players
    seen: set[int] = set()
    while moves is not None and len(seen) < players:
        seat, figure, start, end, moves = moves
        if seat not in seen:
            seen.add(seat)
            found[seat] = _last_move(figure, start, end) if figure >= 0 else None
    return tuple(found)


def chain_of(last: tuple[LastMove | None, ...]) -> Moves:
    """Moves that read back as ``last`` (what a view shows of them)."""
    moves: Moves = None
    for seat, move in enumerate(last):
        if move is not None:
            moves = (seat, move.figure, move.from_floor, move.to_floor, moves)
    return moves


_last_move = functools.cache(LastMove)  # views of one round share their LastMoves


@attrs.frozen(slots=False)  # slots=False: evolve copies the dict (engine/core/fastattrs.py)
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
    # This round's moves, newest first, as (seat, figure, from floor, to floor, the moves before);
    # figure -1: a pass. Public (every figure on the board is); the view reads each seat's last.
    # One small tuple a move: evolve runs in every playout of a bot's search.
    moves: Moves = None

    def on_floor(self, floor: int) -> list[int]:
        return [f for f, fl in enumerate(self.floors) if fl == floor]

    def room_on(self, floor: int) -> bool:
        if floor == 0:
            return True
        limit = 1 if floor == THRONE else FLOOR_LIMIT
        return self.floors.count(floor) < limit

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players


def to_act(state: KingUpState) -> frozenset[int]:
    """The seat to place or climb, or every seat that has not voted yet."""
    if state.phase in (PLACING, CLIMBING):
        return _ONE_SEAT[state.turn]
    if state.phase == VOTING:
        waiting = _WAITING.get(state.votes)  # a few hundred vote patterns: each set made once
        if waiting is None:
            waiting = _WAITING[state.votes] = frozenset(s for s, v in enumerate(state.votes) if v is None)
        return waiting
    return frozenset()


_ONE_SEAT = tuple(frozenset({seat}) for seat in range(max(NO_CARDS)))  # NO_CARDS: by player count; made once
_WAITING: dict[tuple[bool | None, ...], frozenset[int]] = {}

evolve = Fold("King Up!")


@evolve.on(RoundStarted)
def _round_started(state: KingUpState, ev: RoundStarted) -> KingUpState:
    return replace(
        state,
        phase=PLACING,
        round=ev.round,
        start_player=ev.start_player,
        turn=ev.start_player,
        first_player=ev.start_player if ev.round == 1 else state.first_player,
        floors=(OFF_BOARD,) * len(CANDIDATES),
        placed=(0,) * state.players,
        on_throne=None,
        no_cards=(NO_CARDS[state.players],) * state.players,
        votes=(None,) * state.players,
        last_votes=None,
        goals=ev.goals,
        used_goals=state.used_goals | set(ev.goals),
        king=None,
        scores=state.scores or (0,) * state.players,
        moves=None,
    )


@evolve.on(FigurePlaced)
def _figure_placed(state: KingUpState, ev: FigurePlaced) -> KingUpState:
    seat, figure, floors, placed = ev.seat, ev.figure, state.floors, state.placed  # inline: every move
    return replace(
        state,
        floors=floors[:figure] + (ev.floor,) + floors[figure + 1 :],
        placed=placed[:seat] + (placed[seat] + 1,) + placed[seat + 1 :],
        turn=(seat + 1) % state.players,
        moves=(seat, figure, OFF_BOARD, ev.floor, state.moves),
    )


@evolve.on(ClimbBegan)
def _climb_began(state: KingUpState, ev: ClimbBegan) -> KingUpState:
    floors = state.floors
    for fig in ev.grounded:
        floors = _set(floors, fig, 0)
    return replace(state, phase=CLIMBING, floors=floors, turn=state.start_player)


@evolve.on(FigureMoved)
def _figure_moved(state: KingUpState, ev: FigureMoved) -> KingUpState:
    seat, figure, floors = ev.seat, ev.figure, state.floors  # inline: every move
    return replace(
        state,
        floors=floors[:figure] + (ev.to_floor,) + floors[figure + 1 :],
        turn=(seat + 1) % state.players,
        moves=(seat, figure, floors[figure], ev.to_floor, state.moves),
    )


@evolve.on(TurnPassed)
def _turn_passed(state: KingUpState, ev: TurnPassed) -> KingUpState:
    return replace(state, turn=state.left_of(ev.seat), moves=(ev.seat, -1, 0, 0, state.moves))


@evolve.on(VoteCalled)
def _vote_called(state: KingUpState, ev: VoteCalled) -> KingUpState:
    return replace(
        state, phase=VOTING, on_throne=ev.figure, crown=ev.crown, votes=(None,) * state.players, last_votes=None
    )


@evolve.on(VoteCast)
def _vote_cast(state: KingUpState, ev: VoteCast) -> KingUpState:
    seat, votes = ev.seat, state.votes  # inline: every vote
    return replace(state, votes=votes[:seat] + (ev.yes,) + votes[seat + 1 :])


@evolve.on(VotesRevealed)
def _votes_revealed(state: KingUpState, ev: VotesRevealed) -> KingUpState:
    no_cards = tuple(n - (0 if yes else 1) for n, yes in zip(state.no_cards, ev.votes))
    return replace(state, last_votes=ev.votes, no_cards=no_cards, votes=(None,) * state.players)


@evolve.on(KingElected)
def _king_elected(state: KingUpState, ev: KingElected) -> KingUpState:
    return replace(state, king=ev.figure, on_throne=None, king_maker=state.crown)


@evolve.on(CandidateEliminated)
def _candidate_eliminated(state: KingUpState, ev: CandidateEliminated) -> KingUpState:
    # The crown goes back to the old king; the vote's proposer keeps nothing.
    return replace(
        state,
        floors=_set(state.floors, ev.figure, ELIMINATED),
        on_throne=None,
        phase=CLIMBING,
        turn=ev.next_player,
        crown=state.king_maker,
    )


@evolve.on(RoundScored)
def _round_scored(state: KingUpState, ev: RoundScored) -> KingUpState:
    return replace(
        state,
        scores=tuple(s + p for s, p in zip(state.scores, ev.points)),
        round_points=state.round_points + (ev.points,),
        round_goals=state.round_goals + (ev.goals,),
    )


@evolve.on(GameEnded)
def _game_ended(state: KingUpState, ev: GameEnded) -> KingUpState:
    return replace(state, phase=OVER, winners=ev.winners)


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _bump(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    return _set(values, index, values[index] + 1)
