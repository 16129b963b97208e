"""Between Two Castles of Mad King Ludwig as a decider: the rules of seed 000 and rules.md."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.core.bots import RandomBot
from engine.core.errors import IllegalMove
from engine.core.game import PRACTICE, GameConfig, Result, Rules, Variant
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize
from .catalog import (
    BONUS_CARDS,
    NORMAL_COUNT,
    THRONES,
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
from .moves import CHECKS, legal_moves, not_your_turn
from .preview import PlacePreview, preview
from .scoring import cached_sheet
from .state import (
    LUDWIG,
    OVER,
    RULES,
    Assign,
    Attend,
    Bonus,
    BTCState,
    Choose,
    Keep,
    PickBonus,
    Place,
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
    rules_version = RULES  # 2: Ludwig's rooms are given before the pairs are chosen; a pair is final
    variants = (PRACTICE, LUDWIG_VARIANT)
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels()}
    view_class = BTCView
    codec = CODEC

    # -- setting up ----------------------------------------------------------------------------
    def config_problem(self, config: GameConfig) -> str | None:
        return config_problem(config)

    def initial_state(self, config: GameConfig) -> BTCState:
        _check_config(config)
        rules = 1 if config.rules_before(RULES) else RULES
        return BTCState(players=config.players, rules_version=rules)

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
        return legal_moves(state, seat)

    def decide(self, state: BTCState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if seat not in to_act(state):
            raise IllegalMove(not_your_turn(state, seat))
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

    def final(self, config: GameConfig, event: Any) -> str | None:
        """A chosen pair: „Hast du deine Wahl einmal getroffen, darfst du dich nicht mehr
        umentscheiden." Files saved under rules version 1 could take it back."""
        if isinstance(event, PairChosen) and not config.rules_before(RULES):
            return "a chosen pair is final (only a practice game takes it back)"
        return None

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


def _ludwig_plan(state: BTCState, seat: int, room: int) -> tuple[tuple[int, int], ...]:
    mine = next(k for k in state.castles_of(LUDWIG) if seat in state.builders(k))
    other = next(k for k in state.castles_of(LUDWIG) if k != mine)
    rest = next(r for r in state.ludwig_draw if r != room)
    return ((room, mine), (rest, other))


GAME = BetweenTwoCastles()
