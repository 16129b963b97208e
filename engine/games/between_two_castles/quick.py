"""The moves nearly every turn is made of, decided directly: a room placed from a hand or for a
bonus, and a pair chosen. A load decides every logged move again, so these run thousands of
times; each does the checks and the state change of the general path (rules.decide, state.evolve)
in one go, and the commonest consequences too (a bonus earned that needs no shuffle, the reveal,
passing the hands) on the same copy of the state. Anything else that follows goes through flow's Folder.

Each returns None for anything it does not take on (a refusal, or a move it leaves to the general
path), which then decides it again and words the refusal.
"""
from __future__ import annotations

import random
from typing import Any

from engine.core.fold import Decided

from .castle import THRONE_ROOM
from .catalog import (ATTENDANT_NAMES, CARD_DRAW, DOWNSTAIRS_ONLY, FOOD_DRAW, NORMAL_TYPES, OPEN_TOP,
                      SPECIAL_FOR_BONUS, SPECIAL_ID, SPECIAL_TYPES, TYPE_OF, UPSTAIRS_ONLY)
from .events import (AttendantPlaced, BonusCardKept, BonusCardsDrawn, BonusChosen, BonusEarned, HandsPassed,
                     PairChosen, PairsRevealed, RoomPlaced, RoomsDrawn, quick_new)
from .flow import Folder, after_action, room_counted
from .notation import KEPT_CARDS, ROOM_IDS, ROOM_NUMBERS, SPOTS
from .state import (CHOOSING, OVER, PLACING, Attend, BTCState, Choose, Keep, PickBonus, Place, evolve,
                    fold_room_placed, made, new_bonus, pass_hands, reveal)

_BONUS_COUNTS = (3, 5)  # the third of a type earns its bonus, the fifth a special room
_list_new = list.__new__
_room_placed, _pair_chosen, _pairs_revealed = quick_new(RoomPlaced), quick_new(PairChosen), quick_new(PairsRevealed)
_bonus_earned, _hands_passed = quick_new(BonusEarned), quick_new(HandsPassed)
_rooms_drawn, _cards_drawn = quick_new(RoomsDrawn), quick_new(BonusCardsDrawn)
SPECIAL_IDS = tuple(SPECIAL_ID[t] for t in SPECIAL_TYPES)  # the special rooms' ids, in SPECIAL_TYPES order


def decide_written(state: BTCState, seat: int, move: str, rng: random.Random) -> Decided | None:
    """``decide(state, seat, parse_action(state, seat, move), rng)`` for a room placed, a pair
    chosen or a bonus decided, written as format_action writes them, without reading them by
    pattern or going through decide's dispatch: a load decides every logged move again. None for
    anything else, which the general path decides.

    >>> from .rules import GAME
    >>> from engine.core import GameConfig, rng_for
    >>> state = GAME.initial_state(GameConfig(3))
    >>> for event in GAME.setup(GameConfig(3), rng_for(7, 0)):
    ...     state = GAME.evolve(state, event)
    >>> a, b = sorted(state.hands[0])[:2]
    >>> decide_written(state, 0, f"pick {a}+{b}", None) == GAME.decide(state, 0, Choose((a, b)), None)
    True
    """
    fields = state.__dict__
    bonuses = fields["bonuses"]
    room, at, where = move.partition("@")
    if at:  # parse_action's look-ups, the room then placed as decide places it
        r, spot, positions = ROOM_IDS.get(room), SPOTS.get(where), fields["positions"]
        if r is None or spot is None or not 0 <= seat < positions:
            return None  # (a spot beyond the table's castles too: parse_action reads it)
        left, c, f = spot
        k = seat if left else (seat - 1) % positions
        if bonuses:
            return place_bonus_room(state, seat, r, k, c, f, rng)
        return place_room(state, seat, r, k, c, f, rng) if fields["phase"] == PLACING else None
    if bonuses:  # an attendant, a bonus card or another type's bonus, read as parse_action reads it
        word, _, arg = move.partition(" ")
        if word == "keep" and arg in KEPT_CARDS:
            return bonus_choice(state, seat, Keep(KEPT_CARDS[arg]), rng)
        if word == "attendant" and arg in ATTENDANT_NAMES:
            return bonus_choice(state, seat, Attend(arg), rng)
        if word == "bonus" and arg in NORMAL_TYPES:
            return bonus_choice(state, seat, PickBonus(arg), rng)
    elif move.startswith("pick ") and fields["phase"] == CHOOSING:
        first, _, second = move[5:].partition("+")
        a, b = ROOM_NUMBERS.get(first), ROOM_NUMBERS.get(second)
        if a is not None and b is not None:
            return choose(state, seat, (a, b) if a <= b else (b, a), rng)
    return None


def place_from_hand(state: BTCState, seat: int, action: Place, rng: random.Random) -> Decided | None:
    """``decide`` for a revealed room placed from a hand (no bonus pending, the placing phase)."""
    r, k, c, f = action.room, action.castle, action.col, action.floor
    if type(r) is not int or type(k) is not int or type(c) is not int or type(f) is not int:
        return None
    return place_room(state, seat, r, k, c, f, rng)


