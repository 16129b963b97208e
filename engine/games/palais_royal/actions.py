"""The actions a Palais Royal seat can take (what a move in the notation stands for)."""

from __future__ import annotations

import attrs

from .events import SUPPLY


@attrs.frozen
class Place:
    """Set-up: one more servant from the supply into a room."""

    room: int


@attrs.frozen
class Bring:
    """A new servant into a room: onto the Tor (action 1), into the King's or Madame's room (action 3).
    ``source`` is SUPPLY, or a room of yours once the supply is empty."""

    room: int
    source: int = SUPPLY


@attrs.frozen
class Move:
    """Action 2: one servant one room further."""

    from_room: int
    to_room: int


@attrs.frozen
class Mint:
    """Action 3a: the gold of the Münzerei."""


@attrs.frozen
class Recruit:
    """Action 4: the noble on ``space``; ``wild_king``/``wild_madame`` seals come from a Borrowed Seals
    card; ``source`` is where the servant for a freed border space comes from (None inside the park)."""

    space: int
    wild_king: int = 0
    wild_madame: int = 0
    source: int | None = None


@attrs.frozen
class Draw:
    """Action 5: draw a card for each servant at the Hintereingang."""


@attrs.frozen
class Keep:
    """Action 5: keep one drawn card, taking one servant back from the Hintereingang."""

    card: int


@attrs.frozen
class PlayCard:
    card: int


@attrs.frozen
class Done:
    """Finish this step (what is left of it lapses); after drawing, the rest goes to the discard."""
