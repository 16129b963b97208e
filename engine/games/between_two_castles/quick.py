"""The two moves nearly every turn is made of, decided directly: a room placed from a hand and a
pair chosen. A load decides every logged move again, so these run thousands of times; each does
the checks and the state change of the general path (rules.decide, state.evolve) in one go.

Each returns None for anything it does not take on (a refusal, or a move it leaves to the general
path), which then decides it again and words the refusal.
"""
from __future__ import annotations

import random
from itertools import filterfalse
from typing import Any

from engine.core.fold import Decided

from .catalog import NORMAL_TYPES, SPECIAL_TYPES, TYPE_OF
from .events import PairChosen, RoomPlaced
from .flow import Folder, after_action, reveal_if_all_chosen, room_counted
from .state import BTCState, Place, made

_BONUS_COUNTS = (3, 5)  # the third of a type earns its bonus, the fifth a special room
_list_new = list.__new__


def place_from_hand(state: BTCState, seat: int, action: Place, rng: random.Random) -> Decided | None:
    """``decide`` for a revealed room placed from a hand (no bonus pending, the placing phase)."""
    r, k, c, f = action.room, action.castle, action.col, action.floor
    if type(r) is not int or type(k) is not int or type(c) is not int or type(f) is not int:
        return None
    fields = state.__dict__
    to_place = fields["to_place"]
    i = 0
    for tile in to_place:
        if tile.room == r and tile.placer == seat:  # the seat owes this room: it is the seat's turn
            break
        i += 1
    else:
        return None
    owner, used = tile.owner, fields["used"]
    if tile.castle >= 0:
        if k != tile.castle:
            return None
    elif (owner, k) in used or (k != owner and k != (owner - 1) % fields["positions"]):  # tile_castles
        return None
    castles = fields["castles"]
    castle = castles[k]
    if castle.problem(r, c, f) is not None:
        return None
    event = RoomPlaced(seat, owner, r, k, c, f)
    # evolve(state, event) (state._room_placed) from here on, with what was found above
    built = castle.with_room(r, c, f)
    new = fields.copy()
    new["castles"] = castles[:k] + (built,) + castles[k + 1:]
    new["to_place"] = left = to_place[:i] + to_place[i + 1:]
    new["used"] = used | {(owner, k)}
    kind = TYPE_OF[r]
    if kind in SPECIAL_TYPES:  # never from a hand as the game is dealt; kept as evolve does it
        specials = new["specials_left"]
        s = SPECIAL_TYPES.index(kind)
        new["specials_left"] = specials[:s] + (specials[s] - 1,) + specials[s + 1:]
    after = made(new)
    if left and not (kind in NORMAL_TYPES and built.type_counts[kind] in _BONUS_COUNTS):
        decided = _list_new(Decided)  # Decided((event,), after), without its __init__
        decided.append(event)
        decided.after = after
        return decided  # no bonus, and the turn goes on
    fold = Folder(after)
    fold.events.append(event)
    room_counted(fold, seat, k, r, rng)
    after_action(fold, rng)
    return Decided(fold.events, fold.state)


def choose(state: BTCState, seat: int, rooms: Any, rng: random.Random) -> Decided | None:
    """``decide`` for a pair taken from a hand (no bonus pending, the choosing phase)."""
    fields = state.__dict__
    chosen = fields["chosen"]
    if not (type(seat) is int and 0 <= seat < fields["players"] and chosen[seat] is None
            and type(rooms) is tuple and len(rooms) == 2):
        return None
    a, b = rooms
    hands = fields["hands"]
    hand = hands[seat]
    if not (type(a) is int and type(b) is int and a < b and a in hand and b in hand) \
            or (fields["ludwig"] and not fields["ludwig_assigned"] and seat == state.assigner()):
        return None
    event = PairChosen(seat, rooms)
    # evolve(state, event) (state._pair_chosen): the hand less the pair, the pair kept in secret
    new = fields.copy()
    new["hands"] = hands[:seat] + (tuple(filterfalse(rooms.__contains__, hand)),) + hands[seat + 1:]
    new["chosen"] = now = chosen[:seat] + (rooms,) + chosen[seat + 1:]
    after = made(new)
    if None in now or not new["ludwig_assigned"]:
        decided = _list_new(Decided)
        decided.append(event)
        decided.after = after
        return decided
    fold = Folder(after)
    fold.events.append(event)
    reveal_if_all_chosen(fold)
    after_action(fold, rng)
    return Decided(fold.events, fold.state)
