"""Between Two Castles of Mad King Ludwig as a decider: the rules of seed 000 and rules.md."""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from engine.core.bots import RandomBot
from engine.core.errors import IllegalMove
from engine.core.fold import Decided
from engine.core.game import PRACTICE, GameConfig, Result, Rules, Variant
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize
from .catalog import (ATTENDANT_NAMES, BONUS_CARDS, NORMAL_COUNT, NORMAL_TYPES, SPECIAL_FOR_BONUS, SPECIAL_ID, SPECIAL_TYPES,
                      THRONES, room_name)
from .events import (CODEC, AttendantPlaced, BonusCardKept, BonusCardsDrawn, BonusChosen, GameSetUp,
                     HandsPassed, LudwigAssigned, LudwigDrew, PairChosen, PairsRevealed, RoomPileReshuffled,
                     RoomPlaced, RoomsDrawn, RoundStarted, BonusDeckReshuffled)
from .flow import Folder, after_action, earn, reveal_if_all_chosen, room_counted, shuffle, start_round
from .quick import BONUS_CHOICES, bonus_choice, choose, decide_written, place_bonus, place_from_hand
from .hidden import resample_hidden
from .preview import PlacePreview, preview
from .scoring import cached_sheet
from .state import (CHOOSING, LUDWIG, OVER, PLACING, Assign, Attend, Bonus, BTCState, Choose, Keep, PickBonus,
                    Place, Tile, evolve, to_act)
from .view import BTCView, make_view

LUDWIG_VARIANT = Variant("ludwig", "Ludwig builds as a third partner (always, with 2 players)", always_with={2})


