"""The position of a game of Castle Builder, the moves a player makes, and evolve (pure)."""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.fastattrs import replace
from engine.core.fold import Fold

from .castle import NEW_CASTLE, Castle, with_tile, without_tile
from .catalog import GOAL, MARKET_SIZE, SKY_GOAL, START_TILES, royal_ids, royal_owner
from .events import (
    Awaiting,
    BaronMoved,
    CastleTileRemoved,
    CoinAdded,
    CoinTaken,
    EffectResolved,
    GameEnded,
    GameSetUp,
    MarketCleared,
    MarketRefilled,
    MarketTileTaken,
    SupplyReshuffled,
    Task,
    TileBuilt,
    TileDiscarded,
    TilesDrawn,
    TileStolen,
    TurnPassed,
    TurnStarted,
)

SKY, ROYAL, PEACEFUL = "reach-the-sky", "royal-strategy", "peaceful-times"
# The rules version of this package (rules.CastleBuilder.rules_version). Version 1, which files
# saved before it keep (state.rules_version): the discard pile became the supply at most twice, the
# third time the supply ran dry ended the game, a move won a coin per coin space it passed, and
# a number change was refused where any number fits (the foundation, a ✓ tile).
RULES = 2
EMPTY = -1  # an empty market place


# -- the moves ------------------------------------------------------------------------------------


@attrs.frozen
class Draw:
    """Draw 2 tiles from the supply (never from the market)."""


@attrs.frozen
class Build:
    """Build ``tile`` (from the holder, the market, or a royal beside the holder) at (level, x), its
    number changed by ``delta`` at the cost of discarding ``discards`` (sorted) from the holder."""

    tile: int
    level: int
    x: int
    delta: int = 0
    discards: tuple[int, ...] = ()


@attrs.frozen
class Discard:
    """Discard a tile from the holder (when it holds more than 7)."""

    tile: int


@attrs.frozen
class TakeCoin:
    """Take a market coin with this effect."""

    effect: str


@attrs.frozen
class Steal:
    """The thief: take a random tile from ``victim``'s holder."""

    victim: int


@attrs.frozen
class Knock:
    """Decay (your own castle) or the catapult (an opponent's): discard the free tile at (level, x)."""

    owner: int
    level: int
    x: int


@attrs.frozen
class TakeTile:
    """The mill, or a red coin in peaceful times: take this market tile into the holder."""

    tile: int


@attrs.frozen
class Pass:
    """Only when there is no tile to draw and none that can be built."""


# -- the position ---------------------------------------------------------------------------------


