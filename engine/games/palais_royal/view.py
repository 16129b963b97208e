"""What one seat may see of a Palais Royal position: the whole table except the deck order, the
other hands, another player's cards drawn at the Back Door, face-down nobles of others (only how
many) and the nobles in the box."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from .catalog import (
    BORDER,
    DECORATIONS,
    DOUBLE_SPACES,
    HAND_POINTS_CAP,
    HONOUR_POINTS,
    KARDINAL,
    KOENIG,
    MADAME,
    NOBLES,
    PRIVILEGES,
    ROOMS,
    ROWS,
    SCHREIBSTUBE,
    STEP_NAMES,
    space_name,
)
from .scoring import row_counts, row_points
from .state import FREE, OVER, PalaisState
from .turn import discount, draw_count, mint_gold


@attrs.frozen
class NobleView:
    index: int
    name: str
    gold: int
    king: int
    madame: int
    points: int
    benefit: str  # "" for points only


@attrs.frozen
class SpaceView:
    space: int
    name: str  # a1 .. f6
    noble: NobleView | None
    cost: int  # gold after the discount for free neighbours (0 on a free space)
    free_neighbours: int
    border: bool
    double: bool
    servant: int  # the seat whose servant stands here, -1 for none


@attrs.frozen
class RowView:
    key: str
    name: str
    side: str
    spaces: tuple[int, ...]
    counts: tuple[int, ...]  # per seat, double spaces counted twice
    points: tuple[int, ...]  # what the row would pay now (6 / 2)


@attrs.frozen
class Decoration:
    name: str
    between: tuple[int, int]


@attrs.frozen
class RoomView:
    room: int
    code: str
    name: str
    german: str
    square: int  # 0..8 in the 3x3 castle, row by row
    servants: tuple[int, ...]  # per seat
    majority: int  # the seat that holds the majority (the Kardinal breaking ties), -1 for none


@attrs.frozen
class PlayerView:
    seat: int
    gold: int
    supply: int
    reserve: int  # servants of this colour left in the general supply
    nobles: tuple[NobleView, ...]  # face up
    face_down: int  # how many face-down nobles
    hand: int  # how many privilege cards in hand
    honours: tuple[int, ...]  # point cards played (face up)
    visible_points: int  # the points anyone can count now (face-up nobles, played cards, hand, park rows)


@attrs.frozen
class TurnView:
    """The turn in progress, for the step bar."""

    seat: int
    step: int  # 0 before action 1, 1–5 the actions, 6 the end of the turn
    step_name: str
    favour: bool  # the Royal Favour lies face up: every bonus where the player has a servant
    gate_left: int  # -1: any number (Open Gates)
    moves_left: int
    king_left: int  # servants still to bring to the King / to Madame this turn
    madame_left: int
    minted: bool
    mint_gold: int  # what the Mint would pay now
    king_seals: int  # servants with the King, i.e. turquoise seals
    madame_seals: int
    wild_seals: int  # from Borrowed Seals
    recruits: int  # servants in the Writing Room: nobles still to recruit
    drew: bool
    drawn: int  # cards drawn and not yet kept or discarded
    draw_count: int  # cards a Draw would bring


@attrs.frozen
class FinalView:
    nobles: tuple[int, ...]
    played: tuple[int, ...]
    hands: tuple[int, ...]
    park: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@attrs.frozen
class PalaisView:
    seat: int | None
    players: int
    phase: str  # placing, playing, over
    to_move: int  # -1 at the end
    start_player: int
    round: int
    last_round: bool
    placed: int  # set-up servants placed by the seat to move
    rooms: tuple[RoomView, ...]  # by room index; RoomView.square places it in the 3x3 grid
    park: tuple[SpaceView, ...]
    rows: tuple[RowView, ...]
    decorations: tuple[Decoration, ...]
    players_: tuple[PlayerView, ...]
    bank: int
    deck: int  # cards left in the deck
    discard: tuple[int, ...]  # the open discard pile, oldest first
    turn: TurnView | None
    my_hand: tuple[int, ...]  # this seat's privilege cards
    my_face_down: tuple[NobleView, ...]  # this seat's face-down nobles
    my_drawn: tuple[int, ...]  # cards this seat drew and has not yet kept or discarded
    final: FinalView | None
    nobles_in_park: int

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def me(self) -> PlayerView | None:
        return self.players_[self.seat] if self.seat is not None else None


NOBLE_VIEWS = tuple(NobleView(n.index, n.name, n.gold, n.king, n.madame, n.points, n.benefit) for n in NOBLES)


def noble_view(index: int) -> NobleView:
    return NOBLE_VIEWS[index]


@functools.lru_cache(maxsize=8192)
def _space_view(space: int, noble: int, free_neighbours: int, servant: int) -> SpaceView:
    cost = max(0, NOBLES[noble].gold - free_neighbours) if noble != FREE else 0
    return SpaceView(
        space,
        space_name(space),
        NOBLE_VIEWS[noble] if noble != FREE else None,
        cost,
        free_neighbours,
        space in BORDER,
        space in DOUBLE_SPACES,
        servant,
    )


def _plain_majority(state: PalaisState, room: int, seat: int) -> bool:
    counts, cardinal = state.rooms[room], state.rooms[KARDINAL]
    best = max(counts)
    if counts[seat] == 0 or counts[seat] < best:
        return False
    return all(cardinal[seat] > cardinal[s] for s in range(state.players) if s != seat and counts[s] == best)


def make_view(state: PalaisState, seat: int | None) -> PalaisView:
    if not state.rooms:
        return _unset_view(state, seat)
    n, over = state.players, state.phase == OVER
    park = tuple(_space_view(sp, nb, discount(state.park, sp), state.marks[sp]) for sp, nb in enumerate(state.park))
    rows = []
    for row in ROWS:
        counts = row_counts(state.marks, row.spaces)
        points = row_points(counts)
        rows.append(
            RowView(
                row.key,
                row.name,
                row.side,
                row.spaces,
                tuple(counts.get(s, 0) for s in range(n)),
                tuple(points.get(s, 0) for s in range(n)),
            )
        )
    rooms = tuple(
        RoomView(
            r,
            ROOMS[r].code,
            ROOMS[r].name,
            ROOMS[r].german,
            state.layout.index(r),
            state.rooms[r],
            _room_holder(state, r),
        )
        for r in range(9)
    )
    players = tuple(_player(state, s, rows, over) for s in range(n))
    me = seat if seat is not None and 0 <= seat < n else None  # a player, not a watcher
    final = state.final
    return PalaisView(
        seat=seat,
        players=n,
        phase=state.phase,
        to_move=-1 if over else state.turn,
        start_player=state.start_player,
        round=state.round,
        last_round=state.last_round,
        placed=state.placed,
        rooms=rooms,
        park=park,
        rows=tuple(rows),
        decorations=tuple(Decoration(name, (a, b)) for name, a, b in DECORATIONS),
        players_=players,
        bank=state.bank,
        deck=len(state.deck),
        discard=state.discard,
        turn=_turn(state) if state.phase == "playing" else None,
        my_hand=state.hands[me] if me is not None else (),
        my_face_down=tuple(noble_view(x) for x in state.nobles[me] if NOBLES[x].face_down) if me is not None else (),
        my_drawn=state.drawn if me is not None and me == state.turn else (),
        final=FinalView(final.nobles, final.played, final.hands, final.park, final.totals, final.winners)
        if final
        else None,
        nobles_in_park=state.nobles_in_park(),
    )


def _unset_view(state: PalaisState, seat: int | None) -> PalaisView:
    """Before the set-up event (the replay viewer's first position): an empty table."""
    return PalaisView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        to_move=-1,
        start_player=0,
        round=0,
        last_round=False,
        placed=0,
        rooms=(),
        park=(),
        rows=(),
        decorations=(),
        players_=(),
        bank=state.bank,
        deck=0,
        discard=(),
        turn=None,
        my_hand=(),
        my_face_down=(),
        my_drawn=(),
        final=None,
        nobles_in_park=0,
    )


