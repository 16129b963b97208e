"""The Between Two Castles position, the actions, and how each event changes the position (pure)."""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.fastattrs import replace
from engine.core.fold import Fold

from .castle import Castle
from .catalog import ATTENDANT_COPIES, ATTENDANT_NAMES, SPECIAL_COPIES, SPECIAL_TYPES, TYPE_OF
from .events import (
    AttendantPlaced,
    BonusCardKept,
    BonusCardsDrawn,
    BonusChosen,
    BonusDeckReshuffled,
    BonusEarned,
    BonusLost,
    GameEnded,
    GameSetUp,
    HandsPassed,
    LudwigAssigned,
    LudwigDrew,
    PairChosen,
    PairsRevealed,
    RoomPileReshuffled,
    RoomPlaced,
    RoomsDrawn,
    RoundEnded,
    RoundStarted,
)

SETUP, CHOOSING, PLACING, OVER = "setup", "choosing", "placing", "over"
LUDWIG = 2  # Ludwig's position in the two-player game
PUBLIC = -1  # a discarded room everybody saw
# The rules version of this package (rules.BetweenTwoCastles.rules_version). Version 2: with Ludwig,
# the players choose their pairs only once his two rooms are given to his castles, and (outside
# practice games) a chosen pair is final. Files saved under version 1 keep what they were played
# by (state.rules_version): the other player could choose while the rooms were still to be given.
RULES = 2


# -- actions ---------------------------------------------------------------------------------------
@attrs.frozen
class Choose:
    """Take two rooms from your hand, in secret (sorted ids)."""

    rooms: tuple[int, int]


@attrs.frozen
class Assign:
    """Two players: of Ludwig's two drawn rooms, this one goes to the castle you share with him."""

    room: int


@attrs.frozen
class Place:
    """Place a room (from your pair, Ludwig's, or a bonus) into a castle at (col, floor)."""

    room: int
    castle: int
    col: int
    floor: int


@attrs.frozen
class Attend:
    """The living-room bonus: a royal attendant into the throne room."""

    attendant: str


@attrs.frozen
class Keep:
    """The utility bonus: keep this bonus card of the three drawn."""

    card: int


@attrs.frozen
class PickBonus:
    """The downstairs bonus: take this other type's bonus."""

    kind: str


# -- the position ----------------------------------------------------------------------------------
@attrs.frozen
class Bonus:
    castle: int
    seat: int  # who decides it
    kind: str
    offer: tuple[int, ...] = ()  # rooms (food) or bonus cards (utility) drawn to choose from


@attrs.frozen
class Tile:
    """A revealed room still to be placed this turn."""

    placer: int  # the seat that places it
    owner: int  # the position whose room it is
    room: int
    castle: int  # -1: either of the owner's castles it has not yet built in this turn


