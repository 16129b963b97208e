"""What follows an action: bonuses earned and their draws, the end of a turn (passing hands, Ludwig's
draw), the end of a round, and the final scoring. Each helper adds events to a :class:`Folder`."""

from __future__ import annotations

import random

from engine.core import fold

from .catalog import CARD_DRAW, FOOD_DRAW, HAND_SIZE, NORMAL_TYPES, ROUNDS, SPECIAL_TYPES, TYPE_OF
from .events import (
    BonusCardsDrawn,
    BonusDeckReshuffled,
    BonusEarned,
    BonusLost,
    GameEnded,
    HandsPassed,
    LudwigDrew,
    PairsRevealed,
    RoomPileReshuffled,
    RoomsDrawn,
    RoundEnded,
    RoundStarted,
)
from .scoring import castle_score
from .state import LUDWIG, BTCState, evolve


class Folder(fold.Folder):
    evolve = staticmethod(evolve)


def start_round(fold: Folder, round_no: int, rng: random.Random) -> None:
    if len(fold.state.bag) < HAND_SIZE * fold.state.positions and fold.state.room_discards:
        _reshuffle_rooms(fold, rng)  # only after many food bonuses in a big game
    state = fold.state
    per = min(HAND_SIZE, len(state.bag) // state.positions)
    bag = state.bag
    hands = tuple(tuple(bag[p * per : (p + 1) * per]) for p in range(state.positions))
    fold.add(RoundStarted(round_no, hands))
    _start_turn(fold, rng)


def _available(state: BTCState) -> int:
    return len(state.bag) + len(state.room_discards)


def _start_turn(fold: Folder, rng: random.Random) -> None:
    state = fold.state
    if state.ludwig and len(state.hands[LUDWIG]) >= 2:
        fold.add(LudwigDrew(state.assigner(), tuple(rng.sample(state.hands[LUDWIG], 2))))


def after_action(fold: Folder, rng: random.Random) -> None:
    """Once nothing is left to place or decide this turn: pass the hands, or end the round or game."""
    state = fold.state
    if state.bonuses or state.to_place or state.phase != "placing":
        return
    if max(map(len, state.hands)) > 1:
        fold.add(HandsPassed(1 if state.round == 1 else -1))
        _start_turn(fold, rng)
        return
    fold.add(RoundEnded(state.round, tuple(r for h in state.hands for r in h)))
    if state.round < ROUNDS:
        start_round(fold, state.round + 1, rng)
    else:
        end_game(fold)


def reveal_if_all_chosen(fold: Folder) -> None:
    """Once every pair is chosen (and Ludwig's rooms assigned), all are shown together."""
    state = fold.state
    if all(c is not None for c in state.chosen) and state.ludwig_assigned:
        pairs = tuple(state.chosen[p] if p < state.players else () for p in range(state.positions))
        fold.add(PairsRevealed(pairs))


def room_counted(fold: Folder, seat: int, castle: int, room: int, rng: random.Random) -> None:
    """The third of a normal type earns its type's bonus, the fifth any special room."""
    kind = TYPE_OF[room]
    if kind not in NORMAL_TYPES:
        return
    n = fold.state.castles[castle].count(kind)
    if n == 3:
        earn(fold, seat, castle, kind, rng)
    elif n == 5:
        earn(fold, seat, castle, "special", rng)


def earn(fold: Folder, seat: int, castle: int, kind: str, rng: random.Random) -> None:
    fold.add(BonusEarned(seat, castle, kind))
    state = fold.state
    if kind == "food":
        if _available(state) == 0:
            fold.add(BonusLost(castle, kind))
            return
        if len(state.bag) < FOOD_DRAW and state.room_discards:
            _reshuffle_rooms(fold, rng)
        fold.add(RoomsDrawn(castle, fold.state.bag[:FOOD_DRAW]))
    elif kind == "utility":
        if not state.deck and not state.card_discards:
            fold.add(BonusLost(castle, kind))
            return
        if len(state.deck) < CARD_DRAW and state.card_discards:
            deck = list(state.deck) + [c for _, c in state.card_discards]
            rng.shuffle(deck)
            fold.add(BonusDeckReshuffled(tuple(deck)))
        fold.add(BonusCardsDrawn(castle, fold.state.deck[:CARD_DRAW]))
    elif (kind == "living" and not any(state.attendants_left)) or (
        kind in ("outdoor", "sleeping", "corridor", "special") and not _special_left(state, kind)
    ):
        fold.add(BonusLost(castle, kind))


def _special_left(state: BTCState, kind: str) -> bool:
    wanted = {"outdoor": "fountain", "sleeping": "tower", "corridor": "foyer"}.get(kind)
    if wanted is None:
        return any(state.specials_left)
    return state.specials_left[SPECIAL_TYPES.index(wanted)] > 0


def _reshuffle_rooms(fold: Folder, rng: random.Random) -> None:
    bag = list(fold.state.bag) + [r for _, r in fold.state.room_discards]
    rng.shuffle(bag)
    fold.add(RoomPileReshuffled(tuple(bag)))


def final_scores(state: BTCState) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Castle scores, position scores (the lower castle), and the winning positions."""
    castles = state.castles
    castle_scores = tuple(map(castle_score, castles))
    specials = [c.special_rooms for c in castles]  # each castle once, though two positions share it
    keys = []
    for p in range(state.positions):
        left, right = state.castles_of(p)
        low, high = castle_scores[left], castle_scores[right]
        if low > high:
            low, high = high, low
        keys.append((low, high, specials[left] + specials[right]))
    best = max(keys)
    winners = tuple([p for p, k in enumerate(keys) if k == best])
    return castle_scores, tuple([k[0] for k in keys]), winners


def end_game(fold: Folder) -> None:
    fold.add(GameEnded(*final_scores(fold.state)))
