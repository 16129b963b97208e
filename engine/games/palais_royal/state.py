"""How each event changes the Palais Royal position (the position itself is in position.py, the
actions in actions.py; the package's shape names them all here).
"""

from __future__ import annotations


from engine.core.fastattrs import replace
from engine.core.fold import Fold

# The action classes are in actions.py and the position in position.py (this file grew too long);
# the package's shape names them here.
from .actions import Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from .catalog import (
    BEFORE,
    EHRENHOF,
    END,
    FAVOUR,
    HINTEREINGANG,
    HONOUR_POINTS,
    KOENIG,
    MADAME,
    MOVES,
    OPEN_GATES,
    PENSION,
    PRIVILEGES,
    RECEPTION,
    ROOMS_STEP,
    SCHREIBSTUBE,
    SEALS,
    SERVANTS,
    SETUP_PLACEMENTS,
    STAIRS5,
    STAIRS9,
    START_EHRENHOF,
    START_TREPPENHAUS,
    TO_PLAYER,
    TOR,
    TREPPENHAUS,
)
from .catalog import SUPPLY as SUPPLY_STEP
from .events import (
    SUPPLY,
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
from .position import FREE, OVER, PLACING, PLAYING, SETUP, UNLIMITED, PalaisState


def _set(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return _set(values, index, values[index] + delta)


def _add_room(state: PalaisState, room: int, seat: int, delta: int) -> tuple[tuple[int, ...], ...]:
    return _set(state.rooms, room, _add(state.rooms[room], seat, delta))


def _take(state: PalaisState, seat: int, source: int) -> PalaisState:
    """One servant of ``seat`` leaves its supply or a room."""
    if source == SUPPLY:
        return replace(state, supply=_add(state.supply, seat, -1))
    return replace(state, rooms=_add_room(state, source, seat, -1))


def _remove_one(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


evolve = Fold("Palais Royal")


@evolve.on(GameSetUp)
def _set_up(state: PalaisState, ev: GameSetUp) -> PalaisState:
    n = state.players
    rooms = [[0] * n for _ in range(9)]
    for s in range(n):
        rooms[TREPPENHAUS][s], rooms[EHRENHOF][s] = START_TREPPENHAUS, START_EHRENHOF
    gold = [0] * n
    for i in range(n):
        gold[(ev.start_player + i) % n] = i
    return replace(
        state,
        phase=PLACING,
        layout=ev.layout,
        park=ev.park,
        marks=(FREE,) * len(ev.park),
        box=ev.box,
        rooms=tuple(tuple(r) for r in rooms),
        supply=(TO_PLAYER - START_TREPPENHAUS - START_EHRENHOF,) * n,
        reserve=(SERVANTS - TO_PLAYER,) * n,
        gold=tuple(gold),
        bank=state.bank - sum(gold),
        nobles=((),) * n,
        hands=((),) * n,
        honours=((),) * n,
        deck=ev.deck,
        start_player=ev.start_player,
        turn=ev.start_player,
        placed=0,
    )


@evolve.on(ServantPlaced)
def _placed(state: PalaisState, ev: ServantPlaced) -> PalaisState:
    state = replace(_take(state, ev.seat, SUPPLY), placed=state.placed + 1)
    state = replace(state, rooms=_add_room(state, ev.room, ev.seat, 1))
    if state.placed == SETUP_PLACEMENTS:
        state = replace(state, turn=state.next_seat(ev.seat), placed=0)
    return state


@evolve.on(TurnBegan)
def _turn_began(state: PalaisState, ev: TurnBegan) -> PalaisState:
    discard = state.discard + ((FAVOUR,) if state.favour else ())
    return replace(
        state,
        phase=PLAYING,
        turn=ev.seat,
        round=ev.round,
        last_round=ev.last_round,
        step=BEFORE,
        favour=False,
        gate_left=0,
        moves_left=0,
        extra_moves=0,
        king_left=0,
        madame_left=0,
        minted=False,
        wild=0,
        drew=False,
        drawn=(),
        discard=discard,
    )


@evolve.on(StepBegan)
def _step_began(state: PalaisState, ev: StepBegan) -> PalaisState:
    """Whatever was left of earlier steps lapses; the new step's allowance is set (bonuses now)."""
    s, step = ev.seat, ev.step
    gate = moves = king = madame = 0
    if step == SUPPLY_STEP:
        gate = state.count(EHRENHOF, s) + state.bonus(EHRENHOF, s) + 2 * state.benefits(s, "gate2")
    elif step == MOVES:
        moves = (
            state.count(TREPPENHAUS, s)
            + state.bonus(TREPPENHAUS, s)
            + 2 * state.benefits(s, "moves2")
            + state.extra_moves
        )
    elif step == ROOMS_STEP:
        king = state.bonus(KOENIG, s) + state.benefits(s, "king1")
        madame = state.bonus(MADAME, s) + state.benefits(s, "madame1")
    return replace(
        state,
        step=step,
        gate_left=gate,
        moves_left=moves,
        king_left=king,
        madame_left=madame,
        minted=state.minted and step != ROOMS_STEP,
    )


@evolve.on(StepFinished)
def _step_finished(state: PalaisState, ev: StepFinished) -> PalaisState:
    return state


@evolve.on(CardPlayed)
def _card_played(state: PalaisState, ev: CardPlayed) -> PalaisState:
    s, card = ev.seat, ev.card
    price = PRIVILEGES[card].price
    state = replace(
        state,
        hands=_set(state.hands, s, _remove_one(state.hands[s], card)),
        gold=_add(state.gold, s, -price),
        bank=state.bank + price,
    )
    if card in HONOUR_POINTS:
        return replace(state, honours=_set(state.honours, s, state.honours[s] + (card,)))
    if card == FAVOUR:
        return replace(state, favour=True)  # discarded when the turn ends
    state = replace(state, discard=state.discard + (card,))
    if card == OPEN_GATES:
        return replace(state, gate_left=UNLIMITED)
    if card == RECEPTION:
        gate = state.gate_left if state.gate_left == UNLIMITED else state.gate_left + 2
        return replace(state, gate_left=gate, extra_moves=state.extra_moves + 6)
    if card in (STAIRS5, STAIRS9):
        return replace(state, moves_left=state.moves_left + (5 if card == STAIRS5 else 9))
    if card == SEALS:
        return replace(state, wild=state.wild + 2)
    if card == PENSION:
        gain = min(4, state.bank)
        return replace(state, gold=_add(state.gold, s, gain), bank=state.bank - gain)
    return state


@evolve.on(ServantBrought)
def _brought(state: PalaisState, ev: ServantBrought) -> PalaisState:
    s, room = ev.seat, ev.room
    rooms, supply = state.rooms, state.supply
    if ev.source == SUPPLY:
        supply = _add(supply, s, -1)
    else:
        rooms = _set(rooms, ev.source, _add(rooms[ev.source], s, -1))
    rooms = _set(rooms, room, _add(rooms[room], s, 1))
    gate, king, madame = state.gate_left, state.king_left, state.madame_left
    if room == TOR and gate != UNLIMITED:
        gate -= 1
    elif room == KOENIG:
        king -= 1
    elif room == MADAME:
        madame -= 1
    return replace(state, rooms=rooms, supply=supply, gate_left=gate, king_left=king, madame_left=madame)


@evolve.on(ServantMoved)
def _moved(state: PalaisState, ev: ServantMoved) -> PalaisState:
    s, rooms = ev.seat, state.rooms
    rooms = _set(rooms, ev.from_room, _add(rooms[ev.from_room], s, -1))
    rooms = _set(rooms, ev.to_room, _add(rooms[ev.to_room], s, 1))
    return replace(state, rooms=rooms, moves_left=state.moves_left - 1)


@evolve.on(GoldMinted)
def _minted(state: PalaisState, ev: GoldMinted) -> PalaisState:
    return replace(state, gold=_add(state.gold, ev.seat, ev.gold), bank=state.bank - ev.gold, minted=True)


@evolve.on(NobleRecruited)
def _recruited(state: PalaisState, ev: NobleRecruited) -> PalaisState:
    s = ev.seat
    rooms = state.rooms
    for room, back in ((KOENIG, ev.king), (MADAME, ev.madame), (SCHREIBSTUBE, 1)):
        rooms = _set(rooms, room, _add(rooms[room], s, -back))
    state = replace(
        state,
        rooms=rooms,
        supply=_add(state.supply, s, ev.king + ev.madame + 1 + ev.called),
        reserve=_add(state.reserve, s, -ev.called),
        gold=_add(state.gold, s, -ev.gold),
        bank=state.bank + ev.gold,
        wild=state.wild - ev.wild,
        park=_set(state.park, ev.space, FREE),
        recruit_round=state.round,
        nobles=_set(state.nobles, s, state.nobles[s] + (ev.noble,)),
    )
    if ev.source is None:
        return state
    return replace(_take(state, s, ev.source), marks=_set(state.marks, ev.space, s))


@evolve.on(CardsDrawn)
def _drawn(state: PalaisState, ev: CardsDrawn) -> PalaisState:
    return replace(state, deck=state.deck[len(ev.cards) :], drawn=state.drawn + ev.cards, drew=True)


@evolve.on(DeckReshuffled)
def _reshuffled(state: PalaisState, ev: DeckReshuffled) -> PalaisState:
    return replace(state, deck=state.deck + ev.deck, discard=())


@evolve.on(CardKept)
def _kept(state: PalaisState, ev: CardKept) -> PalaisState:
    s = ev.seat
    return replace(
        state,
        drawn=_remove_one(state.drawn, ev.card),
        hands=_set(state.hands, s, tuple(sorted(state.hands[s] + (ev.card,)))),
        rooms=_add_room(state, HINTEREINGANG, s, -1),
        supply=_add(state.supply, s, 1),
    )


@evolve.on(CardsDiscarded)
def _discarded(state: PalaisState, ev: CardsDiscarded) -> PalaisState:
    return replace(state, drawn=(), discard=state.discard + ev.cards)


@evolve.on(GameEnded)
def _ended(state: PalaisState, ev: GameEnded) -> PalaisState:
    discard = state.discard + ((FAVOUR,) if state.favour else ())
    return replace(state, phase=OVER, final=ev, favour=False, discard=discard, step=END)


__all__ = [
    "PalaisState",
    "Place",
    "Bring",
    "Move",
    "Mint",
    "Recruit",
    "Draw",
    "Keep",
    "PlayCard",
    "Done",
    "evolve",
    "FREE",
    "UNLIMITED",
    "SETUP",
    "PLACING",
    "PLAYING",
    "OVER",
]
