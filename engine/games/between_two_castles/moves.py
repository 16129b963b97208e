"""Which moves a seat has in Between Two Castles, and why a move is refused, in the player's terms:
the rules of a turn (choosing, Ludwig's rooms, placing, deciding a bonus) applied to a position."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from engine.core.checks import Checks

from .catalog import ATTENDANT_NAMES, NORMAL_TYPES, SPECIAL_FOR_BONUS, SPECIAL_ID, SPECIAL_TYPES, room_name
from .state import CHOOSING, PLACING, Assign, Attend, Bonus, BTCState, Choose, Keep, PickBonus, Place, Tile, to_act


def legal_moves(state: BTCState, seat: int) -> Iterator[Any]:
    """Every action ``seat`` may take now: a bonus's options, Ludwig's rooms, a pair, a placement."""
    if seat not in to_act(state):
        return
    if state.bonuses:
        yield from _bonus_actions(state, state.bonuses[-1])
    elif state.phase == CHOOSING:
        if state.ludwig and not state.ludwig_assigned and seat == state.assigner():
            yield from (Assign(r) for r in state.ludwig_draw)
        else:
            yield from (Choose(pair) for pair in combinations(sorted(state.hands[seat]), 2))
    elif state.phase == PLACING:
        for tile in state.to_place:
            if tile.placer == seat:
                for k in tile_castles(state, tile):
                    castle = state.castles[k]
                    yield from (Place(tile.room, k, c, f) for c, f in castle.positions(tile.room))


def not_your_turn(state: BTCState, seat: int) -> str:
    """Why ``seat`` owes nothing now, in the player's terms."""
    if state.phase == CHOOSING and not state.ludwig_assigned and 0 <= seat < state.players:
        return "Ludwig's two rooms are given to his castles first; then both players choose their pairs"
    return "it is not your turn"


def tile_castles(state: BTCState, tile: Tile) -> list[int]:
    if tile.castle >= 0:
        return [tile.castle]
    return [k for k in state.castles_of(tile.owner) if (tile.owner, k) not in state.used]


def _bonus_actions(state: BTCState, bonus: Bonus) -> Iterator[Any]:
    castle = state.castles[bonus.castle]
    kind = bonus.kind
    if kind in ("food", "outdoor", "sleeping", "corridor", "special"):
        for room in _bonus_rooms(state, bonus):
            yield from (Place(room, bonus.castle, c, f) for c, f in castle.positions(room))
    elif kind == "living":
        yield from (Attend(a) for i, a in enumerate(ATTENDANT_NAMES) if state.attendants_left[i] > 0)
    elif kind == "utility":
        yield from (Keep(c) for c in bonus.offer)
    elif kind == "downstairs":
        yield from (PickBonus(t) for t in NORMAL_TYPES if t != "downstairs")


def _bonus_rooms(state: BTCState, bonus: Bonus) -> tuple[int, ...]:
    """The rooms a bonus lets its decider place."""
    if bonus.kind == "food":
        return bonus.offer
    if bonus.kind == "special":
        return tuple(SPECIAL_ID[t] for i, t in enumerate(SPECIAL_TYPES) if state.specials_left[i] > 0)
    if bonus.kind in SPECIAL_FOR_BONUS:
        return (SPECIAL_FOR_BONUS[bonus.kind],)
    return ()


def _bonus_first(state: BTCState, action: Any) -> str | None:
    """With a bonus pending, only what decides it: as ``_bonus_actions`` lists them."""
    top = state.bonuses[-1]
    return None if _bonus_allows(state, top, action) else f"first decide the {top.kind} bonus"


def _why_not_choose(state: BTCState, seat: int, action: Choose) -> str | None:
    if state.bonuses:
        return _bonus_first(state, action)
    if _ludwig_first(state, seat):
        return "first give one of Ludwig's two drawn rooms to your castle with him"
    rooms, hand = action.rooms, state.hands[seat]
    if (
        state.phase == CHOOSING
        and type(rooms) is tuple
        and len(rooms) == 2
        and all(type(x) is int for x in rooms)
        and rooms[0] < rooms[1]
        and rooms[0] in hand
        and rooms[1] in hand
    ):
        return None
    return "choose two different rooms from your hand"


def _why_not_assign(state: BTCState, seat: int, action: Assign) -> str | None:
    if state.bonuses:
        return _bonus_first(state, action)
    if (
        state.phase == CHOOSING
        and _ludwig_first(state, seat)
        and type(action.room) is int
        and action.room in state.ludwig_draw
    ):
        return None
    return "give one of Ludwig's two drawn rooms to your castle with him"


def _ludwig_first(state: BTCState, seat: int) -> bool:
    """Two players: the seat that draws Ludwig's rooms assigns them before it chooses its pair."""
    return state.ludwig and not state.ludwig_assigned and seat == state.assigner()


def _what_is_owed(state: BTCState, seat: int, action: Any) -> str | None:
    """A bonus's action (or any other): the pending bonus takes it; else what the seat owes."""
    if state.bonuses:
        return _bonus_first(state, action)
    return "choose two rooms from your hand" if state.phase == CHOOSING else "place one of your revealed rooms"


def _why_not_place(state: BTCState, seat: int, action: Place) -> str | None:
    """A room of the seat's revealed ones, into a castle it may still build in this turn, where the
    castle takes it."""
    if state.bonuses:
        return _bonus_first(state, action)
    if state.phase != PLACING:
        return "choose two rooms from your hand"
    room, k, c, f = action.room, action.castle, action.col, action.floor
    tiles = [t for t in state.to_place if t.placer == seat and t.room == room]
    if not tiles:
        return f"you have no {room_name(room) if isinstance(room, int) else room} to place"
    if type(k) is not int or k not in tile_castles(state, tiles[0]):
        return "that room cannot go into that castle this turn"
    if type(c) is not int or type(f) is not int:
        return "a position is a column and a floor"
    if type(room) is not int:
        return "not a legal placement"
    return state.castles[k].problem(room, c, f)


def _bonus_allows(state: BTCState, top: Bonus, action: Any) -> bool:
    """Whether ``action`` decides the pending bonus ``top``, as ``_bonus_actions`` lists them."""
    kind = type(action)
    if kind is Place:
        r, k, c, f = action.room, action.castle, action.col, action.floor
        return (
            all(type(x) is int for x in (r, k, c, f))
            and k == top.castle
            and r in _bonus_rooms(state, top)
            and state.castles[k].problem(r, c, f) is None
        )
    if kind is Attend:
        name = action.attendant
        return (
            top.kind == "living"
            and type(name) is str
            and name in ATTENDANT_NAMES
            and state.attendants_left[ATTENDANT_NAMES.index(name)] > 0
        )
    if kind is Keep:
        return top.kind == "utility" and type(action.card) is int and action.card in top.offer
    if kind is PickBonus:
        return (
            top.kind == "downstairs"
            and type(action.kind) is str
            and action.kind in NORMAL_TYPES
            and action.kind != "downstairs"
        )
    return False


# Why a seat that owes an action may not take it, in the player's terms: None for exactly the
# actions legal_actions lists.
CHECKS = Checks(
    "Between Two Castles",
    {
        Place: _why_not_place,
        Choose: _why_not_choose,
        Assign: _why_not_assign,
        Attend: _what_is_owed,
        Keep: _what_is_owed,
        PickBonus: _what_is_owed,
    },
    otherwise=_what_is_owed,
)