@attrs.frozen(slots=False)  # slots=False: evolve copies the dict (engine/core/fastattrs.py)
class CastleBuilderState:
    players: int
    variants: frozenset[str] = frozenset()
    supply: tuple[int, ...] = ()  # secret: top first
    discard: tuple[int, ...] = ()  # face up, the top last
    market: tuple[int, ...] = ()  # MARKET_SIZE places, EMPTY where the supply ran dry
    coin_pile: tuple[int, ...] = ()  # secret: top first
    market_coins: tuple[int, ...] = ()
    holders: tuple[tuple[int, ...], ...] = ()  # secret but to their owner; sorted
    royals: tuple[tuple[int, ...], ...] = ()  # prince and princess beside each holder (royal strategy)
    castles: tuple[Castle, ...] = ()
    barons: tuple[int, ...] = ()  # path index of each seat's baron
    travelled: tuple[int, ...] = ()
    coins: tuple[tuple[int, ...], ...] = ()  # coins won, per seat
    start: int = 0
    turn: int = -1
    turns: int = 0
    pending: tuple[Task, ...] = ()
    passes: int = 0  # turns passed in a row
    reshuffles: int = 0  # times the discard pile became the supply
    rules_version: int = RULES  # 1 for a file saved under the old rules (see RULES)
    finished: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""

    @property
    def goal(self) -> int:
        return SKY_GOAL if SKY in self.variants else GOAL

    def opponents(self, seat: int) -> list[int]:
        """The other seats, clockwise from ``seat``'s left."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def clockwise(self, seat: int) -> list[int]:
        return [seat] + self.opponents(seat)


def to_act(state: CastleBuilderState) -> frozenset[int]:
    if state.finished or state.turn < 0:
        return frozenset()
    return frozenset({state.pending[0].seat if state.pending else state.turn})


evolve = Fold("Castle Builder")


@evolve.on(GameSetUp)
def _set_up(state: CastleBuilderState, ev: GameSetUp) -> CastleBuilderState:
    n = state.players
    supply = ev.supply
    market, supply = supply[:MARKET_SIZE], supply[MARKET_SIZE:]
    holders = tuple(tuple(sorted(supply[START_TILES * s : START_TILES * (s + 1)])) for s in range(n))
    supply = supply[START_TILES * n :]
    barons = tuple((s - ev.start) % n for s in range(n))  # the start player on space 1, last in the race
    royals = tuple(royal_ids(s) for s in range(n)) if ROYAL in state.variants else ((),) * n
    return replace(
        state,
        supply=supply,
        market=market,
        coin_pile=ev.coins[MARKET_SIZE:],
        market_coins=ev.coins[:MARKET_SIZE],
        holders=holders,
        royals=royals,
        castles=(NEW_CASTLE,) * n,
        barons=barons,
        travelled=(0,) * n,
        coins=((),) * n,
        start=ev.start,
    )


@evolve.on(TurnStarted)
def _turn_started(state: CastleBuilderState, ev: TurnStarted) -> CastleBuilderState:
    return replace(state, turn=ev.seat, pending=(), turns=state.turns + 1)


@evolve.on(TilesDrawn)
def _drawn(state: CastleBuilderState, ev: TilesDrawn) -> CastleBuilderState:
    return replace(
        state,
        supply=state.supply[len(ev.tiles) :],
        passes=0 if ev.reason == "draw" else state.passes,
        holders=_with(state.holders, ev.seat, state.holders[ev.seat] + ev.tiles),
    )


@evolve.on(SupplyReshuffled)
def _reshuffled(state: CastleBuilderState, ev: SupplyReshuffled) -> CastleBuilderState:
    return replace(state, supply=state.supply + ev.order, discard=(), reshuffles=state.reshuffles + 1)


@evolve.on(TileBuilt)
def _built(state: CastleBuilderState, ev: TileBuilt) -> CastleBuilderState:
    holder = _minus(state.holders[ev.seat], ev.discards)
    market, royals = state.market, state.royals
    if ev.tile in holder:
        holder = _minus(holder, (ev.tile,))
    elif ev.tile in market:
        market = tuple(EMPTY if t == ev.tile else t for t in market)
    else:
        royals = _with(royals, ev.seat, _minus(royals[ev.seat], (ev.tile,)))
    castle = with_tile(state.castles[ev.seat], ev.level, ev.x, ev.tile)
    return replace(
        state,
        holders=_set(state.holders, ev.seat, holder),
        market=market,
        royals=royals,
        castles=_set(state.castles, ev.seat, castle),
        discard=state.discard + ev.discards,
        passes=0,
    )


@evolve.on(MarketRefilled)
def _refilled(state: CastleBuilderState, ev: MarketRefilled) -> CastleBuilderState:
    return replace(state, supply=state.supply[1:], market=_fill(state.market, ev.tile))


@evolve.on(BaronMoved)
def _moved(state: CastleBuilderState, ev: BaronMoved) -> CastleBuilderState:
    return replace(
        state,
        barons=_set(state.barons, ev.seat, ev.to),
        travelled=_set(state.travelled, ev.seat, state.travelled[ev.seat] + ev.distance),
    )


@evolve.on(CoinTaken)
def _coin_taken(state: CastleBuilderState, ev: CoinTaken) -> CastleBuilderState:
    coins = tuple(EMPTY if c == ev.coin else c for c in state.market_coins)
    return replace(state, market_coins=coins, coins=_set(state.coins, ev.seat, state.coins[ev.seat] + (ev.coin,)))


@evolve.on(CoinAdded)
def _coin_added(state: CastleBuilderState, ev: CoinAdded) -> CastleBuilderState:
    return replace(state, coin_pile=state.coin_pile[1:], market_coins=_fill(state.market_coins, ev.coin))


@evolve.on(EffectResolved)
def _effect(state: CastleBuilderState, ev: EffectResolved) -> CastleBuilderState:
    return state


@evolve.on(TileDiscarded)
def _discarded(state: CastleBuilderState, ev: TileDiscarded) -> CastleBuilderState:
    return replace(
        state,
        holders=_set(state.holders, ev.seat, _minus(state.holders[ev.seat], (ev.tile,))),
        discard=state.discard + (ev.tile,),
    )


@evolve.on(TileStolen)
def _stolen(state: CastleBuilderState, ev: TileStolen) -> CastleBuilderState:
    holders = _set(state.holders, ev.victim, _minus(state.holders[ev.victim], (ev.tile,)))
    return replace(state, holders=_with(holders, ev.seat, holders[ev.seat] + (ev.tile,)))


@evolve.on(CastleTileRemoved)
def _knocked(state: CastleBuilderState, ev: CastleTileRemoved) -> CastleBuilderState:
    castles = _set(state.castles, ev.owner, without_tile(state.castles[ev.owner], ev.level, ev.x))
    owner = royal_owner(ev.tile)
    if owner is not None:  # a prince or princess is never discarded: back beside the holder
        return replace(state, castles=castles, royals=_with(state.royals, owner, state.royals[owner] + (ev.tile,)))
    return replace(state, castles=castles, discard=state.discard + (ev.tile,))


@evolve.on(MarketCleared)
def _cleared(state: CastleBuilderState, ev: MarketCleared) -> CastleBuilderState:
    return replace(
        state, market=tuple(EMPTY if t in ev.tiles else t for t in state.market), discard=state.discard + ev.tiles
    )


@evolve.on(MarketTileTaken)
def _market_taken(state: CastleBuilderState, ev: MarketTileTaken) -> CastleBuilderState:
    return replace(
        state,
        market=tuple(EMPTY if t == ev.tile else t for t in state.market),
        holders=_with(state.holders, ev.seat, state.holders[ev.seat] + (ev.tile,)),
    )


@evolve.on(Awaiting)
def _awaiting(state: CastleBuilderState, ev: Awaiting) -> CastleBuilderState:
    return replace(state, pending=ev.tasks)


@evolve.on(TurnPassed)
def _passed(state: CastleBuilderState, ev: TurnPassed) -> CastleBuilderState:
    return replace(state, passes=state.passes + 1)


@evolve.on(GameEnded)
def _ended(state: CastleBuilderState, ev: GameEnded) -> CastleBuilderState:
    return replace(state, finished=True, winners=ev.winners, end_reason=ev.reason, pending=())


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _with(values: tuple, index: int, tiles: tuple[int, ...]) -> tuple:
    """Set a seat's tiles, kept sorted."""
    return _set(values, index, tuple(sorted(tiles)))


def _minus(tiles: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(tiles)
    for t in gone:
        rest.remove(t)
    return tuple(rest)


def _fill(places: tuple[int, ...], item: int) -> tuple[int, ...]:
    """Put ``item`` into the first empty place (appending if every place is full)."""
    if EMPTY in places:
        i = places.index(EMPTY)
        return places[:i] + (item,) + places[i + 1 :]
    return places + (item,)
