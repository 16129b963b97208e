"""Take-backs by asking: in a game against people a player asks to take back their last move;
the other players who have seen it (at the table now) accept or refuse; bots, stand-ins and
players away accept without being asked. Whether a move may be taken back at all is the
engine's undo rule (engine.core.undo: one definition): never past another person's move, never
after something hidden was revealed. It is asked when the request is made and again when the
last answer comes (the undo itself asks it).

    takebacks = Takebacks(lobby)
    asked = takebacks.ask(table_id, "alice")     # status "asked" (or "accepted": nobody to ask)
    takebacks.pending(table_id)                  # what bob's screen shows: who asks, who is waited for
    takebacks.answer(table_id, "bob", True)      # the last yes takes the move back

One open request per table, in the store (``takebacks`` rows), so the players' processes share
it; it lapses as soon as the table has another line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from engine.core import IllegalAction
from engine.lobby import Lobby, LobbyError
from engine.store.db import about_table
from engine.store.tables import StoredTable

FIELDS = "table_id, seq, seat, asker, waiting, status, reason"


@dataclass(frozen=True)
class Takeback:
    table_id: str
    seq: int  # the table's line count when asked: any later line ends the request
    seat: int  # the asker's seat
    asker: str
    waiting: tuple[int, ...]  # the seats still to answer
    status: str  # "asked", "accepted" (taken back), "refused", "lapsed"
    reason: str  # who refused, or why it lapsed

    @property
    def open(self) -> bool:
        return self.status == "asked"


def _row(row) -> Takeback:
    table_id, seq, seat, asker, waiting, status, reason = row
    return Takeback(table_id, seq, seat, asker, tuple(int(s) for s in waiting.split(",") if s), status, reason)


class Takebacks:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby, self.store = lobby, lobby.store

    def _table(self, table_id: str) -> StoredTable:
        table = self.lobby.table(table_id)
        if not isinstance(table, StoredTable) or table.finished:
            raise LobbyError("this game is not in progress")
        table.catch_up()
        return table

    def ask(self, table_id: str, name: str) -> Takeback:
        """``name`` asks to take back their last move. LobbyError (with the rule's reason) when
        it cannot be taken back, or when a request is open already."""
        record = self.lobby.record(table_id)
        seat = record.seat_of(name)
        if seat is None:
            raise LobbyError("you have no seat at this table")
        table = self._table(table_id)
        check = table.can_undo(seat)
        if not check:
            raise LobbyError(f"cannot take back: {check.reason}")
        here = table.attached_seats | self.store.present_seats(table_id)
        ask = tuple(
            i
            for i, s in enumerate(record.seats)
            if i != seat and s.joined and not s.is_bot and not s.stand_in and i in here
        )
        if not ask:  # only bots, stand-ins and absent players: they accept
            self._undo(table, seat)
            return Takeback(table_id, table.seq, seat, name, (), "accepted", "")
        asked = Takeback(table_id, table.seq, seat, name, ask, "asked", "")
        with self.store.transaction() as tx:
            current = tx.one(f"SELECT {FIELDS} FROM takebacks WHERE table_id = ? FOR UPDATE", (table_id,))
            if current is not None:
                old = _row(current)
                if old.open and old.seq == table.seq:
                    raise LobbyError(f"{old.asker} has asked to take a move back already")
            tx.execute("DELETE FROM takebacks WHERE table_id = ?", (table_id,))
            tx.execute(
                f"INSERT INTO takebacks ({FIELDS}, asked) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, asked.seq, seat, name, ",".join(map(str, ask)), "asked", "", time.time()),
            )
            tx.bump(about_table(table_id))  # the asked players' screens hear of it
        return asked

    def last(self, table_id: str) -> Takeback | None:
        """The table's latest request, whatever became of it (an open one the table moved past
        reads as lapsed)."""
        rows = self.store.db.query(f"SELECT {FIELDS} FROM takebacks WHERE table_id = ?", (table_id,))
        if not rows:
            return None
        found = _row(rows[0])
        lines = self.store.db.query("SELECT lines FROM game_tables WHERE id = ?", (table_id,))
        if found.open and (not lines or lines[0][0] != found.seq):
            return replace(found, status="lapsed", reason="the game has moved on")
        return found

    def pending(self, table_id: str) -> Takeback | None:
        """The open request at the table, if any."""
        found = self.last(table_id)
        return found if found is not None and found.open else None

    def answer(self, table_id: str, name: str, accept: bool) -> Takeback:
        """``name`` accepts or refuses the open request; the last yes takes the move back."""
        seat = self.lobby.record(table_id).seat_of(name)
        table = self._table(table_id)
        with self.store.transaction() as tx:
            row = tx.one(f"SELECT {FIELDS} FROM takebacks WHERE table_id = ? FOR UPDATE", (table_id,))
            found = _row(row) if row is not None else None
            if found is None or not found.open:
                raise LobbyError("nobody is asking to take a move back here")
            if found.seq != table.seq:  # (last() reads it as lapsed from now on)
                raise LobbyError("the game has moved on; the request has lapsed")
            if seat not in found.waiting:
                raise LobbyError("you are not asked about this move")
            if not accept:
                self._end(tx, table_id, "refused", f"{name} refused")
                return replace(found, waiting=(), status="refused", reason=f"{name} refused")
            waiting = tuple(s for s in found.waiting if s != seat)
            status = "asked" if waiting else "accepted"
            tx.execute(
                "UPDATE takebacks SET waiting = ?, status = ? WHERE table_id = ?",
                (",".join(map(str, waiting)), status, table_id),
            )
            tx.bump(about_table(table_id))
        if waiting:
            return replace(found, waiting=waiting)
        try:
            self._undo(table, found.seat)
        except LobbyError as exc:
            with self.store.transaction() as tx:
                self._end(tx, table_id, "lapsed", str(exc))
            raise
        return replace(found, waiting=(), status="accepted")

    def _end(self, tx, table_id: str, status: str, reason: str) -> None:
        tx.execute(
            "UPDATE takebacks SET status = ?, reason = ?, waiting = '' WHERE table_id = ?", (status, reason, table_id)
        )
        tx.bump(about_table(table_id))

    @staticmethod
    def _undo(table: StoredTable, seat: int) -> None:
        try:
            table.undo(seat)  # the undo rule is asked again here, on the position as it is now
        except IllegalAction as exc:
            raise LobbyError(str(exc)) from None
