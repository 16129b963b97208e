"""Palais Royal's determinizer: a full position a seat cannot tell from the truth, from its view.

Public and rebuilt: the castle, the park, servants, gold, face-up nobles, played cards, the
discard pile and the turn in progress. Drawn at random: the other hands, the cards another
player drew at the Back Door, the deck's order (all from the privilege cards nobody has seen),
and which nobles lie face down before the others and in the box (from the nobles nobody has
seen, the face-down kinds going to the players who hold that many).

Two public counters are not in the view and are guessed: the last round anyone recruited in
(taken as this round, so the stall rule does not fire early) and extra moves from a Grand
Reception played earlier this turn (taken as none).
"""

from __future__ import annotations

import random

from engine.core.fastattrs import replace

from .catalog import COPIES, FAVOUR, NOBLE_COUNT, NOBLES, PRIVILEGES
from .events import GameEnded
from .state import FREE, PalaisState
from .view import PalaisView


def determinize(view: PalaisView, rng: random.Random) -> PalaisState:
    n, seat = view.players, view.seat
    if not view.rooms:
        return PalaisState(players=n)
    others = [s for s in range(n) if s != seat]
    turn = view.turn
    drawn_hidden = turn is not None and turn.drawn and not view.my_drawn
    # Privilege cards: the unseen ones are dealt to the deck, the other hands and hidden drawn cards.
    cards = [c for c in range(len(PRIVILEGES)) for _ in range(COPIES)]
    seen = list(view.my_hand) + list(view.discard) + list(view.my_drawn)
    seen += [c for p in view.players_ for c in p.honours] + ([FAVOUR] if turn is not None and turn.favour else [])
    for c in seen:
        cards.remove(c)
    rng.shuffle(cards)
    deal = iter(cards)
    hands = tuple(
        view.my_hand if s == seat else tuple(sorted(next(deal) for _ in range(view.players_[s].hand))) for s in range(n)
    )
    drawn = tuple(next(deal) for _ in range(turn.drawn)) if turn is not None and drawn_hidden else view.my_drawn
    deck = tuple(next(deal) for _ in range(view.deck))
    nobles, box = _nobles(view, others, rng)
    layout = [0] * 9
    for room in view.rooms:
        layout[room.square] = room.room
    state = PalaisState(
        players=n,
        phase=view.phase,
        layout=tuple(layout),
        park=tuple(FREE if sp.noble is None else sp.noble.index for sp in view.park),
        marks=tuple(sp.servant for sp in view.park),
        box=box,
        rooms=tuple(r.servants for r in view.rooms),
        supply=tuple(p.supply for p in view.players_),
        reserve=tuple(p.reserve for p in view.players_),
        gold=tuple(p.gold for p in view.players_),
        bank=view.bank,
        nobles=nobles,
        hands=hands,
        honours=tuple(p.honours for p in view.players_),
        deck=deck,
        discard=view.discard,
        start_player=view.start_player,
        turn=view.to_move if view.to_move >= 0 else view.start_player,
        placed=view.placed,
        round=view.round,
        recruit_round=view.round,
        last_round=view.last_round,
        drawn=drawn if turn is not None else (),
        final=_final(view.final) if view.final is not None else None,
    )
    if turn is None:
        return state
    return replace(
        state,
        step=turn.step,
        favour=turn.favour,
        gate_left=turn.gate_left,
        moves_left=turn.moves_left,
        king_left=turn.king_left,
        madame_left=turn.madame_left,
        minted=turn.minted,
        wild=turn.wild_seals,
        drew=turn.drew,
    )


def _final(f) -> GameEnded:
    return GameEnded(f.nobles, f.played, f.hands, f.park, f.totals, f.winners)


def _nobles(view: PalaisView, others: list[int], rng: random.Random):
    """Every seat's nobles (face-up as shown, face-down drawn for the others) and the box."""
    n, seat = view.players, view.seat
    shown = {sp.noble.index for sp in view.park if sp.noble is not None}
    shown |= {v.index for p in view.players_ for v in p.nobles} | {v.index for v in view.my_face_down}
    unseen = [x for x in range(NOBLE_COUNT) if x not in shown]
    rng.shuffle(unseen)
    nobles = []
    for s in range(n):
        up = tuple(v.index for v in view.players_[s].nobles)
        if s == seat:
            nobles.append(up + tuple(v.index for v in view.my_face_down))
            continue
        down = []
        for _ in range(view.players_[s].face_down):
            pick = next(x for x in unseen if NOBLES[x].face_down)
            unseen.remove(pick)
            down.append(pick)
        nobles.append(up + tuple(down))
    return tuple(nobles), tuple(sorted(unseen))