class BetweenTwoCastles(Rules):
    """The rules of Between Two Castles of Mad King Ludwig. Stateless: one instance serves every match."""

    id = "between-two-castles"
    title = "Between Two Castles"
    description = "Draft rooms in secret and build two castles, one with each neighbour; your lower castle counts."
    min_players, max_players = 2, 7
    rules_version = 1
    variants = (PRACTICE, LUDWIG_VARIANT)
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels()}
    view_class = BTCView
    codec = CODEC

    # -- setting up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> BTCState:
        _check_config(config)
        return BTCState(players=config.players)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        _check_config(config)
        positions = 3 if config.players == 2 else config.players
        thrones = _throne_sample(rng, positions)  # tuple(rng.sample(range(len(THRONES)), positions)), quicker
        bag = list(range(NORMAL_COUNT))
        shuffle(rng, bag)  # rng.shuffle(bag), quicker
        deck = list(range(len(BONUS_CARDS)))
        shuffle(rng, deck)
        fold = Folder(self.initial_state(config))
        fold.add(GameSetUp(positions, config.players == 2, thrones, tuple(bag), tuple(deck)))
        start_round(fold, 1, rng)
        return Decided(fold.events, fold.state)

    # -- deciding ------------------------------------------------------------------------------
    def to_act(self, state: BTCState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: BTCState, seat: int) -> Iterator[Any]:
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

    decide_written = staticmethod(decide_written)  # a load's shortcut for every written move but Ludwig's

    def decide(self, state: BTCState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        # The two moves nearly every turn is made of, decided directly (a load decides each again);
        # None: anything else, or a refusal, which the general path below words.
        if not state.bonuses:
            kind = type(action)
            if kind is Place and state.phase == PLACING:
                decided = place_from_hand(state, seat, action, rng)
            elif kind is Choose and state.phase == CHOOSING:
                decided = choose(state, seat, action.rooms, rng)
            else:
                decided = None
            if decided is not None:
                return decided
        elif type(action) is Place:
            decided = place_bonus(state, seat, action, rng)
            if decided is not None:
                return decided
        elif type(action) in BONUS_CHOICES:
            decided = bonus_choice(state, seat, action, rng)
            if decided is not None:
                return decided
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if seat not in to_act(state):
            raise IllegalMove("it is not your turn")
        if not _legal_for(self, state, seat, action):
            raise IllegalMove(_why(state, seat, action))
        fold = Folder(state)
        top = state.bonuses[-1] if state.bonuses else None
        match action:
            case Choose(rooms=rooms):
                fold.add(PairChosen(seat, rooms))
                reveal_if_all_chosen(fold)
            case Assign(room=room):
                fold.add(LudwigAssigned(seat, _ludwig_plan(state, seat, room)))
                reveal_if_all_chosen(fold)
            case Place() if top is not None:
                fold.add(RoomPlaced(seat, seat, action.room, top.castle, action.col, action.floor, top.kind))
                if top.kind == "food":
                    room_counted(fold, seat, top.castle, action.room, rng)
            case Place():
                tile = next(t for t in state.to_place if t.room == action.room and t.placer == seat)
                fold.add(RoomPlaced(seat, tile.owner, action.room, action.castle, action.col, action.floor))
                room_counted(fold, seat, action.castle, action.room, rng)
            case Attend(attendant=name):
                fold.add(AttendantPlaced(seat, top.castle, name))
            case Keep(card=card):
                fold.add(BonusCardKept(seat, top.castle, card))
            case PickBonus(kind=kind):
                fold.add(BonusChosen(seat, top.castle, kind))
                earn(fold, seat, top.castle, kind, rng)
        after_action(fold, rng)
        return Decided(fold.events, fold.state)

    def is_legal(self, state: BTCState, seat: int, action: Any) -> bool:
        """Whether ``action`` is among ``legal_actions(state, seat)``, checked directly for the common
        moves (replaying a save file decides every move again)."""
        return seat in to_act(state) and _legal_for(self, state, seat, action)

    def evolve(self, state: BTCState, event: Any) -> BTCState:
        return evolve(state, event)

    # -- reading -------------------------------------------------------------------------------
    def result(self, state: BTCState) -> Result:
        if state.phase != OVER:  # the standing: each seat's lower castle as it stands
            if not state.castles:
                return Result((0,) * state.players, (), False)
            now = [cached_sheet(c).total for c in state.castles]
            return Result(tuple(min(now[k] for k in state.castles_of(s)) for s in range(state.players)), (), False)
        winners = tuple(p for p in state.winners if p < state.players)
        return Result(state.scores[:state.players], winners, True)

    def view(self, state: BTCState, seat: int | None) -> BTCView:
        return make_view(state, seat)

    def preview(self, view: BTCView, action: Any) -> PlacePreview | None:
        """For a placement: the castle's score before and after, and the bonus it earns."""
        return preview(view, action)

    def determinize(self, view: BTCView, rng: random.Random) -> BTCState:
        return determinize(view, rng)

    def resample_hidden(self, state: BTCState, seat: int | None, rng: random.Random) -> BTCState:
        return resample_hidden(state, seat, rng)

    def format_action(self, state: BTCState, seat: int, action: Any) -> str:
        return notation.format_action(state, seat, action)

    # notation.parse_action as it is: reading a move needs nothing of the rules object.
    parse_action = staticmethod(notation.parse_action)

    def describe(self, before: BTCState, event: Any, names: Sequence[str] = ()) -> str | None:
        return notation.describe(before, event, names)

    def reveals(self, event: Any) -> bool:
        return isinstance(event, (RoundStarted, PairsRevealed, RoomsDrawn, BonusCardsDrawn, LudwigDrew,
                                  HandsPassed, RoomPileReshuffled, BonusDeckReshuffled))

    def boundary(self, event: Any) -> str | None:
        if isinstance(event, RoundStarted):
            return "round"
        return "turn" if isinstance(event, HandsPassed) else None


def _legal_for(rules: BetweenTwoCastles, state: BTCState, seat: int, action: Any) -> bool:
    """``is_legal`` for a seat that owes an action now."""
    if not state.bonuses and state.phase == PLACING and type(action) is Place:
        r, k, c, f = action.room, action.castle, action.col, action.floor
        if not all(type(x) is int for x in (r, k, c, f)):
            return False
        tile = next((t for t in state.to_place if t.placer == seat and t.room == r), None)
        return tile is not None and k in tile_castles(state, tile) and state.castles[k].problem(r, c, f) is None
    if state.bonuses and type(action) is Place:
        top = state.bonuses[-1]
        r, k, c, f = action.room, action.castle, action.col, action.floor
        if not all(type(x) is int for x in (r, k, c, f)) or k != top.castle:
            return False
        return r in _bonus_rooms(state, top) and state.castles[k].problem(r, c, f) is None
    if not state.bonuses and state.phase == CHOOSING and type(action) is Choose:
        rooms = action.rooms
        if state.ludwig and not state.ludwig_assigned and seat == state.assigner():
            return False
        return (type(rooms) is tuple and len(rooms) == 2 and all(type(x) is int for x in rooms)
                and rooms[0] < rooms[1] and rooms[0] in state.hands[seat] and rooms[1] in state.hands[seat])
    if state.bonuses:  # the living, utility and downstairs bonuses, as _bonus_actions lists them
        top, kind = state.bonuses[-1], type(action)
        if kind is Attend:
            name = action.attendant
            return (top.kind == "living" and type(name) is str and name in ATTENDANT_NAMES
                    and state.attendants_left[ATTENDANT_NAMES.index(name)] > 0)
        if kind is Keep:
            return top.kind == "utility" and type(action.card) is int and action.card in top.offer
        if kind is PickBonus:
            return (top.kind == "downstairs" and type(action.kind) is str and action.kind in NORMAL_TYPES
                    and action.kind != "downstairs")
    return action in list(rules.legal_actions(state, seat))


def _check_config(config: GameConfig) -> None:
    if config.has("ludwig") and config.players != 2:
        raise IllegalMove("the Ludwig variant is for two players")
    if not 2 <= config.players <= 7:
        raise IllegalMove("Between Two Castles is for 3–7 players, or 2 with Ludwig")


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


def _throne_sample(rng: random.Random, k: int) -> tuple[int, ...]:
    """``tuple(rng.sample(range(len(THRONES)), k))``: the very same draws (random.sample's own
    loop for a population this small), without its Python overhead; every load sets up again.

    >>> _throne_sample(random.Random(5), 4) == tuple(random.Random(5).sample(range(len(THRONES)), 4))
    True
    """
    pool, picked = list(range(len(THRONES))), []
    for left in range(len(THRONES), len(THRONES) - k, -1):
        bits = left.bit_length()  # random's _randbelow(left): draws of left.bit_length() bits until one is below left
        j = rng.getrandbits(bits)
        while j >= left:
            j = rng.getrandbits(bits)
        picked.append(pool[j])
        pool[j] = pool[left - 1]
    return tuple(picked)


def _bonus_rooms(state: BTCState, bonus: Bonus) -> tuple[int, ...]:
    """The rooms a bonus lets its decider place."""
    if bonus.kind == "food":
        return bonus.offer
    if bonus.kind == "special":
        return tuple(SPECIAL_ID[t] for i, t in enumerate(SPECIAL_TYPES) if state.specials_left[i] > 0)
    if bonus.kind in SPECIAL_FOR_BONUS:
        return (SPECIAL_FOR_BONUS[bonus.kind],)
    return ()


def _ludwig_plan(state: BTCState, seat: int, room: int) -> tuple[tuple[int, int], ...]:
    mine = next(k for k in state.castles_of(LUDWIG) if seat in state.builders(k))
    other = next(k for k in state.castles_of(LUDWIG) if k != mine)
    rest = next(r for r in state.ludwig_draw if r != room)
    return ((room, mine), (rest, other))


def _why(state: BTCState, seat: int, action: Any) -> str:
    """A player's reason for refusing an action that is not among the legal ones."""
    if state.bonuses:
        return f"first decide the {state.bonuses[-1].kind} bonus"
    match action:
        case Place(room=room, castle=k, col=c, floor=f) if state.phase == PLACING:
            tiles = [t for t in state.to_place if t.placer == seat and t.room == room]
            if not tiles:
                return f"you have no {room_name(room) if isinstance(room, int) else room} to place"
            if not isinstance(k, int) or k not in tile_castles(state, tiles[0]):
                return "that room cannot go into that castle this turn"
            if isinstance(c, int) and isinstance(f, int):
                return state.castles[k].problem(room, c, f) or "not a legal placement"
            return "a position is a column and a floor"
        case Choose():
            return "choose two different rooms from your hand"
        case Assign():
            return "give one of Ludwig's two drawn rooms to your castle with him"
    if state.phase == CHOOSING:
        return "choose two rooms from your hand"
    return "place one of your revealed rooms"


GAME = BetweenTwoCastles()
