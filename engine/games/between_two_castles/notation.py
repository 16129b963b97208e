"""Between Two Castles move notation. Rooms are written by their number (0–146, as the screen shows
them) or, for special rooms, by name; castles by side: L is the castle on your left (shared with
your left neighbour), R the one on your right; a position is column,floor (the throne room covers
columns 0 and 1 of floor 0).

    pick 12+87          choose rooms 12 and 87 from your hand
    12@L1,2             place room 12 into your left castle, column 1, floor 2
    tower@R-1,0         place a tower (a bonus) into your right castle
    ludwig 40           two players: Ludwig's room 40 goes to your castle with him
    attendant knight    the living-room bonus
    keep 7              keep bonus card 7 (the utility bonus)
    bonus food          the downstairs bonus: take the food bonus

    >>> format_place_target(-1, 0)
    '-1,0'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.errors import UnreadableMove

from .catalog import ATTENDANT_NAMES, BONUS_CARDS, CASTLE_NAMES, NORMAL_TYPES, ROOMS, SPECIAL_ID, room_name
from .events import (
    AttendantPlaced,
    BonusCardKept,
    BonusCardsDrawn,
    BonusChosen,
    BonusDeckReshuffled,
    BonusEarned,
    BonusLost,
    GameEnded,
    HandsPassed,
    LudwigAssigned,
    LudwigDrew,
    PairChosen,
    PairsRevealed,
    RoomPileReshuffled,
    RoomPlaced,
    RoomsDrawn,
    RoundEnded,
    RoundStarted,
)
from .state import Assign, Attend, BTCState, Choose, Keep, PickBonus, Place

_ROOM = r"(\d+|fountain|tower|foyer)"
_PICK = re.compile(r"^(?:pick|take)?\s*(\d+)\s*[+ ,]\s*(\d+)$", re.IGNORECASE)
_PLACE = re.compile(_ROOM + r"\s*@?\s*([LR]|C\d+)\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$", re.IGNORECASE)
_WORD = re.compile(r"^(ludwig|attendant|keep|bonus)\s+(\S+)$", re.IGNORECASE)


def format_place_target(col: int, floor: int) -> str:
    return f"{col},{floor}"


def _room_text(room: int) -> str:
    return ROOMS[room].type if ROOMS[room].special else str(room)


def format_action(state: BTCState, seat: int, action: Any) -> str:
    match action:
        case Choose(rooms=(a, b)):
            return f"pick {a}+{b}"
        case Assign(room=r):
            return f"ludwig {r}"
        case Place(room=r, castle=k, col=c, floor=f):
            return f"{_room_text(r)}@{_side(state, seat, k)}{format_place_target(c, f)}"
        case Attend(attendant=a):
            return f"attendant {a}"
        case Keep(card=c):
            return f"keep {c + 1}"
        case PickBonus(kind=k):
            return f"bonus {k}"
    raise UnreadableMove("not a Between Two Castles move")


def _side(state: BTCState, seat: int, castle: int) -> str:
    if 0 <= seat < state.positions:
        left, right = state.castles_of(seat)
        if castle == left:
            return "L"
        if castle == right:
            return "R"
    return f"C{castle + 1}"


def parse_action(state: BTCState, seat: int, text: str) -> Any:
    """Read a typed move; the message says what was expected when it cannot. The texts
    format_action writes are read by exact patterns first (a load reads every logged move again,
    and nearly all are such texts); any other as typed (read_typed).

    >>> class FourPlayers: positions = 4
    >>> parse_action(FourPlayers, 0, "12@R1,-2"), parse_action(FourPlayers, 0, " 12 @ C4 (1, -2)")
    (Place(room=12, castle=3, col=1, floor=-2), Place(room=12, castle=3, col=1, floor=-2))
    """
    room, at, where = text.partition("@")
    if at:
        m = _WRITTEN_PLACE.fullmatch(text)
        if m is not None and 0 <= seat < state.positions:
            room, side, col, floor = m.groups()
            r = SPECIAL_ID[room] if room in SPECIAL_ID else int(room)
            return Place(r, seat if side == "L" else (seat - 1) % state.positions, int(col), int(floor))
    elif m := _WRITTEN_PICK.fullmatch(text):
        a, b = int(m[1]), int(m[2])
        return Choose((a, b) if a <= b else (b, a))
    else:
        word, _, arg = text.partition(" ")
        if word == "keep" and _DIGITS.fullmatch(arg):
            return Keep(int(arg) - 1)
        if word == "attendant" and arg in ATTENDANT_NAMES:
            return Attend(arg)
        if word == "bonus" and arg in NORMAL_TYPES:
            return PickBonus(arg)
        if word == "ludwig" and _DIGITS.fullmatch(arg):
            return Assign(int(arg))
    return read_typed(state, seat, text)


# What format_action writes, exactly (ASCII digits).
_WRITTEN_PLACE = re.compile(r"(\d+|fountain|tower|foyer)@([LR])(-?\d+),(-?\d+)", re.ASCII)
_WRITTEN_PICK = re.compile(r"pick (\d+)\+(\d+)", re.ASCII)
_DIGITS = re.compile(r"\d+", re.ASCII)


def read_typed(state: BTCState, seat: int, text: str) -> Any:
    """A move as a player may type it (spaces, either case, parentheses, 'take' for 'pick')."""
    t = " ".join(text.strip().split())
    if m := _PICK.match(t):
        first, second = sorted((int(m.group(1)), int(m.group(2))))
        return Choose((first, second))
    if m := _PLACE.match(t):
        room = m.group(1).lower()
        room_id = SPECIAL_ID[room] if room in SPECIAL_ID else int(room)
        return Place(room_id, _castle(state, seat, m.group(2).upper()), int(m.group(3)), int(m.group(4)))
    if m := _WORD.match(t):
        word, arg = m.group(1).lower(), m.group(2).lower()
        if word == "ludwig" and arg.isdigit():
            return Assign(int(arg))
        if word == "attendant" and arg in ATTENDANT_NAMES:
            return Attend(arg)
        if word == "keep" and arg.isdigit():
            return Keep(int(arg) - 1)
        if word == "bonus" and arg in NORMAL_TYPES:
            return PickBonus(arg)
    raise UnreadableMove(
        "moves: 'pick 12+87', '12@L1,2' (room@side column,floor), 'tower@R2,1', "
        f"'ludwig 40', 'attendant {'|'.join(ATTENDANT_NAMES)}', 'keep 7', 'bonus food'"
    )


def _castle(state: BTCState, seat: int, side: str) -> int:
    if side.startswith("C"):
        return int(side[1:]) - 1
    if not 0 <= seat < state.positions:
        raise UnreadableMove("name the castle as C1, C2, ...")
    return state.castles_of(seat)[0 if side == "L" else 1]


def castle_name(k: int) -> str:
    return CASTLE_NAMES[k] if 0 <= k < len(CASTLE_NAMES) else f"castle {k + 1}"


def describe(before: BTCState, ev: Any, names: Sequence[str] = ()) -> str | None:
    """The move-list line for an event; secret choices appear only as 'chose two rooms'."""

    def who(p: int) -> str:
        if p >= before.players:
            return "Ludwig"
        return names[p] if p < len(names) else f"seat {p + 1}"

    match ev:
        case RoundStarted(round=r):
            return f"— round {r} —"
        case LudwigDrew(rooms=rooms):
            return "Ludwig's rooms: " + ", ".join(room_name(r) for r in rooms)
        case LudwigAssigned(tiles=tiles):
            return "; ".join(f"Ludwig's {room_name(r)} to {castle_name(k)}" for r, k in tiles)
        case PairChosen():
            return "chose two rooms"
        case PairsRevealed(pairs=pairs):
            return "revealed: " + "; ".join(
                f"{who(p)} {' + '.join(room_name(r) for r in pair)}" for p, pair in enumerate(pairs) if pair
            )
        case RoomPlaced(room=r, castle=k, col=c, floor=f):
            return f"{room_name(r)} → {castle_name(k)} {c},{f}"
        case BonusEarned(castle=k, kind=kind):
            what = "fifth room of a type" if kind == "special" else f"third {kind} room"
            return f"{castle_name(k)}: {what}, a bonus"
        case RoomsDrawn(rooms=rooms):
            return "food bonus draws: " + ", ".join(room_name(r) for r in rooms)
        case AttendantPlaced(attendant=a, castle=k):
            return f"{a} into {castle_name(k)}'s throne room"
        case BonusCardsDrawn(castle=k, cards=cards):
            return f"{castle_name(k)} draws {len(cards)} bonus cards"
        case BonusCardKept(castle=k, card=c):
            return f"{castle_name(k)} keeps bonus card {c + 1}: {BONUS_CARDS[c].text}"
        case BonusChosen(kind=kind):
            return f"chose the {kind} bonus"  # past, as "chose two rooms": "You chose", "Ann chose"
        case BonusLost(kind=kind, castle=k):
            return f"{castle_name(k)}: nothing left for the {kind} bonus"
        case RoomPileReshuffled() | BonusDeckReshuffled():
            return "the discards are shuffled back"
        case HandsPassed(step=step):
            return f"hands passed {'left' if step > 0 else 'right'}"
        case RoundEnded(round=r):
            return f"round {r} over: the last rooms are discarded"
        case GameEnded(scores=scores, winners=winners):
            return (
                "game over: "
                + ", ".join(f"{who(p)} {s}" for p, s in enumerate(scores))
                + " — won by "
                + ", ".join(who(p) for p in winners)
            )
    return None
