"""King Up! events. Past tense; values that were secret when logged are hidden by view()."""

from __future__ import annotations

import attrs

from engine.core.events import EventCodec, event


@event("RoundStarted")
@attrs.frozen
class RoundStarted:
    """A round begins: figures off the board, vote cards back in hand, new secret goal cards dealt."""

    round: int
    start_player: int
    goals: tuple[int, ...]  # a goal card index per seat


@event("FigurePlaced")
@attrs.frozen
class FigurePlaced:
    seat: int
    figure: int
    floor: int


@event("ClimbBegan")
@attrs.frozen
class ClimbBegan:
    """Placement is over: the figures nobody placed go to the ground floor."""

    grounded: tuple[int, ...]


@event("FigureMoved")
@attrs.frozen
class FigureMoved:
    seat: int
    figure: int
    to_floor: int


@event("TurnPassed")
@attrs.frozen
class TurnPassed:
    """No figure could move, so nothing happened."""

    seat: int


@event("VoteCalled")
@attrs.frozen
class VoteCalled:
    """A figure reached the throne: the crown goes before the seat that moved it."""

    figure: int
    crown: int


@event("VoteCast")
@attrs.frozen
class VoteCast:
    seat: int
    yes: bool  # secret until VotesRevealed


@event("VotesRevealed")
@attrs.frozen
class VotesRevealed:
    votes: tuple[bool, ...]


@event("KingElected")
@attrs.frozen
class KingElected:
    figure: int


@event("CandidateEliminated")
@attrs.frozen
class CandidateEliminated:
    figure: int
    next_player: int


@event("RoundScored")
@attrs.frozen
class RoundScored:
    round: int
    goals: tuple[int, ...]
    points: tuple[int, ...]


@event("GameEnded")
@attrs.frozen
class GameEnded:
    winners: tuple[int, ...]


ALL_EVENTS = (
    RoundStarted,
    FigurePlaced,
    ClimbBegan,
    FigureMoved,
    TurnPassed,
    VoteCalled,
    VoteCast,
    VotesRevealed,
    KingElected,
    CandidateEliminated,
    RoundScored,
    GameEnded,
)
CODEC = EventCodec(ALL_EVENTS)
