"""Why an action is refused, in words a player understands (the rules only list what is legal)."""

from __future__ import annotations

from typing import Any

from engine.core.checks import Checks

from .catalog import (
    BORDER,
    CARDS,
    HINTEREINGANG,
    KOENIG,
    MADAME,
    MOVES,
    NOBLES,
    PRIVILEGES,
    RECRUIT,
    ROOMS,
    ROOMS_STEP,
    SCHREIBSTUBE,
    SPACES,
    STEP_NAMES,
    SUPPLY as SUPPLY_STEP,
    TOR,
)
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .state import FREE, PLACING, PalaisState
from .turn import CARD_STEPS, gold_cost, is_legal

_STEP_OF = {
    Bring: "action 1 (onto the Gate) or action 3 (seal bonuses)",
    Move: "action 2",
    Mint: "action 3",
    Recruit: "action 4",
    Draw: "action 5",
    Keep: "action 5",
}


def _room_ok(room: Any) -> bool:
    return isinstance(room, int) and not isinstance(room, bool) and 0 <= room < 9


def refusal(state: PalaisState, seat: int, action: Any) -> str:
    now = f"you are at {STEP_NAMES[state.step]}"
    if state.phase == PLACING:
        if isinstance(action, Place) and not _room_ok(action.room):
            return "there is no such room"
        return "first place your set-up servants in the rooms, one at a time"
    if isinstance(action, Place):
        return "set-up is over"
    if type(action) in _STEP_OF:
        if not _right_step(state, action):
            return f"that belongs to {_STEP_OF[type(action)]}; {now}"
    match action:
        case PlayCard(card=card):
            return _card_refusal(state, seat, card)
        case Bring():
            return _bring_refusal(state, seat, action)
        case Move(from_room=a, to_room=b):
            if not (_room_ok(a) and _room_ok(b)):
                return "there is no such room"
            if state.moves_left <= 0:
                return "you have no moves left"
            if state.rooms[a][seat] == 0:
                return f"you have no servant in the {ROOMS[a].name}"
            return f"the {ROOMS[b].name} is not next to the {ROOMS[a].name}"
        case Mint():
            return "you have taken the gold of the Mint already" if state.minted else "the Mint pays you nothing now"
        case Recruit():
            return _recruit_refusal(state, seat, action)
        case Draw():
            if state.drew:
                return "you have drawn already"
            return "you have no servant at the Back Door" if not state.rooms[HINTEREINGANG][seat] else "no cards left"
        case Keep(card=card):
            if not state.rooms[HINTEREINGANG][seat]:
                return "every card kept takes a servant back from the Back Door, and you have none left there"
            return "that card is not among the cards you drew"
        case Done():
            return "nothing to finish now"
    return "that is not a Palais Royal move"


def _right_step(state: PalaisState, action: Any) -> bool:
    if isinstance(action, Bring):
        return state.step in (SUPPLY_STEP, ROOMS_STEP)
    return state.step == {Move: MOVES, Mint: ROOMS_STEP, Recruit: RECRUIT, Draw: CARDS, Keep: CARDS}[type(action)]


def _card_refusal(state: PalaisState, seat: int, card: Any) -> str:
    if not isinstance(card, int) or not 0 <= card < len(PRIVILEGES):
        return "there is no such privilege card"
    p = PRIVILEGES[card]
    if card not in state.hands[seat]:
        return f"you hold no {p.name}"
    if state.step not in CARD_STEPS[p.timing]:
        return f"the {p.name} is played at {p.timing}; {STEP_NAMES[state.step]} now"
    return f"the {p.name} costs {p.price} gold and you have {state.gold[seat]}"


def _bring_refusal(state: PalaisState, seat: int, action: Bring) -> str:
    if not _room_ok(action.room):
        return "there is no such room"
    wanted = TOR if state.step == SUPPLY_STEP else None
    if wanted is not None and action.room != TOR:
        return "in action 1 new servants go onto the Gate"
    if wanted is None and action.room not in (KOENIG, MADAME):
        return "in action 3 new servants go only to the King or to Madame"
    left = {TOR: state.gate_left, KOENIG: state.king_left, MADAME: state.madame_left}[action.room]
    if left == 0:
        return f"you may put no more servants into the {ROOMS[action.room].name}"
    if state.supply[seat] > 0:
        return "new servants come from your supply while it holds any"
    return "take the servant from a room where you have one (not the room it goes to)"


def _recruit_refusal(state: PalaisState, seat: int, action: Recruit) -> str:
    space = action.space
    if not isinstance(space, int) or not 0 <= space < SPACES:
        return "there is no such park space"
    if state.park[space] == FREE:
        return "no noble stands there"
    if state.rooms[SCHREIBSTUBE][seat] == 0:
        return "each noble needs a servant of yours in the Writing Room"
    noble = NOBLES[state.park[space]]
    cost = gold_cost(state.park, space)
    if cost > state.gold[seat]:
        return f"{noble.name} costs {cost} gold and you have {state.gold[seat]}"
    if action.wild_king + action.wild_madame > state.wild:
        return "you have no Borrowed Seals left for that"
    if state.rooms[KOENIG][seat] < noble.king - action.wild_king:
        return f"{noble.name} needs {_seals(noble.king, 'turquoise')} (servants with the King)"
    if state.rooms[MADAME][seat] < noble.madame - action.wild_madame:
        return f"{noble.name} needs {_seals(noble.madame, 'violet')} (servants with Madame)"
    if (space in BORDER) != (action.source is not None):
        return (
            "a border noble leaves one of your servants on its space: say where it comes from"
            if space in BORDER
            else "only a border noble leaves a servant on its space"
        )
    return "you have no servant there to put on the freed space"


def why_not(state: PalaisState, seat: int, action: Any) -> str | None:
    """None for an action ``legal`` lists; else why not, in the player's words (``refusal``)."""
    return None if is_legal(state, action) else refusal(state, seat, action)


CHECKS = Checks("Palais Royal", {}, otherwise=why_not)  # engine.core.checks: one table for every kind


def _seals(count: int, colour: str) -> str:
    """ "1 violet seal", "2 violet seals"."""
    return f"{count} {colour} seal" + ("" if count == 1 else "s")
