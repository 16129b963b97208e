"""Between Two Castles' determinizer: a full position a seat cannot tell from the truth, from its view.

Public and rebuilt: the castles (rooms, attendants, kept bonus cards), the rooms being placed,
Ludwig's rooms, the bonus on top of the stack, the specials and attendants left. Drawn at
random from the rooms nobody has shown: the other hands (Ludwig's too), the pairs others chose
before the reveal, the bag's order and the rooms discarded face down; from the bonus cards
neither kept nor shown: the deck's order and the discarded cards.

The view shows only how many bonuses wait under the top one; they are filled in as the same
kind as the top one, their offers drawn like the top one's (a guess: usually one placement
earns them together).

A seat also remembers what the view no longer shows (``memory.Memory``): the hands it passed on.
``known`` gives, per position, the rooms that position is known to hold (its hand and, once it
has chosen, its pair); ``known_discards`` the rooms known to lie among the face-down discards.
Those rooms are dealt where they are known to be, and only the rest are drawn at random.
"""

from __future__ import annotations

import functools
import random

from .castle import THRONE_ROOM, Castle
from .catalog import BONUS_CARDS, CARD_DRAW, FOOD_DRAW, NORMAL_COUNT, TYPE_OF
from .scoring import cached_sheet
from .state import PLACING, PUBLIC, SETUP, Bonus, BTCState, Tile
from .view import BTCView


def determinize(
    view: BTCView,
    rng: random.Random,
    known: dict[int, tuple[int, ...]] | None = None,
    known_discards: tuple[int, ...] = (),
) -> BTCState:
    n, seat, positions = view.players, view.seat, view.positions
    known = known or {}
    if view.phase == SETUP or not view.hand_sizes:
        return BTCState(players=n, rules_version=view.rules_version)
    castles = tuple(castle_of(c) for c in view.castles)
    top = view.bonus
    # Rooms: everything not shown to this seat is one pool.
    shown = {r for c in castles for _, _, r in c.cells} | set(view.my_hand) | set(view.my_pair or ())
    shown |= {t.room for t in view.to_place} | set(view.ludwig_draw) | {r for r, _ in view.ludwig_tiles}
    shown |= set(view.open_discards) | (set(top.offer) if top is not None and top.kind == "food" else set())
    shown |= {r for held in known.values() for r in held} | set(known_discards)
    rooms = [r for r in range(NORMAL_COUNT) if r not in shown]
    rng.shuffle(rooms)
    take = _taker(rooms)
    # A known position that has chosen holds its pair among its known rooms (drawn from them).
    pairs = {p: tuple(sorted(rng.sample(known[p], 2))) for p in sorted(known) if p < n and view.chosen[p]}
    hands = tuple(
        tuple(view.my_hand)
        if p == seat
        else tuple(r for r in known[p] if r not in pairs.get(p, ()))
        if p in known
        else take(size)
        for p, size in enumerate(view.hand_sizes)
    )
    chosen = tuple(
        (view.my_pair if s == seat else pairs[s] if s in pairs else tuple(sorted(take(2)))) if done else None
        for s, done in enumerate(view.chosen)
    )
    # Bonus cards: kept ones are face up; the top offer is shown to the castle's builders.
    cards = [
        c
        for c in range(len(BONUS_CARDS))
        if c not in {k for c in castles for k in c.cards}
        and not (top is not None and top.kind == "utility" and c in top.offer)
    ]
    rng.shuffle(cards)
    deal = _taker(cards)
    bonuses: tuple[Bonus, ...] = ()
    if top is not None:

        def offer(b_offer: tuple[int, ...], size: int) -> tuple[int, ...]:
            if top.kind == "food":
                return b_offer or take(size)
            return (b_offer or deal(size)) if top.kind == "utility" else ()

        waiting = tuple(
            Bonus(top.castle, top.seat, top.kind, offer((), FOOD_DRAW if top.kind == "food" else CARD_DRAW))
            for _ in range(view.bonuses_waiting)
        )
        bonuses = waiting + (Bonus(top.castle, top.seat, top.kind, offer(top.offer, top.offer_size)),)
    bag = take(view.bag)
    hidden_at = (seat + 1) % positions if seat is not None else 0
    hidden = tuple(known_discards) + take(view.hidden_discards - len(known_discards))
    room_discards = tuple((PUBLIC, r) for r in view.open_discards) + tuple((hidden_at, r) for r in hidden)
    deck = deal(view.deck)
    card_discards = tuple((top.castle if top else 0, c) for c in deal.rest())  # the rest were discarded
    return BTCState(
        players=n,
        positions=positions,
        ludwig=view.ludwig,
        phase=view.phase,
        round=view.round,
        turn=view.turn,
        castles=castles,
        hands=hands,
        chosen=chosen,
        ludwig_draw=view.ludwig_draw,
        ludwig_assigned=not view.ludwig_draw,
        ludwig_tiles=view.ludwig_tiles,
        to_place=tuple(Tile(t.placer, t.owner, t.room, t.castle) for t in view.to_place),
        used=_used(view, rng) if view.phase == PLACING else frozenset(),
        bonuses=bonuses,
        bag=bag,
        room_discards=room_discards,
        deck=deck,
        card_discards=card_discards,
        specials_left=view.specials_left,
        attendants_left=view.attendants_left,
        castle_scores=tuple(c.score for c in view.castles) if view.finished else (),
        scores=view.scores,
        winners=view.winners,
        rules_version=view.rules_version,
    )