@attrs.frozen(slots=False)  # slots=False: evolve copies the dict (engine/core/fastattrs.py)
class BTCState:
    players: int
    positions: int = 0
    ludwig: bool = False
    phase: str = SETUP
    round: int = 0
    turn: int = 0
    castles: tuple[Castle, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    chosen: tuple[tuple[int, ...] | None, ...] = ()  # secret pairs before the reveal
    ludwig_draw: tuple[int, ...] = ()  # Ludwig's two rooms, drawn and not yet assigned
    ludwig_assigned: bool = True
    ludwig_tiles: tuple[tuple[int, int], ...] = ()  # (room, castle) assigned, until the reveal
    to_place: tuple[Tile, ...] = ()
    used: frozenset[tuple[int, int]] = frozenset()  # (owner, castle) that got the owner's room this turn
    bonuses: tuple[Bonus, ...] = ()  # a stack: the last one is decided first
    bag: tuple[int, ...] = ()
    room_discards: tuple[tuple[int, int], ...] = ()  # (position that saw it or PUBLIC, room)
    deck: tuple[int, ...] = ()
    card_discards: tuple[tuple[int, int], ...] = ()  # (castle, card)
    specials_left: tuple[int, ...] = tuple(SPECIAL_COPIES[t] for t in SPECIAL_TYPES)
    attendants_left: tuple[int, ...] = (ATTENDANT_COPIES,) * len(ATTENDANT_NAMES)
    castle_scores: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    rules_version: int = RULES  # 1 for a file saved under the old rules (see RULES)

    def castles_of(self, position: int) -> tuple[int, int]:
        """The castle on the position's left (shared with position + 1), then the one on its right."""
        return position, (position - 1) % self.positions

    def builders(self, castle: int) -> tuple[int, int]:
        return castle, (castle + 1) % self.positions

    def seats_of(self, castle: int) -> tuple[int, ...]:
        """The seats (not Ludwig) that build a castle."""
        return tuple(p for p in self.builders(castle) if p < self.players)

    def assigner(self) -> int:
        """The seat that draws and assigns Ludwig's rooms: on his left in round 1, on his right in round 2."""
        return (LUDWIG + (1 if self.round == 1 else -1)) % self.positions

    @property
    def finished(self) -> bool:
        return self.phase == OVER


def to_act(state: BTCState) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.bonuses:
        return frozenset({state.bonuses[-1].seat})
    if state.phase == CHOOSING:
        if not state.ludwig_assigned and state.rules_version >= 2:
            # „Legt diese beiden Plättchen offen neben das ihnen zugewiesene Schloss. Anschließend
            # wählen die menschlichen Spieler 2 Plättchen": Ludwig's rooms first, then the pairs.
            return frozenset({state.assigner()})
        waiting = {s for s in range(state.players) if state.chosen[s] is None}
        if not state.ludwig_assigned:
            waiting.add(state.assigner())  # rules version 1: the other player could choose already
        return frozenset(waiting)
    if state.phase == PLACING:
        return frozenset(t.placer for t in state.to_place)
    return frozenset()


# -- evolve ----------------------------------------------------------------------------------------
evolve = Fold("Between Two Castles")


@evolve.on(GameSetUp)
def _set_up(state: BTCState, ev: GameSetUp) -> BTCState:
    return replace(
        state,
        positions=ev.positions,
        ludwig=ev.ludwig,
        castles=tuple(Castle(t) for t in ev.thrones),
        bag=ev.bag,
        deck=ev.deck,
    )


@evolve.on(RoundStarted)
def _round_started(state: BTCState, ev: RoundStarted) -> BTCState:
    dealt = sum(len(h) for h in ev.hands)
    return replace(
        state,
        round=ev.round,
        turn=1,
        phase=CHOOSING,
        hands=ev.hands,
        bag=state.bag[dealt:],
        chosen=(None,) * state.players,
        used=frozenset(),
    )


@evolve.on(LudwigDrew)
def _ludwig_drew(state: BTCState, ev: LudwigDrew) -> BTCState:
    hand = tuple(r for r in state.hands[LUDWIG] if r not in ev.rooms)
    return replace(state, ludwig_draw=ev.rooms, ludwig_assigned=False, hands=_set(state.hands, LUDWIG, hand))


@evolve.on(LudwigAssigned)
def _ludwig_assigned(state: BTCState, ev: LudwigAssigned) -> BTCState:
    return replace(state, ludwig_assigned=True, ludwig_tiles=ev.tiles, ludwig_draw=())


@evolve.on(PairChosen)
def _pair_chosen(state: BTCState, ev: PairChosen) -> BTCState:
    hand = tuple(r for r in state.hands[ev.seat] if r not in ev.rooms)
    return replace(state, hands=_set(state.hands, ev.seat, hand), chosen=_set(state.chosen, ev.seat, ev.rooms))


@evolve.on(PairsRevealed)
def _pairs_revealed(state: BTCState, ev: PairsRevealed) -> BTCState:
    """The pairs, and Ludwig's assigned rooms, wait to be placed."""
    tiles = [Tile(p, p, r, -1) for p, pair in enumerate(ev.pairs) for r in pair]
    if state.ludwig:
        for room, castle in state.ludwig_tiles:
            placer = next(p for p in state.builders(castle) if p != LUDWIG)
            tiles.append(Tile(placer, LUDWIG, room, castle))
    return replace(
        state, phase=PLACING, to_place=tuple(tiles), chosen=(None,) * state.players, ludwig_tiles=(), used=frozenset()
    )


@evolve.on(RoomPlaced)
def _room_placed(state: BTCState, ev: RoomPlaced) -> BTCState:
    k, room = ev.castle, ev.room
    changes: dict[str, Any] = {"castles": _set(state.castles, k, state.castles[k].with_room(room, ev.col, ev.floor))}
    kind = TYPE_OF[room]
    if kind in SPECIAL_TYPES:
        i = SPECIAL_TYPES.index(kind)
        changes["specials_left"] = _set(state.specials_left, i, state.specials_left[i] - 1)
    if ev.bonus:  # the bonus on top of the stack is decided; a food bonus's other rooms are discarded
        changes["bonuses"] = state.bonuses[:-1]
        if ev.bonus == "food":
            changes["room_discards"] = state.room_discards + tuple(
                (PUBLIC, r) for r in state.bonuses[-1].offer if r != room
            )
        return replace(state, **changes)
    placed = next((i for i, t in enumerate(state.to_place) if t.room == room and t.placer == ev.seat), None)
    if placed is not None:
        changes["to_place"] = state.to_place[:placed] + state.to_place[placed + 1 :]
    return replace(state, **changes, used=state.used | {(ev.owner, k)})


@evolve.on(BonusEarned)
def _bonus_earned(state: BTCState, ev: BonusEarned) -> BTCState:
    return replace(state, bonuses=state.bonuses + (Bonus(ev.castle, ev.seat, ev.kind),))


@evolve.on(RoomsDrawn)
def _rooms_drawn(state: BTCState, ev: RoomsDrawn) -> BTCState:
    b = state.bonuses[-1]
    return replace(
        state, bonuses=state.bonuses[:-1] + (Bonus(b.castle, b.seat, b.kind, ev.rooms),), bag=state.bag[len(ev.rooms) :]
    )


@evolve.on(RoomPileReshuffled)
def _room_pile_reshuffled(state: BTCState, ev: RoomPileReshuffled) -> BTCState:
    return replace(state, bag=ev.bag, room_discards=())


@evolve.on(AttendantPlaced)
def _attendant_placed(state: BTCState, ev: AttendantPlaced) -> BTCState:
    k = ATTENDANT_NAMES.index(ev.attendant)
    castles = _set(state.castles, ev.castle, state.castles[ev.castle].with_attendant(ev.attendant))
    return replace(
        state,
        castles=castles,
        bonuses=state.bonuses[:-1],
        attendants_left=_set(state.attendants_left, k, state.attendants_left[k] - 1),
    )


@evolve.on(BonusCardsDrawn)
def _cards_drawn(state: BTCState, ev: BonusCardsDrawn) -> BTCState:
    b = state.bonuses[-1]
    return replace(
        state,
        bonuses=state.bonuses[:-1] + (Bonus(b.castle, b.seat, b.kind, ev.cards),),
        deck=state.deck[len(ev.cards) :],
    )


@evolve.on(BonusCardKept)
def _card_kept(state: BTCState, ev: BonusCardKept) -> BTCState:
    offer = state.bonuses[-1].offer
    castles = _set(state.castles, ev.castle, state.castles[ev.castle].with_card(ev.card))
    gone = tuple((ev.castle, c) for c in offer if c != ev.card)
    return replace(state, castles=castles, bonuses=state.bonuses[:-1], card_discards=state.card_discards + gone)


@evolve.on(BonusDeckReshuffled)
def _deck_reshuffled(state: BTCState, ev: BonusDeckReshuffled) -> BTCState:
    return replace(state, deck=ev.deck, card_discards=())


@evolve.on(BonusChosen, BonusLost)
def _bonus_popped(state: BTCState, ev: Any) -> BTCState:
    return replace(state, bonuses=state.bonuses[:-1])


@evolve.on(HandsPassed)
def _hands_passed(state: BTCState, ev: HandsPassed) -> BTCState:
    """The next turn of choosing: position p gets the hand of position p - step."""
    step = ev.step % state.positions
    return replace(
        state,
        hands=state.hands[-step:] + state.hands[:-step],
        turn=state.turn + 1,
        phase=CHOOSING,
        chosen=(None,) * state.players,
        used=frozenset(),
    )


@evolve.on(RoundEnded)
def _round_ended(state: BTCState, ev: RoundEnded) -> BTCState:
    seen = tuple((p, r) for p, hand in enumerate(state.hands) for r in hand)
    return replace(state, hands=((),) * state.positions, room_discards=state.room_discards + seen)


@evolve.on(GameEnded)
def _game_ended(state: BTCState, ev: GameEnded) -> BTCState:
    return replace(state, phase=OVER, castle_scores=ev.castle_scores, scores=ev.scores, winners=ev.winners)


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]
