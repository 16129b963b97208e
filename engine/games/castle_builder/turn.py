"""What follows a move: the supply, the market, the coins, the baron's move and the tasks it leaves
(``Task``). Every function here adds events to a :class:`Folder`.

The stack of tasks that makes up the rest of a turn is run by stack.run.
"""

from __future__ import annotations

import random

from engine.core import fold

from .baron import coins_won, walk
from .catalog import COINS, PATH, TILE
from .events import BaronMoved, CoinAdded, CoinTaken, GameEnded, MarketRefilled, SupplyReshuffled, Task, TilesDrawn
from .state import EMPTY, CastleBuilderState, evolve

RESHUFFLES_V1 = 2  # rules version 1 only: how often the discard pile could become the supply again


class Folder(fold.Folder):
    evolve = staticmethod(evolve)


# -- tiles and coins ------------------------------------------------------------------------------


def reshuffle(fold: Folder, rng: random.Random) -> bool:
    """An empty supply takes the shuffled discard pile, as often as it runs dry; False if the pile is
    empty too. („Falls sich keine Plättchen mehr in der Plättchenauslage befinden, mischt ihr alle
    abgelegten Plättchen zu einer neuen Plättchenauslage.") Under rules version 1 the third time
    ended the game instead."""
    if fold.state.finished or not fold.state.discard:
        return False
    if _limited(fold.state) and fold.state.reshuffles >= RESHUFFLES_V1:
        fold.add(GameEnded(standing(fold.state), "exhausted"))
        return False
    order = list(fold.state.discard)
    rng.shuffle(order)
    fold.add(SupplyReshuffled(tuple(order)))
    return True


def draw_tiles(fold: Folder, seat: int, n: int, reason: str, rng: random.Random) -> int:
    """Up to ``n`` tiles from the supply into ``seat``'s holder; how many there were. A supply too short
    for the draw first takes the shuffled discard pile beneath its last tiles, so a draw is one event."""
    state = fold.state
    if len(state.supply) < n and (not _limited(state) or state.reshuffles < RESHUFFLES_V1 or not state.supply):
        reshuffle(fold, rng)
    tiles = fold.state.supply[:n]
    if tiles and not fold.state.finished:
        fold.add(TilesDrawn(seat, tiles, reason))
    return len(tiles)


def _limited(state: CastleBuilderState) -> bool:
    """Rules version 1 (files saved under it): at most two reshuffles, then the game ended."""
    return state.rules_version < 2


def refill_market(fold: Folder, rng: random.Random) -> None:
    while EMPTY in fold.state.market and (fold.state.supply or reshuffle(fold, rng)):
        fold.add(MarketRefilled(fold.state.supply[0]))


def market_tiles(state: CastleBuilderState) -> list[int]:
    return [t for t in state.market if t != EMPTY]


def coin_effects(state: CastleBuilderState) -> list[str]:
    """The effects on offer in the market, each once, in market order."""
    seen: list[str] = []
    for c in state.market_coins:
        if c != EMPTY and COINS[c] not in seen:
            seen.append(COINS[c])
    return seen


def take_coin(fold: Folder, seat: int, effect: str, chosen: bool = False) -> list[Task]:
    """Take a market coin, refill the market, then its effect; the goal reached ends the game at once."""
    coin = next(c for c in fold.state.market_coins if c != EMPTY and COINS[c] == effect)
    fold.add(CoinTaken(seat, coin, chosen))
    if fold.state.coin_pile:
        fold.add(CoinAdded(fold.state.coin_pile[0]))
    if len(fold.state.coins[seat]) >= fold.state.goal:
        fold.add(GameEnded((seat,), "coins"))
        return []
    return [Task("effect", seat, effect=effect)]


# -- the baron ------------------------------------------------------------------------------------


def move_baron(fold: Folder, seat: int, steps: int, rng: random.Random) -> list[Task]:
    """Walk the baron (see baron.walk); then a tile space gives a tile, and a coin space reached or
    passed a coin (see baron.coins_won)."""
    w = walk(fold.state.barons, seat, steps)
    fold.add(BaronMoved(seat, w.to, w.distance, w.coins, steps))
    tasks = []
    if PATH[w.to] == TILE and draw_tiles(fold, seat, 1, "space", rng):
        tasks.append(Task("limit", seat))
    won = coins_won(w.coins, fold.state.rules_version)
    if won:
        tasks.append(Task("coin", seat, won))
    return tasks


# -- the end ---------------------------------------------------------------------------------------


def standing(state: CastleBuilderState) -> tuple[int, ...]:
    """The leaders when the game ends without a winner by coins: most coins, then the baron that
    travelled furthest; seats still tied share the win."""
    best = max((len(state.coins[s]), state.travelled[s]) for s in range(state.players))
    return tuple(s for s in range(state.players) if (len(state.coins[s]), state.travelled[s]) == best)
