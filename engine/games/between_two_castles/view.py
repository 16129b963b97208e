"""What one seat may see: every castle, the revealed rooms, its own hand and secret pair, and the
bonus cards drawn for a castle it builds. Never another hand, another seat's pair before the
reveal, Ludwig's hand, or the order of the bag and the bonus deck."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .castle import THRONE_ROOM, Castle
from .catalog import BONUS_CARDS, CASTLE_NAMES, ROOMS, SPECIAL_ID, THRONES
from .scoring import ScoreSheet, cached_sheet
from .state import OVER, PUBLIC, RULES, BTCState, to_act


@attrs.frozen
class CellView:
    col: int
    floor: int
    room: int  # -1 for the two cells of the throne room
    name: str
    type: str
    decor: str | None
    rule_text: str  # the room's scoring rule in one line


@attrs.frozen
class RoomCard:
    """A room as a screen shows it outside a castle (in a hand, a pair, a bonus offer)."""

    room: int
    name: str
    type: str
    decor: str | None
    rule_text: str


@attrs.frozen
class CastleView:
    index: int
    name: str
    throne: int
    throne_rule: str
    builders: tuple[int, int]  # positions: the castle lies between them (Ludwig is position 2)
    cells: tuple[CellView, ...]
    attendants: tuple[str, ...]
    cards: tuple[int, ...]  # bonus cards kept (face up)
    card_texts: tuple[str, ...]
    sheet: ScoreSheet  # the score sheet as the castle stands (final once the game is over)
    score: int


@attrs.frozen
class TileView:
    placer: int
    owner: int
    room: int
    name: str
    castle: int  # -1: either of the owner's castles still open this turn


@attrs.frozen
class BonusView:
    castle: int
    seat: int
    kind: str
    offer: tuple[int, ...]  # rooms for food; bonus cards for utility (builders only)
    offer_size: int
    offer_texts: tuple[str, ...]  # the bonus cards' texts (utility, builders only)


@attrs.frozen
class BTCView:
    seat: int | None
    players: int
    positions: int
    ludwig: bool
    round: int
    turn: int
    phase: str
    to_act: frozenset[int]
    castles: tuple[CastleView, ...]
    my_castles: tuple[int, ...]  # (left, right) for a seat; () for a spectator
    hand_sizes: tuple[int, ...]  # per position
    chosen: tuple[bool, ...]  # per seat: has it chosen its pair this turn
    my_hand: tuple[int, ...]
    my_pair: tuple[int, ...] | None
    ludwig_draw: tuple[int, ...]  # Ludwig's two drawn rooms, face up, before they are assigned
    ludwig_tiles: tuple[tuple[int, int], ...]  # (room, castle) assigned, before the reveal
    to_place: tuple[TileView, ...]
    bonus: BonusView | None  # the bonus being decided now
    bonuses_waiting: int
    bag: int
    deck: int
    specials_left: tuple[int, ...]  # fountains, towers, foyers
    attendants_left: tuple[int, ...]
    open_discards: tuple[int, ...]  # rooms discarded face up (the food bonus)
    hidden_discards: int
    scores: tuple[int, ...]  # per position, once the game is over
    winners: tuple[int, ...]  # positions
    finished: bool
    room_cards: tuple[RoomCard, ...]  # every room named above outside the castles, for drawing it
    rules_version: int = RULES  # the rules the game is played by (state.RULES)


def room_card(room: int) -> RoomCard:
    r = ROOMS[room]
    return RoomCard(room, r.name, r.type, r.decor, r.rule_text)


def cell_views(castle: Castle) -> tuple[CellView, ...]:
    out = []
    for (col, floor), room in sorted(castle.grid.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if room == THRONE_ROOM:
            t = THRONES[castle.throne]
            out.append(CellView(col, floor, room, f"Throne Room {t.id + 1}", "throne", None, t.rule_text))
        else:
            r = ROOMS[room]
            out.append(CellView(col, floor, room, r.name, r.type, r.decor, r.rule_text))
    return tuple(out)


def castle_view(state: BTCState, k: int) -> CastleView:
    c = state.castles[k]
    # A castle no room was added to is the same object from state to state: draw and score it once.
    cells = c.__dict__.get("_cells")
    if cells is None:
        cells = c.__dict__["_cells"] = cell_views(c)
    sheet = cached_sheet(c)
    return CastleView(
        k,
        CASTLE_NAMES[k],
        c.throne,
        THRONES[c.throne].rule_text,
        state.builders(k),
        cells,
        c.attendants,
        c.cards,
        tuple(BONUS_CARDS[i].text for i in c.cards),
        sheet,
        sheet.total,
    )


def make_view(state: BTCState, seat: int | None) -> BTCView:
    me = seat if seat is not None and 0 <= seat < state.players and state.hands else None  # a player, not a watcher
    top = state.bonuses[-1] if state.bonuses else None
    bonus = None
    if top is not None:
        sees = top.kind != "utility" or (seat is not None and seat in state.builders(top.castle))
        offer = top.offer if sees else ()
        texts = tuple(BONUS_CARDS[c].text for c in offer) if top.kind == "utility" else ()
        bonus = BonusView(top.castle, top.seat, top.kind, offer, len(top.offer), texts)
    my_hand = tuple(sorted(state.hands[me])) if me is not None else ()
    my_pair = state.chosen[me] if me is not None and state.chosen else None
    shown = set(my_hand) | set(my_pair or ()) | {t.room for t in state.to_place} | set(state.ludwig_draw)
    shown |= {r for r, _ in state.ludwig_tiles} | set(SPECIAL_ID.values())
    if bonus is not None and bonus.kind == "food":
        shown |= set(bonus.offer)
    return BTCView(
        seat=seat,
        players=state.players,
        positions=state.positions,
        ludwig=state.ludwig,
        round=state.round,
        turn=state.turn,
        phase=state.phase,
        to_act=to_act(state),
        castles=tuple(castle_view(state, k) for k in range(len(state.castles))),
        my_castles=state.castles_of(seat) if seat is not None and 0 <= seat < state.players and state.positions else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        chosen=tuple(c is not None for c in state.chosen),
        my_hand=my_hand,
        my_pair=my_pair,
        ludwig_draw=state.ludwig_draw,
        ludwig_tiles=state.ludwig_tiles,
        to_place=tuple(TileView(t.placer, t.owner, t.room, ROOMS[t.room].name, t.castle) for t in state.to_place),
        bonus=bonus,
        bonuses_waiting=max(0, len(state.bonuses) - 1),
        bag=len(state.bag),
        deck=len(state.deck),
        specials_left=state.specials_left,
        attendants_left=state.attendants_left,
        open_discards=tuple(r for p, r in state.room_discards if p == PUBLIC),
        hidden_discards=sum(1 for p, _ in state.room_discards if p != PUBLIC),
        scores=state.scores,
        winners=state.winners,
        finished=state.phase == OVER,
        room_cards=tuple(room_card(r) for r in sorted(shown)),
        rules_version=state.rules_version,
    )


def score_lines(view: BTCView, names: Sequence[str]) -> list[str]:
    """Each castle's sheet ("Neuschwanstein (Ann, Bob): food 4, living 6, … = 31"), then each
    player's score: the lower of their two castles, once the game is over."""

    def who(position: int) -> str:
        return names[position] if position < len(names) else "Ludwig"

    lines = []
    for castle in view.castles:
        rows = ", ".join(f"{r.category} {r.total}" for r in castle.sheet.rows if r.total)
        lines.append(
            f"{castle.name} ({who(castle.builders[0])}, {who(castle.builders[1])}): "
            f"{rows or 'nothing yet'} = {castle.score}"
        )
    if view.finished:
        lines += [f"{who(p)}: {view.scores[p]}" for p in range(len(names))]
    return lines