def place_room(state: BTCState, seat: int, r: int, k: int, c: int, f: int, rng: random.Random) -> Decided | None:
    """``place_from_hand`` for room ``r`` into castle ``k`` at (``c``, ``f``), all ints."""
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
    # castle.problem(r, c, f) is None, inline: the cell is free, on a floor the room may take, held
    # up where it must be, touching the castle, and not above a room open to the sky
    grid, kind = castle.grid, TYPE_OF[r]
    below = grid.get((c, f - 1))
    if (c, f) in grid or (f < 0 and kind in UPSTAIRS_ONLY) or (f >= 0 and kind in DOWNSTAIRS_ONLY) \
            or (below is None and (f > 0 or not ((c, f + 1) in grid or (c - 1, f) in grid or (c + 1, f) in grid))) \
            or (below is not None and below != THRONE_ROOM and TYPE_OF[below] in OPEN_TOP):
        return None
    event = _room_placed(seat, owner, r, k, c, f)
    # evolve(state, event) (state._room_placed) from here on, with what was found above
    built = castle.with_room(r, c, f)
    new = fields.copy()
    # tuple(list) with one item set: fewer objects made than slices joined (here and below)
    changed = list(castles)
    changed[k] = built
    new["castles"] = tuple(changed)
    new["to_place"] = left = to_place[:i] + to_place[i + 1:]
    new["used"] = used | {(owner, k)}
    if kind in SPECIAL_TYPES:  # never from a hand as the game is dealt; kept as evolve does it
        specials = new["specials_left"]
        s = SPECIAL_TYPES.index(kind)
        new["specials_left"] = specials[:s] + (specials[s] - 1,) + specials[s + 1:]
    count = built.type_counts[kind] if kind in NORMAL_TYPES else 0
    if count in _BONUS_COUNTS:
        decided = _earn(new, event, seat, k, kind if count == 3 else "special")
        if decided is not None:
            return decided
    elif left:
        decided = _list_new(Decided)  # Decided((event,), after), without its __init__
        decided.append(event)
        decided.after = made(new)
        return decided  # no bonus, and the turn goes on
    elif not new["ludwig"] and max(map(len, new["hands"])) > 1:
        # the turn's last room, and the hands go on (flow.after_action, HandsPassed folded on the
        # same copy of the fields; Ludwig's draw, which follows it, is left to the general path)
        step = 1 if new["round"] == 1 else -1
        pass_hands(new, step)
        decided = _list_new(Decided)
        decided += (event, _hands_passed(step))
        decided.after = made(new)
        return decided
    after = made(new)
    fold = Folder(after)
    fold.events.append(event)
    room_counted(fold, seat, k, r, rng)
    after_action(fold, rng)
    return Decided(fold.events, fold.state)


def _earn(new: dict, event: RoomPlaced, seat: int, k: int, earned: str) -> Decided | None:
    """flow.room_counted and flow.earn for a bonus that is not lost and needs no shuffle: one that
    draws nothing, and the food and utility bonuses while their pile holds a whole draw. It is
    pushed on the same copy of the fields (left as it was for None) and decided next, so
    after_action adds nothing."""
    if earned in _PLAIN_BONUSES:
        if not _supplied(new, earned):
            return None
        bonus, drawn = new_bonus(k, seat, earned), None
    elif earned == "food" and len(new["bag"]) >= FOOD_DRAW:
        bag = new["bag"]
        rooms, new["bag"] = bag[:FOOD_DRAW], bag[FOOD_DRAW:]
        bonus, drawn = new_bonus(k, seat, earned, rooms), _rooms_drawn(k, rooms)
    elif earned == "utility" and len(new["deck"]) >= CARD_DRAW:
        deck = new["deck"]
        cards, new["deck"] = deck[:CARD_DRAW], deck[CARD_DRAW:]
        bonus, drawn = new_bonus(k, seat, earned, cards), _cards_drawn(k, cards)
    else:
        return None
    new["bonuses"] = new["bonuses"] + (bonus,)
    decided = _list_new(Decided)  # Decided(events, after), without its __init__
    decided += (event, _bonus_earned(seat, k, earned))
    if drawn is not None:
        decided.append(drawn)
    decided.after = made(new)
    return decided


_PLAIN_BONUSES = frozenset({"living", "outdoor", "sleeping", "corridor", "downstairs", "special"})
_SPECIAL_FOR = {"outdoor": "fountain", "sleeping": "tower", "corridor": "foyer"}