@functools.lru_cache(maxsize=512)
def castle_of(shown) -> Castle:
    """The castle a CastleView shows. The view lists rooms by floor; the score sheet lists each
    kind's points in the order the rooms were built, so rooms of a kind are put in an order
    that gives the same sheet (a room's points do not depend on when it was built)."""
    cells = tuple((x.col, x.floor, x.room) for x in shown.cells if x.room != THRONE_ROOM)
    castle = Castle(shown.throne, cells, shown.attendants, shown.cards)
    points: dict[tuple[int, int, int], int] = {}
    for row in cached_sheet(castle).rows:
        kind_cells = [c for c in cells if TYPE_OF[c[2]] == row.category]
        if len(kind_cells) == len(row.points):
            points.update(zip(kind_cells, row.points))
    ordered = []
    for row in shown.sheet.rows:
        left = [c for c in cells if TYPE_OF[c[2]] == row.category]
        for p in row.points:
            pick = next((c for c in left if points.get(c) == p), None)
            if pick is not None:
                left.remove(pick)
                ordered.append(pick)
    ordered += [c for c in cells if c not in ordered]
    return Castle(shown.throne, tuple(ordered), shown.attendants, shown.cards)


class _taker:
    """Deals from the front of a shuffled pool."""

    def __init__(self, pool: list[int]):
        self.pool, self.at = pool, 0

    def __call__(self, k: int) -> tuple[int, ...]:
        out = tuple(self.pool[self.at : self.at + k])
        self.at += k
        return out

    def rest(self) -> tuple[int, ...]:
        return self(len(self.pool) - self.at)


def _used(view: BTCView, rng: random.Random) -> frozenset[tuple[int, int]]:
    """The owners' castles that already got their room this turn. The view does not say which
    castle an owner's first room went to while its second waits (its tile reads "either"), so
    that one is guessed; the bot's own choices come from its real legal moves anyway."""
    used = set()
    for p in range(view.positions):
        mine = [t for t in view.to_place if t.owner == p]
        both = (p, (p - 1) % view.positions)
        if not mine:
            used |= {(p, k) for k in both}
        elif len(mine) == 1 and mine[0].castle < 0:
            used.add((p, both[rng.randrange(2)]))
    return frozenset(used)
