"""What a seat may do in each step of its turn, and what things cost.

``step_actions`` lists every action of the current step except Done; a step with none of them
(cards playable any time do not count, except at the end of the turn) is skipped by the rules.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import attrs

from .catalog import (
    ADJACENT,
    BEFORE,
    FAVOUR,
    BORDER,
    CARDS,
    CASTLE_STEPS,
    END,
    HINTEREINGANG,
    KOENIG,
    MADAME,
    MOVES,
    MUENZEREI,
    NOBLES,
    PRIVILEGES,
    RECRUIT,
    ROOMS_STEP,
    SCHREIBSTUBE,
    SEALS,
    SUPPLY as SUPPLY_STEP,
    TOR,
)
from .events import SUPPLY, StepBegan, TurnBegan
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .state import FREE, PLACING, PLAYING, UNLIMITED, PalaisState, evolve

CARD_STEPS = {
    "before": (BEFORE,),
    "supply": (SUPPLY_STEP,),
    "moves": (MOVES,),
    "recruit": (RECRUIT,),
    "any": (BEFORE, SUPPLY_STEP, MOVES, ROOMS_STEP, RECRUIT, CARDS, END),
}


def discount(park: tuple[int, ...], space: int) -> int:
    """Free spaces next to ``space`` (orthogonally or diagonally, decorations apart)."""
    return sum(1 for other in ADJACENT[space] if park[other] == FREE)


def gold_cost(park: tuple[int, ...], space: int) -> int:
    """The noble's gold less one per free neighbouring space, never below 0 (rulebook example 1)."""
    return max(0, NOBLES[park[space]].gold - discount(park, space))


def mint_gold(state: PalaisState, seat: int) -> int:
    """What the Münzerei pays now: a coin per servant, the majority coin, 2 per gold noble; the bank
    (57 gold in all) pays no more than it holds."""
    due = state.count(MUENZEREI, seat) + state.bonus(MUENZEREI, seat) + 2 * state.benefits(seat, "gold2")
    return min(due, state.bank)


def draw_count(state: PalaisState, seat: int) -> int:
    there = state.count(HINTEREINGANG, seat)
    return there + 3 * state.benefits(seat, "cards3") if there else 0


def _sources(state: PalaisState, seat: int, target: int) -> list[int]:
    """Where a new servant comes from: the supply; once it is empty, any room of yours."""
    if state.supply[seat] > 0:
        return [SUPPLY]
    return [r for r in range(9) if r != target and state.rooms[r][seat] > 0]


def card_playable(state: PalaisState, seat: int, card: int) -> bool:
    p = PRIVILEGES[card]
    if card == FAVOUR and state.favour:
        return False  # one Royal Favour already gives every bonus this turn
    return state.step in CARD_STEPS[p.timing] and state.gold[seat] >= p.price and card in state.hands[seat]


def playable_cards(state: PalaisState, seat: int, any_time: bool) -> Iterator[PlayCard]:
    hand = state.hands[seat]
    if not hand:
        return
    for card in sorted(set(hand)):
        if (PRIVILEGES[card].timing == "any") == any_time and card_playable(state, seat, card):
            yield PlayCard(card)


def recruits(state: PalaisState, seat: int, only: int | None = None) -> Iterator[Recruit]:
    """Every way to recruit a noble now (or only the one on space ``only``)."""
    if state.count(SCHREIBSTUBE, seat) == 0:
        return
    for space, noble in enumerate(state.park):
        if noble == FREE or (only is not None and space != only) or gold_cost(state.park, space) > state.gold[seat]:
            continue
        n = NOBLES[noble]
        for wk in range(min(n.king, state.wild) + 1):
            for wm in range(min(n.madame, state.wild - wk) + 1):
                king, madame = n.king - wk, n.madame - wm
                if state.count(KOENIG, seat) < king or state.count(MADAME, seat) < madame:
                    continue
                if space not in BORDER:
                    yield Recruit(space, wk, wm, None)
                    continue
                left = list(state.rooms[r][seat] for r in range(9))
                left[KOENIG] -= king
                left[MADAME] -= madame
                left[SCHREIBSTUBE] -= 1
                for source in [SUPPLY] + [r for r in range(9) if left[r] > 0]:
                    yield Recruit(space, wk, wm, source)


