"""King Up! move notation: placing ``A3``, climbing ``A^`` (shown as ``A^4``; ``A^T`` reaches the
throne), voting ``yes`` / ``no``, and ``pass`` when nothing can move.

    >>> from engine.core import GameConfig, Match, Seat
    >>> from engine.games.king_up import GAME
    >>> state = Match.new(GAME, GameConfig(3), [Seat("Ann"), Seat("Ben"), Seat("Cid")], 1).state
    >>> parse_action(state, "m3"), format_action(state, Place(figure=0, floor=3))
    (Place(figure=9, floor=3), 'A3')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.errors import IllegalMove, UnreadableMove
from engine.core.readings import Readings

from .catalog import CANDIDATES, INITIALS, THRONE
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
from .state import CLIMBING, PLACING, VOTING, Climb, KingUpState, Pass, Place, Vote

_PLACE = re.compile(r"^([A-Za-z])\s*@?\s*([1-4])$")
_ANY_FLOOR = re.compile(r"^([A-Za-z])\s*@?\s*(\d+|T)$", re.IGNORECASE)
_CLIMB = re.compile(r"^([A-Za-z])\s*\^\s*([0-5T]?)$", re.IGNORECASE)


def floor_mark(floor: int) -> str:
    return "T" if floor == THRONE else str(floor)


def format_action(state: KingUpState, action: Any) -> str:
    match action:
        case Place(figure=f, floor=fl):
            return f"{INITIALS[f]}{fl}"
        case Climb(figure=f):
            return f"{INITIALS[f]}^{floor_mark(state.floors[f] + 1)}"
        case Vote(yes=yes):
            return "yes" if yes else "no"
        case Pass():
            return "pass"
    raise IllegalMove("not a King Up! move")


def parse_action(state: KingUpState, text: str) -> Any:
    """Read a move typed by a player; the message says what was expected when it cannot.

    What a text means depends only on the phase, and actions are immutable: a reading is kept
    (loading a save file reads every move again, and games repeat the same few texts)."""
    return _READINGS.read((state.phase, text), state, text)


def read_move(state: KingUpState, seat: int, text: str) -> Any:
    """``parse_action`` as the rules take it (a seat's text means the same for every seat)."""
    key = (state.phase, text)
    action = _KEPT(key)  # the kept reading without a call to the helper: a load reads every move
    return action if action is not None else _READINGS.read(key, state, text)


def _parse(state: KingUpState, text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if state.phase == VOTING:
        if low in ("yes", "y", "ja"):
            return Vote(True)
        if low in ("no", "n", "nein"):
            return Vote(False)
        raise UnreadableMove("vote with 'yes' or 'no'")
    if low == "pass":
        return Pass()
    if state.phase == PLACING and (m := _PLACE.match(t)):
        return Place(_figure(m.group(1)), int(m.group(2)))
    if state.phase == CLIMBING and (m := _CLIMB.match(t)):
        return Climb(_figure(m.group(1)))
    if state.phase == PLACING and (m := _ANY_FLOOR.match(t)):
        if INITIALS.find(m.group(1).upper()) < 0:
            raise UnreadableMove(
                f"place a figure as initial and floor, e.g. 'A3': no candidate "
                f"has the initial {m.group(1).upper()!r} (initials {INITIALS})"
            )
        raise UnreadableMove(f"figures are placed on floors 1–4 only, not on {m.group(2).upper()}")
    if state.phase == PLACING:
        raise UnreadableMove(f"place a figure as initial and floor, e.g. 'A3' (initials {INITIALS})")
    if state.phase == CLIMBING:
        raise UnreadableMove(f"climb with initial and ^, e.g. 'A^' (initials {INITIALS})")
    raise IllegalMove("no move is possible now")


def _figure(letter: str) -> int:
    idx = INITIALS.find(letter.upper())
    if idx < 0:
        raise UnreadableMove(f"no candidate has the initial {letter.upper()!r} (initials {INITIALS})")
    return idx


def describe(before: KingUpState, ev: Any, names: Sequence[str] = ()) -> str | None:
    """The move-list line for an event; secret votes appear only as 'voted' until the reveal.
    With the players' ``names`` the reveal and the scoring say who voted what and who scored."""
    name = lambda f: CANDIDATES[f].name  # noqa: E731
    who = lambda s: names[s] if s < len(names) else f"seat {s + 1}"  # noqa: E731
    match ev:
        case RoundStarted(round=r):
            return f"— round {r} —"
        case FigurePlaced(figure=f, floor=fl):
            return f"{INITIALS[f]}{fl}"
        case FigureMoved(figure=f, to_floor=fl):
            return f"{INITIALS[f]}^{floor_mark(fl)}"
        case TurnPassed():
            return "pass"
        case VoteCalled(figure=f):
            return f"vote on {name(f)}"
        case VoteCast():
            return "voted"
        case VotesRevealed(votes=votes) if names:
            yes = ", ".join(who(s) for s, v in enumerate(votes) if v) or "nobody"
            no = ", ".join(who(s) for s, v in enumerate(votes) if not v) or "nobody"
            return f"yes: {yes} · no: {no}"
        case VotesRevealed(votes=votes):
            return "votes: " + " ".join("Y" if v else "N" for v in votes)
        case KingElected(figure=f):
            return f"{name(f)} is king"
        case CandidateEliminated(figure=f):
            return f"{name(f)} is out for this round"
        case RoundScored(points=points) if names:
            return "scored: " + ", ".join(f"{who(s)} {p}" for s, p in enumerate(points))
        case RoundScored(points=points):
            return "scored " + " ".join(str(p) for p in points)
        case GameEnded():
            return "game over"
        case ClimbBegan():
            return None
    return None


_READINGS = Readings(_parse)  # see engine.core.readings
_KEPT = _READINGS.kept
