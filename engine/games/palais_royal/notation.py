"""Palais Royal move notation, one step of a turn per move.

======================  ===========================================================
``+Mu``                 set-up: a servant into the Münzerei (rooms by code: To Eh Tr
                        Mu Ko Ma Sc Hi Ka)
``+To``, ``+To<Mu``     action 1: a servant onto the Tor, from the supply or (supply
                        empty) from a room; ``+Ko`` / ``+Ma`` the same in action 3
``Tr>Mu``               action 2: a servant from the Treppenhaus to the Münzerei
``mint``                action 3: take the Münzerei's gold
``c4``                  action 4: recruit the noble on c4 (columns a–f, rows 1–6 from
                        the top); ``c4*K`` / ``c4*KM`` with Borrowed Seals standing in
                        for turquoise (K) / violet (M) seals; ``a2<Mu`` a border noble
                        whose servant for the freed space comes from the Münzerei
                        (plain ``a2``: from the supply)
``draw``, ``keep Pen``  action 5: draw the cards, keep one (cards by code)
``play Pen``            play a privilege card
``next``                finish this step
======================  ===========================================================

    >>> format_action(None, Move(2, 3))
    'Tr>Mu'
    >>> parse_action(None, "a2*k<mu")
    Recruit(space=6, wild_king=1, wild_madame=0, source=3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.errors import UnreadableMove
from engine.core.readings import Readings

from .catalog import (
    BORDER,
    NOBLES,
    PRIVILEGE_CODES,
    ROOM_CODES,
    STEP_NAMES,
    parse_space,
    privilege_of_code,
    room_of_code,
    space_name,
)
from .events import (
    SUPPLY,
    CardKept,
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    GameSetUp,
    GoldMinted,
    NobleRecruited,
    ServantBrought,
    ServantMoved,
    ServantPlaced,
    StepBegan,
    StepFinished,
    TurnBegan,
)
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .state import PLACING
from .turn import passed_over

_BRING = re.compile(r"^\+\s*([^<]+?)\s*(?:<\s*(.+?))?$")
_MOVE = re.compile(r"^([^<>]+?)\s*>\s*([^<>]+?)$")
_RECRUIT = re.compile(r"^([a-fA-F][1-6])\s*(?:\*\s*([KkMm]{1,3}))?\s*(?:<\s*([A-Za-z]{2}))?$")
_CARD = re.compile(r"^(play|keep)\s+(.+)$", re.IGNORECASE)
HELP = "moves look like +Mu, +To<Mu, Tr>Mu, mint, c4, c4*K, a2<Mu, draw, keep Pen, play Pen, next"


def _passed(before: Any, ev: Any, who: Any) -> str:
    """ "Ann passed over: Nobles (nobody in the Writing Room), Cards (nobody at the Back Door) · ",
    or "" when no step was passed over."""
    steps = passed_over(before, ev)
    if not steps:
        return ""
    said = ", ".join(f"{STEP_NAMES[step].split(', ')[-1]} ({why})" for step, why in steps)
    return f"{who(before.turn)} passed over: {said} · "


def _source(source: int | None) -> str:
    return "" if source is None or source == SUPPLY else f"<{ROOM_CODES[source]}"


def format_action(state: Any, action: Any) -> str:
    match action:
        case Place(room=room):
            return f"+{ROOM_CODES[room]}"
        case Bring(room=room, source=source):
            return f"+{ROOM_CODES[room]}{_source(source)}"
        case Move(from_room=a, to_room=b):
            return f"{ROOM_CODES[a]}>{ROOM_CODES[b]}"
        case Mint():
            return "mint"
        case Recruit(space=sp, wild_king=wk, wild_madame=wm, source=source):
            wild = "K" * wk + "M" * wm
            return space_name(sp) + (f"*{wild}" if wild else "") + _source(source)
        case Draw():
            return "draw"
        case Keep(card=card):
            return f"keep {PRIVILEGE_CODES[card]}"
        case PlayCard(card=card):
            return f"play {PRIVILEGE_CODES[card]}"
        case Done():
            return "next"
    raise UnreadableMove("not a Palais Royal move")


def _room(code: str) -> int:
    room = room_of_code(code)
    if room is None:
        raise UnreadableMove(f"no room is called {code!r} (rooms: {' '.join(ROOM_CODES)})")
    return room


def parse_action(state: Any, text: str) -> Any:
    """Read a typed move; the message says what was expected when it cannot.

    A text means the same in every position but the placing of the set-up servants, and actions
    are immutable: a reading is kept (a load reads every move again)."""
    return _READINGS.read((state is not None and state.phase == PLACING, text), state, text)


def _parse(state: Any, text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if low in ("next", "done", "n", "-"):
        return Done()
    if low == "mint":
        return Mint()
    if low == "draw":
        return Draw()
    if m := _BRING.match(t):
        room = _room(m.group(1))
        if state is not None and state.phase == PLACING and not m.group(2):
            return Place(room)
        return Bring(room, _room(m.group(2)) if m.group(2) else SUPPLY)
    if m := _MOVE.match(t):
        return Move(_room(m.group(1)), _room(m.group(2)))
    if m := _RECRUIT.match(t):
        space = parse_space(m.group(1))
        assert space is not None  # the pattern takes a1 to f6 only
        wild = (m.group(2) or "").upper()
        if m.group(3):
            source: int | None = _room(m.group(3))
        else:
            source = SUPPLY if space in BORDER else None
        return Recruit(space, wild.count("K"), wild.count("M"), source)
    if m := _CARD.match(t):
        card = privilege_of_code(m.group(2))
        if card is None:
            raise UnreadableMove(f"no privilege card is called {m.group(2)!r} (cards: {' '.join(PRIVILEGE_CODES)})")
        return Keep(card) if m.group(1).lower() == "keep" else PlayCard(card)
    raise UnreadableMove(f"cannot read {text!r}: {HELP}")


def describe(before: Any, ev: Any, names: Sequence[str] = ()) -> str | None:
    """The move-list line; cards drawn or kept and face-down nobles stay secret here too."""
    who = lambda s: names[s] if 0 <= s < len(names) else f"seat {s + 1}"  # noqa: E731
    match ev:
        case GameSetUp(start_player=s):
            return f"set-up: first player {who(s)}"  # not "You starts"
        case ServantPlaced(room=room):
            return f"+{ROOM_CODES[room]}"
        case TurnBegan(round=r, opens_round=True, last_round=last):
            return _passed(before, ev, who) + f"— round {r}{' (the last)' if last else ''} —"
        case TurnBegan() | StepBegan():
            return _passed(before, ev, who).removesuffix(" · ") or None
        case StepFinished(step=step):
            return f"next (after {STEP_NAMES[step]})"
        case CardPlayed(card=card):
            return f"play {PRIVILEGE_CODES[card]}"
        case ServantBrought(room=room, source=source):
            return f"+{ROOM_CODES[room]}{_source(source)}"
        case ServantMoved(from_room=a, to_room=b):
            return f"{ROOM_CODES[a]}>{ROOM_CODES[b]}"
        case GoldMinted(gold=gold):
            return f"mint +{gold} gold"
        case NobleRecruited(space=sp, noble=noble, gold=gold, source=source):
            who_it_is = "a noble, face down" if NOBLES[noble].face_down else NOBLES[noble].name
            return f"{space_name(sp)}{_source(source)}: {who_it_is} for {gold} gold"
        case CardsDrawn(cards=cards):
            return f"draws {len(cards)} card{'s' if len(cards) != 1 else ''}"
        case DeckReshuffled():
            return "the discard pile is shuffled into a new deck"
        case CardKept():
            return "keeps a card"
        case CardsDiscarded(cards=cards):
            return "discards " + (" ".join(PRIVILEGE_CODES[c] for c in cards) or "nothing")
        case GameEnded(totals=totals, winners=winners):
            return (
                "game over: "
                + ", ".join(f"{who(s)} {t}" for s, t in enumerate(totals))
                + " — won by "
                + " and ".join(who(s) for s in winners)
            )
    return None


__all__ = ["format_action", "parse_action", "describe"]


_READINGS = Readings(_parse)  # see engine.core.readings