def step_actions(state: PalaisState) -> Iterator[Any]:
    """The actions of the current step, without Done, cards playable any time last."""
    seat = state.turn
    if state.phase == PLACING:
        yield from (Place(r) for r in range(9))
        return
    if state.phase != PLAYING:
        return
    yield from playable_cards(state, seat, any_time=False)
    step = state.step
    if step == SUPPLY_STEP and state.gate_left != 0:
        yield from (Bring(TOR, src) for src in _sources(state, seat, TOR))
    elif step == MOVES and state.moves_left > 0:
        diagonal = state.benefits(seat, "diagonal") > 0
        for square, room in enumerate(state.layout):
            if state.rooms[room][seat]:
                yield from (Move(room, state.layout[q]) for q in CASTLE_STEPS[diagonal][square])
    elif step == ROOMS_STEP:
        if not state.minted and mint_gold(state, seat) > 0:
            yield Mint()
        for room, left in ((KOENIG, state.king_left), (MADAME, state.madame_left)):
            if left > 0:
                yield from (Bring(room, src) for src in _sources(state, seat, room))
    elif step == RECRUIT:
        yield from recruits(state, seat)
    elif step == CARDS:
        if not state.drew:
            if draw_count(state, seat) and (state.deck or state.discard):
                yield Draw()
        elif state.count(HINTEREINGANG, seat):
            yield from (Keep(c) for c in sorted(set(state.drawn)))
    yield from playable_cards(state, seat, any_time=True)


def has_work(state: PalaisState) -> bool:
    """Whether the current step offers anything besides Done worth stopping for: any action
    ``step_actions`` lists, but a card not worth a step's stay (see ``_worth_a_stay``)."""
    return any(type(a) is not PlayCard or _worth_a_stay(state, a.card) for a in step_actions(state))


def _worth_a_stay(state: PalaisState, card: int) -> bool:
    """A card that keeps a step from being passed over: one played at set times (any-time cards
    only at the end of the turn), and the seals only with a servant in the Schreibstube."""
    if PRIVILEGES[card].timing == "any" and state.step != END:
        return False
    return card != SEALS or state.count(SCHREIBSTUBE, state.turn) > 0


def is_legal(state: PalaisState, action: Any) -> bool:
    """Whether ``action`` is among ``legal(state)``, listing only the actions of its kind."""
    kind: type = type(action)
    fields = getattr(kind, "__attrs_attrs__", None)
    if fields is None or not all(type(v) is int or v is None for v in map(action.__getattribute__, _names(kind))):
        return False
    if kind is Done:
        return state.phase == PLAYING
    if kind is Recruit:
        if state.phase != PLAYING or state.step != RECRUIT or not 0 <= action.space < len(state.park):
            return False
        return any(a == action for a in recruits(state, state.turn, action.space))
    return any(a == action for a in step_actions(state) if type(a) is kind)


@functools.cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(kind))


def legal(state: PalaisState) -> Iterator[Any]:
    yield from step_actions(state)
    if state.phase == PLAYING:
        yield Done()


__all__ = [
    "legal",
    "has_work",
    "step_actions",
    "gold_cost",
    "discount",
    "mint_gold",
    "draw_count",
    "recruits",
    "card_playable",
    "UNLIMITED",
]


def passed_over(before: PalaisState, ev: Any) -> list[tuple[int, str]]:
    """The steps of ``before.turn``'s turn that ``ev`` passes over because they offered nothing
    (``has_work``), each with why in a player's words: the move list says it, or a step would
    vanish from the step bar unexplained. A StepBegan passes over the steps between the last one
    and its own; a TurnBegan the rest of the turn before it."""
    if before.phase != PLAYING or not isinstance(ev, (StepBegan, TurnBegan)):
        return []
    last = ev.step if isinstance(ev, StepBegan) else CARDS + 1
    out = []
    if before.step == RECRUIT and before.count(SCHREIBSTUBE, before.turn) > 0 and not has_work(before):
        # recruited, with servants left in the Writing Room but no other noble within reach:
        # the step ended by itself, and its unused recruits vanished unexplained
        out.append((RECRUIT, "no other noble affordable"))
    for step in range(max(before.step + 1, SUPPLY_STEP), last):
        at = evolve(before, StepBegan(before.turn, step))
        if not has_work(at):
            out.append((step, _why_nothing(at)))
    return out


def _why_nothing(state: PalaisState) -> str:
    """Why the current step offers nothing, in few words (the move list is narrow): the first
    thing ``step_actions`` finds missing."""
    seat, step = state.turn, state.step
    if step == SUPPLY_STEP:
        return "none may come" if state.gate_left == 0 else "no servant left"
    if step == MOVES:
        return "no moves"
    if step == ROOMS_STEP:
        return "nothing to take"
    if step == RECRUIT:
        return "nobody in the Writing Room" if state.count(SCHREIBSTUBE, seat) == 0 else "no noble affordable"
    return "nobody at the Back Door" if draw_count(state, seat) == 0 else "no cards left"