def _room_holder(state: PalaisState, room: int) -> int:
    held = [s for s in range(state.players) if _plain_majority(state, room, s)]
    return held[0] if held else -1


def _player(state: PalaisState, s: int, rows: list[RowView], all_nobles: bool) -> PlayerView:
    """Face-down nobles are counted, not shown, until the end of the game."""
    up = tuple(noble_view(x) for x in state.nobles[s] if all_nobles or not NOBLES[x].face_down)
    down = sum(1 for x in state.nobles[s] if NOBLES[x].face_down)
    points = (
        sum(v.points for v in up)
        + sum(HONOUR_POINTS[c] for c in state.honours[s])
        + min(len(state.hands[s]), HAND_POINTS_CAP)
        + sum(r.points[s] for r in rows)
    )
    return PlayerView(
        s,
        state.gold[s],
        state.supply[s],
        state.reserve[s],
        up,
        0 if all_nobles else down,
        len(state.hands[s]),
        state.honours[s],
        points,
    )


def _turn(state: PalaisState) -> TurnView:
    s = state.turn
    return TurnView(
        seat=s,
        step=state.step,
        step_name=STEP_NAMES[state.step],
        favour=state.favour,
        gate_left=state.gate_left,
        moves_left=state.moves_left,
        king_left=state.king_left,
        madame_left=state.madame_left,
        minted=state.minted,
        mint_gold=mint_gold(state, s),
        king_seals=state.rooms[KOENIG][s],
        madame_seals=state.rooms[MADAME][s],
        wild_seals=state.wild,
        recruits=state.rooms[SCHREIBSTUBE][s],
        drew=state.drew,
        drawn=len(state.drawn),
        draw_count=draw_count(state, s),
    )


PRIVILEGE_NAMES = tuple(p.name for p in PRIVILEGES)


def score_lines(view: PalaisView, names: Sequence[str], scores: Sequence[int]) -> list[str]:
    """Each player's final points by kind ("Ann: nobles 40 + honours 6 + hand 3 + park 2 = 51"),
    or the scores so far before the final scoring."""
    final = view.final
    if final is None:
        return [f"{name}: {score}" for name, score in zip(names, scores)]
    return [
        f"{name}: nobles {final.nobles[s]} + honours played {final.played[s]} + cards in hand "
        f"{final.hands[s]} + park rows {final.park[s]} = {final.totals[s]}"
        for s, name in enumerate(names)
    ]
