"""The facts a game of Castle Builder is made of. Past tense; seats count from 0.

What a seat may not see (the supply's order, the coin pile, other holders, which tile a thief
took) is in the events, which are the referee's record; views hide it.
"""

from __future__ import annotations

import attrs

from engine.core.events import EventCodec, event


@attrs.frozen
class Task:
    """Something still owed in this turn, first in line first: ``limit`` (discard down to 7),
    ``coin`` (take ``count`` market coins), ``effect`` (resolve a coin's ``effect``), ``move``
    (``count`` baron steps), and the choices ``thief``, ``catapult``, ``decay``, ``mill``, ``market``."""

    kind: str
    seat: int
    count: int = 1
    effect: str = ""


@event("GameSetUp")
@attrs.frozen
class GameSetUp:
    """The shuffled supply (top first) and coin pile; the market takes the first 3 of each, then each
    seat in turn from seat 0 takes 3 tiles. Barons stand on spaces 1, 2, ... from ``start`` on."""

    start: int
    supply: tuple[int, ...]
    coins: tuple[int, ...]


@event("TurnStarted")
@attrs.frozen
class TurnStarted:
    seat: int


@event("TilesDrawn")
@attrs.frozen
class TilesDrawn:
    """Tiles from the top of the supply into ``seat``'s holder; ``reason`` is ``draw``, ``space``
    (a tile space) or the coin effect that gave them."""

    seat: int
    tiles: tuple[int, ...]
    reason: str


@event("SupplyReshuffled")
@attrs.frozen
class SupplyReshuffled:
    """The supply ran out: the discard pile, shuffled, is the new supply (top first)."""

    order: tuple[int, ...]


@event("TileBuilt")
@attrs.frozen
class TileBuilt:
    """The move: ``tile`` (from the holder, the market or beside the holder) goes to (level, x), its
    number changed by ``delta`` at the cost of the ``discards`` from the holder."""

    seat: int
    tile: int
    level: int
    x: int
    delta: int = 0
    discards: tuple[int, ...] = ()


@event("MarketRefilled")
@attrs.frozen
class MarketRefilled:
    """The top supply tile goes face up into the market's empty place."""

    tile: int


@event("BaronMoved")
@attrs.frozen
class BaronMoved:
    seat: int
    to: int  # path index (space to + 1)
    distance: int  # spaces travelled, glides and ruby steps included
    coins: int  # coin spaces reached or passed
    steps: int  # the steps that started the move


@event("CoinTaken")
@attrs.frozen
class CoinTaken:
    seat: int
    coin: int
    chosen: bool = False  # the answer to a choice (the move itself), not done by itself


@event("CoinAdded")
@attrs.frozen
class CoinAdded:
    """The top coin of the pile goes effect side up into the market."""

    coin: int


@event("EffectResolved")
@attrs.frozen
class EffectResolved:
    """A coin's effect, and the seats it favours or strikes (for the move list)."""

    seat: int
    effect: str
    seats: tuple[int, ...] = ()


@event("TileDiscarded")
@attrs.frozen
class TileDiscarded:
    """A tile leaves ``seat``'s holder face up onto the discard pile: ``limit`` (over 7) or ``lady``."""

    seat: int
    tile: int
    reason: str


@event("TileStolen")
@attrs.frozen
class TileStolen:
    """The thief: a random tile from ``victim``'s holder into ``seat``'s."""

    seat: int
    victim: int
    tile: int
    chosen: bool = False  # the answer to a choice (the move itself), not done by itself


@event("CastleTileRemoved")
@attrs.frozen
class CastleTileRemoved:
    """Decay (``by == owner``) or the catapult: a free tile leaves a castle for the discard pile."""

    owner: int
    by: int
    level: int
    x: int
    tile: int
    chosen: bool = False  # the answer to a choice (the move itself), not done by itself


@event("MarketCleared")
@attrs.frozen
class MarketCleared:
    """The mill: the market tiles go to the discard pile."""

    tiles: tuple[int, ...]


@event("MarketTileTaken")
@attrs.frozen
class MarketTileTaken:
    """The mill or (peaceful times) a red coin: a market tile into ``seat``'s holder."""

    seat: int
    tile: int
    chosen: bool = False  # the answer to a choice (the move itself), not done by itself


@event("Awaiting")
@attrs.frozen
class Awaiting:
    """The turn waits for a choice: the tasks still owed, the first one a choice."""

    tasks: tuple[Task, ...]


@event("TurnPassed")
@attrs.frozen
class TurnPassed:
    """No tile to draw and none that fits: the seat can do nothing."""

    seat: int


@event("GameEnded")
@attrs.frozen
class GameEnded:
    winners: tuple[int, ...]
    # "coins" (the goal reached), "stalled" (nobody could act), "deadlocked" (no tile left fits any
    # castle); "exhausted" (the supply ran dry a third time) in files saved under rules version 1
    reason: str


EVENTS = (
    GameSetUp,
    TurnStarted,
    TilesDrawn,
    SupplyReshuffled,
    TileBuilt,
    MarketRefilled,
    BaronMoved,
    CoinTaken,
    CoinAdded,
    EffectResolved,
    TileDiscarded,
    TileStolen,
    CastleTileRemoved,
    MarketCleared,
    MarketTileTaken,
    Awaiting,
    TurnPassed,
    GameEnded,
)
CODEC = EventCodec(EVENTS)
