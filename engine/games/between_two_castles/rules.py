"""Between Two Castles of Mad King Ludwig as a decider: the rules of seed 000 and rules.md."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from engine.core.bots import RandomBot
from engine.core.checks import Checks
from engine.core.errors import IllegalMove
from engine.core.game import PRACTICE, GameConfig, Result, Rules, Variant
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize
from .catalog import (
    ATTENDANT_NAMES,
    BONUS_CARDS,
    NORMAL_COUNT,
    NORMAL_TYPES,
    SPECIAL_FOR_BONUS,
    SPECIAL_ID,
    SPECIAL_TYPES,
    THRONES,
    room_name,
)
from .events import (
    CODEC,
    AttendantPlaced,
    BonusCardKept,
    BonusCardsDrawn,
    BonusChosen,
    GameSetUp,
    HandsPassed,
    LudwigAssigned,
    LudwigDrew,
    PairChosen,
    PairsRevealed,
    RoomPileReshuffled,
    RoomPlaced,
    RoomsDrawn,
    RoundStarted,
    BonusDeckReshuffled,
)
from .flow import Folder, after_action, earn, reveal_if_all_chosen, room_counted, start_round
from .hidden import resample_hidden
from .preview import PlacePreview, preview
from .scoring import cached_sheet
from .state import (
    CHOOSING,
    LUDWIG,
    OVER,
    PLACING,
    Assign,
    Attend,
    Bonus,
    BTCState,
    Choose,
    Keep,
    PickBonus,
    Place,
    Tile,
    evolve,
    to_act,
)
from .view import BTCView, make_view, score_lines

LUDWIG_VARIANT = Variant("ludwig", "Ludwig builds as a third partner (always, with 2 players)", always_with={2})


def _earned(top: Bonus | None) -> Bonus:
    """The bonus being taken: these moves are legal only while one is (the checks ran first)."""
    assert top is not None, "a bonus move needs a bonus being taken"
    return top


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
    def config_problem(self, config: GameConfig) -> str | None:
        return config_problem(config)

    def initial_state(self, config: GameConfig) -> BTCState:
        _check_config(config)
        return BTCState(players=config.players)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        _check_config(config)
        positions = 3 if config.players == 2 else config.players
        thrones = tuple(rng.sample(range(len(THRONES)), positions))
        bag = list(range(NORMAL_COUNT))
        rng.shuffle(bag)
        deck = list(range(len(BONUS_CARDS)))
        rng.shuffle(deck)
        fold = Folder(self.initial_state(config))
        fold.add(GameSetUp(positions, config.players == 2, thrones, tuple(bag), tuple(deck)))
        start_round(fold, 1, rng)
        return fold.decided()

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

    def decide(self, state: BTCState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if seat not in to_act(state):
            raise IllegalMove("it is not your turn")
        CHECKS.require(state, seat, action)
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
                fold.add(AttendantPlaced(seat, _earned(top).castle, name))
            case Keep(card=card):
                fold.add(BonusCardKept(seat, _earned(top).castle, card))
            case PickBonus(kind=kind):
                castle = _earned(top).castle
                fold.add(BonusChosen(seat, castle, kind))
                earn(fold, seat, castle, kind, rng)
        after_action(fold, rng)
        return fold.decided()

    def is_legal(self, state: BTCState, seat: int, action: Any) -> bool:
        """Whether ``action`` is among ``legal_actions(state, seat)``."""
        return seat in to_act(state) and CHECKS.why_not(state, seat, action) is None

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
        return Result(state.scores[: state.players], winners, True)

    def view(self, state: BTCState, seat: int | None) -> BTCView:
        return make_view(state, seat)

    def score_lines(self, state: BTCState, names: Sequence[str]) -> list[str]:
        """Every castle's score sheet by category and each player's score, for transcripts."""
        return score_lines(make_view(state, None), names)

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
        return isinstance(
            event,
            (
                RoundStarted,
                PairsRevealed,
                RoomsDrawn,
                BonusCardsDrawn,
                LudwigDrew,
                HandsPassed,
                RoomPileReshuffled,
                BonusDeckReshuffled,
            ),
        )

    def boundary(self, event: Any) -> str | None:
        if isinstance(event, RoundStarted):
            return "round"
        return "turn" if isinstance(event, HandsPassed) else None


def config_problem(config: GameConfig) -> str | None:
    """Why Between Two Castles cannot be set up so (None when it can): asked by every header
    check (a save file's, a new game's) and by the set-up itself."""
    if config.has("ludwig") and config.players != 2:
        return "the Ludwig variant is for two players"
    if not 2 <= config.players <= 7:
        return "Between Two Castles is for 3–7 players, or 2 with Ludwig"
    return None


def _check_config(config: GameConfig) -> None:
    problem = config_problem(config)
    if problem is not None:
        raise IllegalMove(problem)


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


def _ludwig_plan(state: BTCState, seat: int, room: int) -> tuple[tuple[int, int], ...]:
    mine = next(k for k in state.castles_of(LUDWIG) if seat in state.builders(k))
    other = next(k for k in state.castles_of(LUDWIG) if k != mine)
    rest = next(r for r in state.ludwig_draw if r != room)
    return ((room, mine), (rest, other))


def _bonus_first(state: BTCState, action: Any) -> str | None:
    """With a bonus pending, only what decides it: as ``_bonus_actions`` lists them."""
    top = state.bonuses[-1]
    return None if _bonus_allows(state, top, action) else f"first decide the {top.kind} bonus"


def _why_not_choose(state: BTCState, seat: int, action: Choose) -> str | None:
    if state.bonuses:
        return _bonus_first(state, action)
    rooms, hand = action.rooms, state.hands[seat]
    if (
        state.phase == CHOOSING
        and not _ludwig_first(state, seat)
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
GAME = BetweenTwoCastles()
