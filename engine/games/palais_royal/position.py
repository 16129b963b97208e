"""The Palais Royal position: the castle's rooms and their servants, the park's nobles, the
players' gold, hands and seals, and the turn in progress (which step, what is left of it).
How each event changes it is in state.py.

Rooms hold servants as ``rooms[room][seat]``; ``park[space]`` is a noble or FREE; ``marks[space]``
the seat whose servant stands on a freed border space (or FREE).
"""

from __future__ import annotations

import attrs

from .catalog import BEFORE, GOLD, KARDINAL, NOBLES
from .events import GameEnded

FREE = -1
UNLIMITED = -1  # gate_left after the Open Gates card
SETUP, PLACING, PLAYING, OVER = "setup", "placing", "playing", "over"


# -- the position -------------------------------------------------------------------------------


@attrs.frozen(slots=False)  # slots=False: evolve copies the dict (engine/core/fastattrs.py)
class PalaisState:
    players: int
    phase: str = SETUP
    layout: tuple[int, ...] = ()  # the room on each castle square
    park: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()
    box: tuple[int, ...] = ()
    rooms: tuple[tuple[int, ...], ...] = ()
    supply: tuple[int, ...] = ()
    reserve: tuple[int, ...] = ()  # each colour's share of the general supply
    gold: tuple[int, ...] = ()
    bank: int = GOLD  # the gold a match starts with (see catalog.GOLD), less what the players hold
    nobles: tuple[tuple[int, ...], ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()  # sorted privilege cards
    honours: tuple[tuple[int, ...], ...] = ()  # played point cards, face up
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    start_player: int = 0
    turn: int = 0
    placed: int = 0  # set-up servants placed by ``turn``
    round: int = 0
    recruit_round: int = 1  # the last round in which anyone recruited a noble
    last_round: bool = False
    # The turn in progress.
    step: int = BEFORE
    favour: bool = False  # the Royal Favour lies face up until the end of the turn
    gate_left: int = 0
    moves_left: int = 0
    extra_moves: int = 0  # from a Grand Reception, for action 2
    king_left: int = 0
    madame_left: int = 0
    minted: bool = False
    wild: int = 0  # Borrowed Seals left this turn
    drew: bool = False
    drawn: tuple[int, ...] = ()
    final: GameEnded | None = None

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def count(self, room: int, seat: int) -> int:
        return self.rooms[room][seat]

    def benefits(self, seat: int, benefit: str) -> int:
        """How many of ``seat``'s nobles carry ``benefit``."""
        return sum(1 for n in self.nobles[seat] if NOBLES[n].benefit == benefit)

    def nobles_in_park(self) -> int:
        return sum(1 for n in self.park if n != FREE)

    def majority(self, room: int, seat: int) -> bool:
        """Whether ``seat`` earns the majority bonus in ``room`` now (the Kardinal breaks ties)."""
        if self.favour and seat == self.turn and self.rooms[room][seat] > 0:
            return True
        counts = self.rooms[room]
        mine = counts[seat]
        best = max(counts)
        if mine == 0 or mine < best:
            return False
        tied = [s for s in range(self.players) if counts[s] == best and s != seat]
        cardinal = self.rooms[KARDINAL]
        return all(cardinal[seat] > cardinal[s] for s in tied)

    def bonus(self, room: int, seat: int) -> int:
        return 1 if self.majority(room, seat) else 0
