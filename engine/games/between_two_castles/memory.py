"""What a seat remembers that its view no longer shows: the hands it passed on.

A hand passed on travels one seat a turn (to the left in round 1, to the right in round 2), and
everything its holders take out of it is revealed and placed. So from turn 2 on a seat knows
the whole hand of the neighbour it passed to, from turn 3 that of the next seat too, and the
room each of those hands leaves face down at the round's end. The thinking bot's sampled
states keep those rooms where they are (``determinize`` with ``known``), and a seat that has
chosen its pair holds the pair the greedy bot would choose from its hand, known or drawn (the
search models every other seat as a greedy player).

Only the seat's own views feed the memory; a memory that has seen nothing (a hint's fresh
bot) samples as ``determinize`` does, but for the pairs of the seats that have chosen.

    >>> memory = Memory()
    >>> memory.known(None)
    ({}, ())
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from engine.core.fastattrs import replace

from .determinize import determinize
from .rollout import rollout_policy
from .state import CHOOSING, PLACING, BTCState, Choose
from .view import BTCView


class Memory:
    """The seat's hands and pairs by (round, turn), as its views showed them."""

    def __init__(self) -> None:
        self.hands: dict[tuple[int, int], frozenset[int]] = {}  # the whole hand, pair included
        self.pairs: dict[tuple[int, int], frozenset[int]] = {}
        self.last: tuple[int, int] = (0, 0)

    def observe(self, view: BTCView) -> None:
        """Remember what this view shows of the seat's own hand and pair."""
        if view.seat is None or not view.hand_sizes or view.phase not in (CHOOSING, PLACING):
            return
        now = (view.round, view.turn)
        if now < self.last:  # a new game for the same bot: forget the old one
            self.hands.clear()
            self.pairs.clear()
        self.last = now
        if view.phase == CHOOSING:
            self.hands[now] = frozenset(view.my_hand) | frozenset(view.my_pair or ())
            if view.my_pair:
                self.pairs[now] = frozenset(view.my_pair)
        else:
            mine = [t.room for t in view.to_place if t.owner == view.seat and t.placer == view.seat]
            if len(mine) == 2 and now not in self.pairs:
                self.pairs[now] = frozenset(mine)
            if now in self.pairs and now not in self.hands:
                self.hands[now] = frozenset(view.my_hand) | self.pairs[now]

    def known(self, view: BTCView | None) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
        """The rooms each other position is known to hold now (hand and chosen pair), and the
        rooms known to lie face down among the discards."""
        if view is None or view.seat is None or not view.hand_sizes or view.phase not in (CHOOSING, PLACING):
            return {}, ()
        public = _public(view)
        held: dict[int, tuple[int, ...]] = {}
        discards: list[int] = []
        for r in range(1, view.round + 1):
            step = 1 if r == 1 else -1
            for t in range(1, 5):
                passed = self._passed(r, t)
                if passed is None:
                    continue
                left = tuple(sorted(passed - public))
                if r < view.round:  # the round is over: what is left of it lies face down
                    if len(left) == 1:
                        discards.extend(left)
                    continue
                if t >= view.turn:
                    continue
                holder = (view.seat + step * (view.turn - t)) % view.positions
                if holder == view.seat or holder >= view.players:
                    continue
                size = view.hand_sizes[holder] + (2 if view.chosen[holder] else 0)
                if len(left) == size and size:
                    held[holder] = left
        discards = [r for r in dict.fromkeys(discards) if r not in public]
        if len(discards) > view.hidden_discards:
            discards = []
        return held, tuple(discards)

    def _passed(self, r: int, t: int) -> frozenset[int] | None:
        hand, pair = self.hands.get((r, t)), self.pairs.get((r, t))
        if hand is None or pair is None:
            return None
        return hand - pair

    def determinize(self, game: Any, view: BTCView, rng: random.Random) -> BTCState:
        """A sampled state that keeps what the seat remembers (``determinize`` with ``known``);
        a seat that has chosen holds the pair the greedy bot would choose from its hand (the
        known one, or the one drawn for it)."""
        held, discards = self.known(view)
        if held or discards:
            state = determinize(view, rng, held, discards)
        else:
            state = game.determinize(view, rng)
        if view.phase != CHOOSING:
            return state
        for p, pair in enumerate(state.chosen):
            if pair is not None and p != view.seat:
                state = _greedy_pair(game, state, p, held.get(p, state.hands[p] + pair), rng)
        return state


def _public(view: BTCView) -> frozenset[int]:
    """The rooms this view shows outside any hidden hand: in the castles, being placed, Ludwig's,
    discarded face up, offered by a food bonus, and the seat's own hand and pair."""
    rooms = {c.room for castle in view.castles for c in castle.cells}
    rooms |= {t.room for t in view.to_place} | set(view.ludwig_draw) | {r for r, _ in view.ludwig_tiles}
    rooms |= set(view.open_discards) | set(view.my_hand) | set(view.my_pair or ())
    if view.bonus is not None and view.bonus.kind == "food":
        rooms |= set(view.bonus.offer)
    return frozenset(rooms)


def _greedy_pair(game: Any, state: BTCState, p: int, rooms: tuple[int, ...], rng: random.Random) -> BTCState:
    hands, chosen = list(state.hands), list(state.chosen)
    hands[p], chosen[p] = tuple(rooms), None
    whole = replace(state, hands=tuple(hands), chosen=tuple(chosen), phase=CHOOSING)
    legal = [Choose(pair) for pair in combinations(sorted(rooms), 2)]
    pair = rollout_policy(game, whole, p, legal, rng).rooms
    hands[p], chosen[p] = tuple(r for r in rooms if r not in pair), pair
    return replace(state, hands=tuple(hands), chosen=tuple(chosen))
