"""Redraw everything a seat cannot see, consistently: the contract tests use it to prove that a
view holds no secret.

Hidden from a seat: the other hands (Ludwig's too), the other seats' pairs before the reveal,
the bag's order, rooms discarded face down by others, and the bonus cards drawn, kept back or
discarded for castles it does not build.
"""

from __future__ import annotations

import random

from engine.core.fastattrs import replace

from .state import PUBLIC, Bonus, BTCState


def resample_hidden(state: BTCState, seat: int | None, rng: random.Random) -> BTCState:
    if not state.hands:
        return state
    state = _resample_rooms(state, seat, rng)
    return _resample_cards(state, seat, rng)


def _resample_rooms(state: BTCState, seat: int | None, rng: random.Random) -> BTCState:
    other = [p for p in range(state.positions) if p != seat]
    pool = [r for p in other for r in state.hands[p]]
    pool += [r for p in other if p < state.players and state.chosen for r in state.chosen[p] or ()]
    pool += list(state.bag)
    pool += [r for p, r in state.room_discards if p not in (seat, PUBLIC)]
    rng.shuffle(pool)
    it = iter(pool)

    def take(n: int) -> tuple[int, ...]:
        return tuple(next(it) for _ in range(n))

    hands = tuple(h if p == seat else take(len(h)) for p, h in enumerate(state.hands))
    chosen = state.chosen
    if chosen:
        chosen = tuple(c if p == seat or c is None else tuple(sorted(take(len(c)))) for p, c in enumerate(chosen))
    bag = take(len(state.bag))
    discards = tuple((p, r) if p in (seat, PUBLIC) else (p, next(it)) for p, r in state.room_discards)
    return replace(state, hands=hands, chosen=chosen, bag=bag, room_discards=discards)


def _resample_cards(state: BTCState, seat: int | None, rng: random.Random) -> BTCState:
    def sees(castle: int) -> bool:
        return seat is not None and seat in state.builders(castle)

    pool = list(state.deck)
    pool += [c for b in state.bonuses if b.kind == "utility" and not sees(b.castle) for c in b.offer]
    pool += [c for k, c in state.card_discards if not sees(k)]
    rng.shuffle(pool)
    it = iter(pool)
    deck = tuple(next(it) for _ in state.deck)
    bonuses = tuple(
        Bonus(b.castle, b.seat, b.kind, tuple(next(it) for _ in b.offer))
        if b.kind == "utility" and not sees(b.castle)
        else b
        for b in state.bonuses
    )
    discards = tuple((k, c) if sees(k) else (k, next(it)) for k, c in state.card_discards)
    return replace(state, deck=deck, bonuses=bonuses, card_discards=discards)