def _supplied(fields: dict, kind: str) -> bool:
    """Whether a bonus that draws nothing finds its supply (else flow.earn loses it)."""
    if kind == "living":
        return any(fields["attendants_left"])
    if kind == "downstairs":
        return True
    specials = fields["specials_left"]
    wanted = _SPECIAL_FOR.get(kind)
    return any(specials) if wanted is None else specials[SPECIAL_TYPES.index(wanted)] > 0


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
    event = _pair_chosen(seat, rooms)
    # evolve(state, event) (state._pair_chosen): the hand less the pair, the pair kept in secret
    new = fields.copy()
    # The hand less the pair (evolve keeps each room not in the pair): a hand never holds a room
    # twice (each is dealt once from the bag), so removing each once is the same, done in C.
    rest = list(hand)
    rest.remove(a)
    rest.remove(b)
    changed = list(hands)
    changed[seat] = tuple(rest)
    new["hands"] = tuple(changed)
    changed = list(chosen)
    changed[seat] = rooms
    new["chosen"] = now = tuple(changed)
    decided = _list_new(Decided)  # Decided(events, after), without its __init__
    decided.append(event)
    if None in now or not new["ludwig_assigned"]:
        decided.after = made(new)
        return decided
    # The last pair: all are revealed together (flow.reveal_if_all_chosen, and PairsRevealed folded
    # on the same copy of the fields); the rooms then wait to be placed, so the turn goes on.
    players, positions = new["players"], new["positions"]
    pairs = now if positions == players else tuple(now[p] if p < players else () for p in range(positions))
    revealed = _pairs_revealed(pairs)
    reveal(new, pairs)
    decided.append(revealed)
    decided.after = made(new)
    return decided


def place_bonus(state: BTCState, seat: int, action: Place, rng: random.Random) -> Decided | None:
    """``decide`` for a room a pending bonus lets its decider place (a bonus pending)."""
    r, k, c, f = action.room, action.castle, action.col, action.floor
    if type(r) is not int or type(k) is not int or type(c) is not int or type(f) is not int:
        return None
    return place_bonus_room(state, seat, r, k, c, f, rng)


def place_bonus_room(state: BTCState, seat: int, r: int, k: int, c: int, f: int, rng: random.Random) -> Decided | None:
    """``place_bonus`` for room ``r`` into castle ``k`` at (``c``, ``f``), all ints."""
    top = state.bonuses[-1]
    if seat != top.seat or k != top.castle or state.phase == OVER:  # to_act(state) is {top.seat}
        return None
    kind = top.kind
    if kind == "food":
        allowed = r in top.offer
    elif kind == "special":
        allowed = r in SPECIAL_IDS and state.specials_left[SPECIAL_IDS.index(r)] > 0
    else:
        allowed = SPECIAL_FOR_BONUS.get(kind) == r
    if not allowed or state.castles[k].problem(r, c, f) is not None:
        return None
    event = _room_placed(seat, seat, r, k, c, f, kind)
    after = fold_room_placed(state, event)
    if kind != "food" and (after.bonuses or after.to_place or after.phase != PLACING):
        decided = _list_new(Decided)  # nothing follows: after_action would add nothing
        decided.append(event)
        decided.after = after
        return decided
    fold = Folder(after)
    fold.events.append(event)
    if kind == "food":
        room_counted(fold, seat, k, r, rng)
    after_action(fold, rng)
    return Decided(fold.events, fold.state)


def bonus_choice(state: BTCState, seat: int, action: Any, rng: random.Random) -> Decided | None:
    """``decide`` for an attendant placed, a bonus card kept or another type's bonus taken (the
    living, utility and downstairs bonuses): rules._legal_for's checks, then the event folded by
    the state's own handler, without the general path's turn and legality search."""
    fields = state.__dict__
    bonuses = fields["bonuses"]
    top = bonuses[-1]
    if seat != top.seat or fields["phase"] == OVER:  # to_act(state) is {top.seat}
        return None
    k, kind = top.castle, type(action)
    if kind is PickBonus:  # BonusChosen pops the bonus, then flow.earn for the type taken
        taken = action.kind
        if top.kind != "downstairs" or type(taken) is not str or taken not in _TAKEN:
            return None
        new = fields.copy()
        new["bonuses"] = bonuses[:-1]
        return _earn(new, _bonus_chosen(seat, k, taken), seat, k, taken)
    if kind is Attend:
        name = action.attendant
        if top.kind != "living" or type(name) is not str or name not in ATTENDANT_NAMES \
                or fields["attendants_left"][ATTENDANT_NAMES.index(name)] <= 0:
            return None
        event = _attendant_placed(seat, k, name)
    else:  # Keep
        card = action.card
        if top.kind != "utility" or type(card) is not int or card not in top.offer:
            return None
        event = _card_kept(seat, k, card)
    after = evolve(state, event)
    if after.bonuses or after.to_place or after.phase != PLACING:  # after_action adds nothing
        decided = _list_new(Decided)
        decided.append(event)
        decided.after = after
        return decided
    fold = Folder(after)
    fold.events.append(event)
    after_action(fold, rng)
    return Decided(fold.events, fold.state)


_TAKEN = frozenset(NORMAL_TYPES) - {"downstairs"}  # the bonuses the downstairs bonus may stand in for
_attendant_placed, _card_kept = quick_new(AttendantPlaced), quick_new(BonusCardKept)
_bonus_chosen = quick_new(BonusChosen)
BONUS_CHOICES = (Attend, Keep, PickBonus)  # the actions bonus_choice takes
