"""Positions a seat cannot tell apart: everything hidden from it redrawn.

Hidden from a seat: the deck order, the other hands, the cards another player drew at the Back
Door before choosing, the other players' face-down nobles (which ones; not how many) and the six
nobles in the box. Sizes stay, so the redrawn position looks the same from that seat.
"""

from __future__ import annotations

import random

from engine.core.fastattrs import replace

from .catalog import NOBLES
from .state import OVER, PalaisState


def _deal(pool: list[int], sizes: list[int]) -> list[tuple[int, ...]]:
    out, at = [], 0
    for n in sizes:
        out.append(tuple(pool[at : at + n]))
        at += n
    return out


def resample(state: PalaisState, seat: int | None, rng: random.Random) -> PalaisState:
    if not state.hands:
        return state
    others = [s for s in range(state.players) if s != seat]
    drawn_hidden = state.turn != seat
    # Privilege cards: the deck, the other hands and (if not ours) the drawn cards are one unknown pool.
    pool = list(state.deck) + [c for s in others for c in state.hands[s]] + (list(state.drawn) if drawn_hidden else [])
    rng.shuffle(pool)
    sizes = [len(state.deck)] + [len(state.hands[s]) for s in others] + ([len(state.drawn)] if drawn_hidden else [])
    parts = _deal(pool, sizes)
    hands = list(state.hands)
    for s, part in zip(others, parts[1:]):
        hands[s] = tuple(sorted(part))
    state = replace(state, deck=parts[0], hands=tuple(hands), drawn=parts[-1] if drawn_hidden else state.drawn)
    if state.phase == OVER:
        return state  # every noble is shown at the end
    return _resample_nobles(state, others, rng)


def _resample_nobles(state: PalaisState, others: list[int], rng: random.Random) -> PalaisState:
    """Face-down nobles of the others and the face-down kinds in the box trade places at random."""
    slots: list[tuple[int | None, int]] = [(None, i) for i, n in enumerate(state.box) if NOBLES[n].face_down]
    slots += [(s, i) for s in others for i, n in enumerate(state.nobles[s]) if NOBLES[n].face_down]
    # (None, i): the box's i-th noble; (s, i): seat s's i-th
    pool = [state.box[i] if where is None else state.nobles[where][i] for where, i in slots]
    rng.shuffle(pool)
    box = list(state.box)
    nobles = [list(t) for t in state.nobles]
    for (where, i), noble in zip(slots, pool):
        if where is None:
            box[i] = noble
        else:
            nobles[where][i] = noble
    return replace(state, box=tuple(box), nobles=tuple(tuple(t) for t in nobles))
