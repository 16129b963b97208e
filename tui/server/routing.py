"""Whose screens a burst of writes concerns, read by the front once per change (issue 24).

Every count of the tables' counter (row 1) records its subject in the store's ``changed`` rows
(a table, a player, or anyone's screen: ``engine.store.db.Transaction.bump``); a chat line is
a row of its room with an id above the sequence counter's last value. With 200 sessions and
bots moving all the time, a move woke every session (~0.3-0.5 ms of CPU each); now it wakes
the sessions that show that table: its players and spectators, players seated there who are
elsewhere (their turn notice), and the lobby's list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.store.db import EVERYONE
from engine.store.social_schema import SEQUENCE
from engine.together.presence import LOBBY

TABLES = 1  # counter row: tables, seats, moves, take-backs, notices, accounts


@dataclass
class Changes:
    everyone: bool = False
    tables: set[str] = field(default_factory=set)
    players: set[str] = field(default_factory=set)  # a notice each, or seated at a changed table
    rooms: set[str] = field(default_factory=set)  # chat lines said there

    def __bool__(self) -> bool:
        return self.everyone or bool(self.tables or self.players or self.rooms)

    def concerns(self, place: str | None, name: str) -> bool:
        """Whether a session of ``name`` at ``place`` (None: not said yet) may show any of it."""
        if self.everyone or place is None or name in self.players:
            return True
        if place == LOBBY:  # the list shows every table
            return bool(self.tables) or LOBBY in self.rooms
        return place in self.tables or place in self.rooms


def changed_since(store, before: dict[int, int], moved: set[int]) -> Changes:
    """What the writes since the counters ``before`` concern (``moved``: the rows that moved).
    Read after the counters, so a write between the two reads is told now and again next time,
    never missed."""
    out = Changes()
    if not before:
        out.everyone = True  # nothing to compare with (the database was away)
        return out
    if TABLES in moved:
        subjects = store.subjects_since(before.get(TABLES, 0))
        for what in subjects:
            if what.startswith("t:"):
                out.tables.add(what[2:])
            elif what.startswith("p:"):
                out.players.add(what[2:])
            else:
                out.everyone = True
        if not subjects or EVERYONE in subjects:
            out.everyone = True  # a count with no subject: anyone's screen
        elif out.tables:
            out.players |= store.seated_at(sorted(out.tables))
    if SEQUENCE in moved:
        out.rooms |= store.chat_rooms_since(before.get(SEQUENCE, 0))
    return out
