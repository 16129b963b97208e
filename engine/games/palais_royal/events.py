"""Palais Royal events. Past tense; what is secret when logged (the deck order, the cards drawn at
the Back Door, face-down nobles) is hidden by view().

Rooms and cards are indices into catalog.ROOMS and catalog.PRIVILEGES; a servant's ``source`` is
SUPPLY (-1) or the room it was taken from.
"""

from __future__ import annotations

import attrs

from engine.core.events import EventCodec, event

SUPPLY = -1


@event("GameSetUp")
@attrs.frozen
class GameSetUp:
    """The park dealt, the rooms laid, the cards shuffled, the start player chosen."""

    start_player: int
    layout: tuple[int, ...]  # the room on each castle square
    park: tuple[int, ...]  # the noble on each park space
    box: tuple[int, ...]  # the six nobles back in the box
    deck: tuple[int, ...]  # the privilege cards, top first


@event("ServantPlaced")
@attrs.frozen
class ServantPlaced:
    """Set-up: one of the five servants each player places in the rooms."""

    seat: int
    room: int


@event("TurnBegan")
@attrs.frozen
class TurnBegan:
    seat: int
    round: int  # rounds are counted from the start player, from 1
    last_round: bool  # this round is the last one
    opens_round: bool  # the start player's turn


@event("StepBegan")
@attrs.frozen
class StepBegan:
    """The seat moves on to a step of its turn; what it may do there follows from the position."""

    seat: int
    step: int


@event("StepFinished")
@attrs.frozen
class StepFinished:
    """The seat said it is done with a step (what is left of it lapses)."""

    seat: int
    step: int


@event("CardPlayed")
@attrs.frozen
class CardPlayed:
    seat: int
    card: int


@event("ServantBrought")
@attrs.frozen
class ServantBrought:
    """A new servant into a room: onto the Tor (action 1) or a seal bonus (action 3)."""

    seat: int
    room: int
    source: int


@event("ServantMoved")
@attrs.frozen
class ServantMoved:
    seat: int
    from_room: int
    to_room: int


@event("GoldMinted")
@attrs.frozen
class GoldMinted:
    seat: int
    gold: int


@event("NobleRecruited")
@attrs.frozen
class NobleRecruited:
    seat: int
    space: int
    noble: int
    gold: int  # paid, after the discount
    king: int  # servants back from the King's Cabinet
    madame: int  # servants back from Madame
    wild: int  # seals of the Borrowed Seals card used
    source: int | None  # where the servant for a border space came from (None: not a border space)
    called: int  # servants from the general supply (the once-only nobles)


@event("CardsDrawn")
@attrs.frozen
class CardsDrawn:
    seat: int
    cards: tuple[int, ...]  # secret to everyone else


@event("DeckReshuffled")
@attrs.frozen
class DeckReshuffled:
    """The open discard pile shuffled into a new deck (order secret)."""

    deck: tuple[int, ...]


@event("CardKept")
@attrs.frozen
class CardKept:
    seat: int
    card: int


@event("CardsDiscarded")
@attrs.frozen
class CardsDiscarded:
    """The drawn cards not kept go to the open discard pile."""

    seat: int
    cards: tuple[int, ...]


@event("GameEnded")
@attrs.frozen
class GameEnded:
    nobles: tuple[int, ...]  # points per seat
    played: tuple[int, ...]
    hands: tuple[int, ...]
    park: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


ALL_EVENTS = (
    GameSetUp,
    ServantPlaced,
    TurnBegan,
    StepBegan,
    StepFinished,
    CardPlayed,
    ServantBrought,
    ServantMoved,
    GoldMinted,
    NobleRecruited,
    CardsDrawn,
    DeckReshuffled,
    CardKept,
    CardsDiscarded,
    GameEnded,
)
CODEC = EventCodec(ALL_EVENTS)
