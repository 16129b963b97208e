"""The facts a game of Carcassonne: The Castle is made of. Seats are 0 and 1; -1 means nobody."""

from __future__ import annotations

import attrs

from engine.core.events import EventCodec, event


@event("CastleSetUp")
@attrs.frozen
class CastleSetUp:
    """The shuffled castle cards (top first) and the wall tile lying face down on each corner tower
    (0: none). Both are secret; views never show them."""

    deck: tuple[int, ...]
    towers: tuple[int, ...]


@event("CardDrawn")
@attrs.frozen
class CardDrawn:
    """Starts a turn: ``seat`` draws the top card and shows it to the other player. ``again``: a
    redraw in the same turn after a card that fitted nowhere."""

    seat: int
    card: int
    again: bool = False


@event("CardRemoved")
@attrs.frozen
class CardRemoved:
    """The drawn card fits nowhere and leaves the game; the same player draws again."""

    seat: int
    card: int


@event("CardPlaced")
@attrs.frozen
class CardPlaced:
    """The move: the card laid (half a on x, y; half b toward ``facing``), the follower set on it
    (``role`` "" for none) and the wall tiles played this turn."""

    seat: int
    card: int
    x: int
    y: int
    facing: str
    role: str
    segment: int
    tiles: tuple[int, ...]


@event("FeatureCompleted")
@attrs.frozen
class FeatureCompleted:
    """A road, tower or house is finished and scored; its followers go home."""

    kind: str
    cards: tuple[int, ...]
    start_fields: tuple[int, ...]
    winner: int
    points: int
    doubled: bool
    followers: tuple[tuple[int, int, int], ...]  # (seat, card, segment) returned


@event("WallTileTaken")
@attrs.frozen
class WallTileTaken:
    """A score marker landed exactly on a corner tower; its tile now lies face up by the player."""

    seat: int
    tower: int
    tile: int


@event("PalasBuilt")
@attrs.frozen
class PalasBuilt:
    """``seat``'s palas stands on (or moves to) a completed house of ``size`` cards."""

    seat: int
    size: int
    cards: tuple[int, ...]


@event("WallCleared")
@attrs.frozen
class WallCleared:
    """The game is over: the tiles still on these towers go back to the box unseen."""

    towers: tuple[int, ...]


@event("PalasScored")
@attrs.frozen
class PalasScored:
    seat: int
    points: int
    sizes: tuple[int, ...]  # each seat's palas size, wall tile 8 included
    region: tuple[tuple[int, int], ...]  # the largest free region of squares


@event("CourtyardScored")
@attrs.frozen
class CourtyardScored:
    seat: int
    markets: int
    points: int
    tile: bool  # wall tile 7 made every market worth 4
    cards: tuple[int, ...]


@event("WallTileScored")
@attrs.frozen
class WallTileScored:
    """Final scoring with wall tile 4, 5, 6 (an unfinished feature) or 9 (5 points)."""

    seat: int
    tile: int
    points: int
    cards: tuple[int, ...]


@event("GameEnded")
@attrs.frozen
class GameEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS = (
    CastleSetUp,
    CardDrawn,
    CardRemoved,
    CardPlaced,
    FeatureCompleted,
    WallTileTaken,
    PalasBuilt,
    WallCleared,
    PalasScored,
    CourtyardScored,
    WallTileScored,
    GameEnded,
)
CODEC = EventCodec(EVENTS)
