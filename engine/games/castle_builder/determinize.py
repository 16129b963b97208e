"""Castle Builder's determinizer: a full position a seat cannot tell from the truth, from its view.

Public and rebuilt: the castles, the barons, the market, the coins won, the discard pile and the
choice the game waits for. Drawn at random: the other holders and the supply's order (from the
tiles nobody has seen) and the coin pile's order (the coins neither in the market nor won).

Not in the view and guessed: the tasks queued behind the choice shown (taken as none), how many
turns were passed in a row (none) and how often the discard pile became the supply (never), so
a search may see the game end a little later than it will.
"""

from __future__ import annotations

import random

from .catalog import COINS, MARKET_SIZE, TILE_COUNT
from .evaluate import evaluate
from .events import Task
from .state import EMPTY, CastleBuilderState
from .view import CastleBuilderView

__all__ = ["determinize", "evaluate"]  # the rules' bots mapping takes the evaluation from here


def determinize(view: CastleBuilderView, rng: random.Random) -> CastleBuilderState:
    n, seat = view.players, view.seat
    variants = frozenset(view.variants)
    if not view.castles:
        return CastleBuilderState(players=n, variants=variants)
    castles = tuple(tuple((p.level, p.x, p.tile.id) for p in c.tiles) for c in view.castles)
    market = tuple(t.id for t in view.market_tiles)
    seen = {t for c in castles for _, _, t in c} | set(market) | {t.id for t in view.holder}
    seen |= {t.id for t in view.discard} | {t.id for r in view.royals for t in r}
    unseen = [t for t in range(TILE_COUNT) if t not in seen]
    rng.shuffle(unseen)
    deal = iter(unseen)
    holders = tuple(
        tuple(t.id for t in view.holder)
        if s == seat
        else tuple(sorted(next(deal) for _ in range(view.holder_counts[s])))
        for s in range(n)
    )
    supply = tuple(next(deal) for _ in range(view.supply_count))
    market_coins = tuple(c.id for c in view.market_coins)
    won = {c.id for w in view.coins for c in w}
    pile = [c for c in range(len(COINS)) if c not in won and c not in market_coins]
    rng.shuffle(pile)
    choice = view.choice
    pending = () if choice is None else (Task(choice.kind, choice.seat, 1 if choice.kind == "limit" else choice.count),)
    return CastleBuilderState(
        players=n,
        variants=variants,
        supply=supply,
        discard=tuple(t.id for t in view.discard),
        market=market + (EMPTY,) * (MARKET_SIZE - len(market)),
        coin_pile=tuple(pile[: view.coin_pile_count]),
        market_coins=market_coins + (EMPTY,) * (MARKET_SIZE - len(market_coins)),
        holders=holders,
        royals=tuple(tuple(t.id for t in r) for r in view.royals),
        castles=castles,
        barons=view.barons,
        travelled=view.travelled,
        coins=tuple(tuple(c.id for c in w) for w in view.coins),
        start=view.start,
        turn=view.turn,
        pending=pending,
        finished=view.finished,
        winners=view.winners,
        end_reason=view.end_reason,
    )
