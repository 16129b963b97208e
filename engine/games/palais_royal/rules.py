"""Palais Royal as a decider: the rules of the rulebook (seed 001) and rules.md."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.core.bots import RandomBot
from engine.core import fold
from engine.core.errors import IllegalMove
from engine.core.game import PRACTICE, GameConfig, Result, Rules, Variant
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize
from .recap import recap_notes
from .catalog import (
    BANK_OF_57,
    CARDS,
    COPIES,
    END,
    END_NOBLES,
    FIRST_GAME_LAYOUT,
    GOLD,
    GOLD_V1,
    IN_PARK,
    NOBLE_COUNT,
    NOBLES,
    PRIVILEGES,
    SETUP_PLACEMENTS,
    STALL_ROUNDS,
    TOR,
)
from .events import (
    CODEC,
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
from .hidden import resample
from .refusals import CHECKS
from .scoring import final_scoring
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .state import OVER, PLACING, PLAYING, PalaisState, evolve
from .turn import draw_count, gold_cost, has_work, legal, mint_gold
from .view import PalaisView, make_view, score_lines

FIRST_GAME = Variant("first-game", "the castle rooms laid as the rulebook recommends for a first game")


class Folder(fold.Folder):
    """Events decided so far, and the position they lead to.

    A step passed over at once leaves no trace: a StepBegan followed straight away by another
    StepBegan or a TurnBegan is dropped, since the later event resets everything it set.
    """

    evolve = staticmethod(evolve)

    def __init__(self, state: PalaisState):
        super().__init__(state)
        self._before_last = state

    def add(self, ev: Any) -> None:
        if self.events and isinstance(self.events[-1], StepBegan) and isinstance(ev, (StepBegan, TurnBegan)):
            self.events.pop()
            self.state = self._before_last
        self._before_last = self.state
        super().add(ev)


class PalaisRoyal(Rules):
    """The rules of Palais Royal. Stateless: one instance serves every match.

    match = Match.new(GAME, GameConfig(3), seats, seed=1)
    match.play(match.state.turn, "+Mu")   # a set-up servant into the Münzerei
    """

    id = "palais-royal"
    title = "Palais Royal"
    description = "Place servants in the rooms of the castle and recruit the nobles of the park."
    min_players, max_players = 2, 4
    rules_version = 2  # 2: the bank holds 57 gold (1: 33)
    variants = (PRACTICE, FIRST_GAME)
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels()}
    view_class = PalaisView
    codec = CODEC

    # -- setting up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> PalaisState:
        bank = GOLD_V1 if config.rules_before(BANK_OF_57) else GOLD
        return PalaisState(players=config.players, bank=bank)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        nobles = list(range(NOBLE_COUNT))
        rng.shuffle(nobles)
        if config.has(FIRST_GAME.key):
            layout = FIRST_GAME_LAYOUT
        else:  # the Tor stays in the centre; the other rooms are laid at random around it
            others = [r for r in range(9) if r != TOR]
            rng.shuffle(others)
            layout = tuple(others[:4] + [TOR] + others[4:])
        deck = [c for c in range(len(PRIVILEGES)) for _ in range(COPIES)]
        rng.shuffle(deck)
        start = rng.randrange(config.players)
        return [GameSetUp(start, tuple(layout), tuple(nobles[:IN_PARK]), tuple(sorted(nobles[IN_PARK:])), tuple(deck))]

    # -- deciding ------------------------------------------------------------------------------
    def to_act(self, state: PalaisState) -> frozenset[int]:
        return frozenset({state.turn}) if state.phase in (PLACING, PLAYING) else frozenset()

    def legal_actions(self, state: PalaisState, seat: int) -> Iterator[Any]:
        if seat in self.to_act(state):
            yield from legal(state)

    def decide(self, state: PalaisState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if state.phase == OVER:
            raise IllegalMove("the game is over")
        if seat not in self.to_act(state):
            raise IllegalMove("it is not your turn")
        CHECKS.require(state, seat, action)
        fold = Folder(state)
        _act(fold, seat, action, rng)
        settle(fold)
        return fold.decided()

    def evolve(self, state: PalaisState, event: Any) -> PalaisState:
        return evolve(state, event)

    # -- reading -------------------------------------------------------------------------------
    def result(self, state: PalaisState) -> Result:
        if state.final is not None:
            return Result(state.final.totals, state.final.winners, True)
        if state.phase == PLACING or state.phase == PLAYING:
            ended = final_scoring(state)
            return Result(ended.totals, (), False)
        return Result((0,) * state.players, (), False)

    def view(self, state: PalaisState, seat: int | None) -> PalaisView:
        return make_view(state, seat)

    def recap_notes(self, before: PalaisView, after: PalaisView) -> tuple[str, ...]:
        """A row's bonus or a room's majority another's move took from you (recap.py)."""
        return recap_notes(before, after)

    def score_lines(self, state: PalaisState, names: Sequence[str]) -> list[str]:
        """The final scoring per player, for transcripts (read from the spectator's view)."""
        return score_lines(make_view(state, None), names, self.result(state).scores)

    def format_action(self, state: PalaisState, seat: int, action: Any) -> str:
        return notation.format_action(state, action)

    def parse_action(self, state: PalaisState, seat: int, text: str) -> Any:
        return notation.parse_action(state, text)

    def describe(self, before: PalaisState, event: Any, names: Sequence[str] = ()) -> str | None:
        return notation.describe(before, event, names)

    def reveals(self, event: Any) -> bool:
        # A played card and the final count show what was secret; a draw or reshuffle is chance.
        return isinstance(event, (GameSetUp, CardsDrawn, DeckReshuffled, CardPlayed, GameEnded))

    def boundary(self, event: Any) -> str | None:
        if isinstance(event, TurnBegan):
            return "round" if event.opens_round else "turn"
        if isinstance(event, ServantPlaced):
            return "turn"
        return None

    def determinize(self, view: PalaisView, rng: random.Random) -> PalaisState:
        return determinize(view, rng)

    def resample_hidden(self, state: PalaisState, seat: int | None, rng: random.Random) -> PalaisState:
        return resample(state, seat, rng)


