"""Between Two Castles events. Past tense; what was secret when logged is hidden by view().

The classes keep their fields in a dict (slots=False): made that way an event costs a third less,
and deciding every move again on load makes thousands.

Positions are the places round the table: the seats, and in the two-player game Ludwig as
position 2. Castle k lies between position k and the position on its left, k + 1.
"""

from __future__ import annotations

import attrs

from engine.core.events import EventCodec, event


@event("GameSetUp")
@attrs.frozen(slots=False)
class GameSetUp:
    positions: int
    ludwig: bool
    thrones: tuple[int, ...]  # the throne room of each castle
    bag: tuple[int, ...]  # the normal rooms in the order they will be drawn (hidden)
    deck: tuple[int, ...]  # the bonus cards in the order they will be drawn (hidden)


@event("RoundStarted")
@attrs.frozen(slots=False)
class RoundStarted:
    round: int
    hands: tuple[tuple[int, ...], ...]  # nine rooms per position, from the front of the bag (secret)


@event("LudwigDrew")
@attrs.frozen(slots=False)
class LudwigDrew:
    """Two of Ludwig's rooms drawn at random by the seat that assigns them; laid face up."""

    seat: int
    rooms: tuple[int, ...]


@event("LudwigAssigned")
@attrs.frozen(slots=False)
class LudwigAssigned:
    seat: int
    tiles: tuple[tuple[int, int], ...]  # (room, castle) for each of Ludwig's two castles


@event("PairChosen")
@attrs.frozen(slots=False)
class PairChosen:
    seat: int
    rooms: tuple[int, ...]  # secret until PairsRevealed


@event("PairsRevealed")
@attrs.frozen(slots=False)
class PairsRevealed:
    pairs: tuple[tuple[int, ...], ...]  # per position; Ludwig's pair is empty (already shown)


@event("RoomPlaced")
@attrs.frozen(slots=False)
class RoomPlaced:
    seat: int  # who placed it
    owner: int  # the position whose room it was (the placer, Ludwig, or the castle for a bonus)
    room: int
    castle: int
    col: int
    floor: int
    bonus: str = ""  # the bonus this placement resolves ('' for a room from a hand)


@event("BonusEarned")
@attrs.frozen(slots=False)
class BonusEarned:
    seat: int  # who decides it
    castle: int
    kind: str  # a normal room type, or 'special' for the fifth of a type


@event("RoomsDrawn")
@attrs.frozen(slots=False)
class RoomsDrawn:
    """The food bonus: rooms drawn face up from the bag, one to place."""

    castle: int
    rooms: tuple[int, ...]


@event("RoomPileReshuffled")
@attrs.frozen(slots=False)
class RoomPileReshuffled:
    bag: tuple[int, ...]  # the discarded rooms shuffled into what was left


@event("AttendantPlaced")
@attrs.frozen(slots=False)
class AttendantPlaced:
    seat: int
    castle: int
    attendant: str


@event("BonusCardsDrawn")
@attrs.frozen(slots=False)
class BonusCardsDrawn:
    castle: int
    cards: tuple[int, ...]  # seen by the castle's two builders only


@event("BonusCardKept")
@attrs.frozen(slots=False)
class BonusCardKept:
    seat: int
    castle: int
    card: int  # laid face up; the others are discarded face down


@event("BonusDeckReshuffled")
@attrs.frozen(slots=False)
class BonusDeckReshuffled:
    deck: tuple[int, ...]


@event("BonusChosen")
@attrs.frozen(slots=False)
class BonusChosen:
    """The downstairs bonus: another type's bonus taken instead."""

    seat: int
    castle: int
    kind: str


@event("BonusLost")
@attrs.frozen(slots=False)
class BonusLost:
    """A bonus whose supply is used up (no attendant, special room or card left)."""

    castle: int
    kind: str


@event("HandsPassed")
@attrs.frozen(slots=False)
class HandsPassed:
    step: int  # +1: every hand goes to the left neighbour (round 1); -1: to the right


@event("RoundEnded")
@attrs.frozen(slots=False)
class RoundEnded:
    round: int
    discarded: tuple[int, ...]  # the last room of each hand, face down


@event("GameEnded")
@attrs.frozen(slots=False)
class GameEnded:
    castle_scores: tuple[int, ...]
    scores: tuple[int, ...]  # per position: the lower of its two castles
    winners: tuple[int, ...]  # positions (Ludwig may be one)


ALL_EVENTS = (
    GameSetUp,
    RoundStarted,
    LudwigDrew,
    LudwigAssigned,
    PairChosen,
    PairsRevealed,
    RoomPlaced,
    BonusEarned,
    RoomsDrawn,
    RoomPileReshuffled,
    AttendantPlaced,
    BonusCardsDrawn,
    BonusCardKept,
    BonusDeckReshuffled,
    BonusChosen,
    BonusLost,
    HandsPassed,
    RoundEnded,
    GameEnded,
)
CODEC = EventCodec(ALL_EVENTS)