def _act(fold: Folder, seat: int, action: Any, rng: random.Random) -> None:
    state = fold.state
    match action:
        case Place(room=room):
            last = state.placed == SETUP_PLACEMENTS - 1 and state.next_seat(seat) == state.start_player
            fold.add(ServantPlaced(seat, room))
            if last:
                fold.add(TurnBegan(state.start_player, 1, False, True))
        case PlayCard(card=card):
            fold.add(CardPlayed(seat, card))
        case Bring(room=room, source=source):
            fold.add(ServantBrought(seat, room, source))
        case Move(from_room=a, to_room=b):
            fold.add(ServantMoved(seat, a, b))
        case Mint():
            fold.add(GoldMinted(seat, mint_gold(state, seat)))
        case Recruit():
            fold.add(_recruited(state, seat, action))
        case Draw():
            _draw(fold, seat, draw_count(state, seat), rng)
        case Keep(card=card):
            fold.add(CardKept(seat, card))
        case Done():
            fold.add(StepFinished(seat, state.step))
            _finish_step(fold)


def _recruited(state: PalaisState, seat: int, action: Recruit) -> NobleRecruited:
    noble = NOBLES[state.park[action.space]]
    wanted = {"servants1": 1, "servants3": 3}.get(noble.benefit, 0)
    return NobleRecruited(
        seat,
        action.space,
        noble.index,
        gold_cost(state.park, action.space),
        noble.king - action.wild_king,
        noble.madame - action.wild_madame,
        action.wild_king + action.wild_madame,
        action.source,
        min(wanted, state.reserve[seat]),
    )


def _draw(fold: Folder, seat: int, count: int, rng: random.Random) -> None:
    """Draw from the deck; when it runs out, the open discard pile is shuffled into a new one."""
    while count > 0:
        if not fold.state.deck:
            if not fold.state.discard:
                return
            pile = list(fold.state.discard)
            rng.shuffle(pile)
            fold.add(DeckReshuffled(tuple(pile)))
        cards = fold.state.deck[:count]
        fold.add(CardsDrawn(seat, cards))
        count -= len(cards)


def _finish_step(fold: Folder) -> None:
    state = fold.state
    if state.step == CARDS and state.drawn:
        fold.add(CardsDiscarded(state.turn, state.drawn))
    if fold.state.step < END:
        fold.add(StepBegan(state.turn, fold.state.step + 1))
    else:
        _next_turn(fold)


def _next_turn(fold: Folder) -> None:
    state = fold.state
    seat = state.next_seat(state.turn)
    if seat == state.start_player:
        if state.last_round:
            fold.add(final_scoring(state))
            return
        last = state.nobles_in_park() <= END_NOBLES or state.round - state.recruit_round >= STALL_ROUNDS
        fold.add(TurnBegan(seat, state.round + 1, last, True))
    else:
        fold.add(TurnBegan(seat, state.round, state.last_round, False))


def settle(fold: Folder) -> None:
    """Move on past every step (and turn) in which the seat can do nothing but finish it.

    Should two whole rounds go by in which nobody can do anything, nothing can ever change again:
    the game then ends and is scored as it stands.
    """
    empty_turns = 0
    while fold.state.phase == PLAYING and not has_work(fold.state):
        if fold.state.step == END:
            empty_turns += 1
            if empty_turns > 2 * fold.state.players:
                fold.add(final_scoring(fold.state))
                return
        _finish_step(fold)


GAME = PalaisRoyal()
