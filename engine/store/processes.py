"""The server's processes in the store, the :class:`engine.store.Store`'s part for them: which
processes are alive (SQLite: their pid on this host; PostgreSQL: a recent heartbeat), which one
decides a bot's move (a lease per table), and who sits at or watches which table (presence).
"""

from __future__ import annotations

import hashlib
import os
import time
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from .db import about_table

if TYPE_CHECKING:
    from .db import Database

ALIVE = 30.0  # seconds: a process that has not said it is alive for this long has gone


class Processes:
    if TYPE_CHECKING:  # what the Store this is a part of gives it
        db: Database

        @property
        def kind(self) -> str: ...
        def process_id(self) -> str: ...
        def transaction(self) -> AbstractContextManager[Any]: ...

    # -- bots: one process decides each move ------------------------------------------------------
    def take_lease(self, table_id: str, seq: int, seconds: float = 120.0) -> bool:
        """This process decides the bot move at line ``seq`` of the table, unless another
        process holds that position's lease and may still be deciding it.

        Whether it may: SQLite (one host) asks whether the holder's pid runs (and the lease
        has not run out); PostgreSQL asks the database: a process deciding a table's move holds
        an advisory lock on it in its own session until the decision ends (``let_go``) or the
        session does. A heartbeat decided that before, and a holder whose host was too loaded to
        beat for 30 s while it thought had its move decided a second time by another worker."""
        me, now = self.process_id(), time.time()
        if self.kind != "sqlite" and not self._decision_lock(table_id):
            return False  # another process decides a move of this table now
        taken = False
        try:
            with self.transaction() as tx:
                # the table's row locked first (it exists, a lease row may not): takers queue here
                lines = tx.one("SELECT lines FROM game_tables WHERE id = ? FOR UPDATE", (table_id,))
                if lines is not None and lines[0] != seq:
                    return False  # this process has not read the table's last lines yet: it will
                row = tx.one("SELECT seq, holder, until_time FROM leases WHERE table_id = ?", (table_id,))
                if row is not None and (row[0] > seq or row[0] == seq and row[1] != me and self._deciding(row, now)):
                    return False
                tx.execute(
                    "INSERT INTO leases (table_id, seq, holder, until_time) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, holder = excluded.holder, "
                    "until_time = excluded.until_time",
                    (table_id, seq, me, now + seconds),
                )
            taken = True
        finally:
            if not taken:
                self.let_go(table_id)
        return True  # (not counted as a change: the move it leads to is)

    def _deciding(self, lease: tuple, now: float) -> bool:
        """Whether another lease's holder may still be deciding. PostgreSQL: no, this process
        holds the table's lock (the holder let go, or its session ended); SQLite: while its pid
        runs, until the lease runs out."""
        return self.kind == "sqlite" and lease[2] > now and _alive_here(lease[1])

    def let_go(self, table_id: str) -> None:
        """This process's decision at the table ended (played, dropped or cancelled): another
        process may decide the table's next move (PostgreSQL: the advisory lock is released)."""
        held = self._decision_locks()
        if table_id in held:
            held.discard(table_id)
            self.db.query("SELECT pg_advisory_unlock(?)", (_lock_key(table_id),))

    def _decision_lock(self, table_id: str) -> bool:
        """PostgreSQL: the table's advisory lock, in this process's session (kept while held)."""
        held = self._decision_locks()
        if table_id not in held:
            rows = self.db.query("SELECT pg_try_advisory_lock(?)", (_lock_key(table_id),))
            if not rows or not rows[0][0]:
                return False
            held.add(table_id)
        return True

    def _decision_locks(self) -> set[str]:
        """The tables whose advisory lock this process's session holds: a new connection (a fork's,
        or one made again after the server dropped the old) holds none."""
        conn = self.db.conn if self.kind != "sqlite" else None
        mine: tuple[Any, set[str]] | None = getattr(self, "_held_locks", None)
        if mine is None or mine[0] is not conn:
            mine = (conn, set())
            self._held_locks = mine
        return mine[1]

    def hurry(self, table_id: str, seq: int) -> None:
        """Ask whoever decides the bot move at line ``seq`` to play it without the pause."""
        with self.transaction() as tx:
            tx.execute(
                "INSERT INTO hurries (table_id, seq) VALUES (?, ?) ON CONFLICT (table_id) DO UPDATE "
                "SET seq = excluded.seq",
                (table_id, seq),
            )
            tx.bump(about_table(table_id))

    def hurried(self, table_id: str) -> int | None:
        """The line whose bot move a player asked to hurry last, if any."""
        rows = self.db.query("SELECT seq FROM hurries WHERE table_id = ?", (table_id,))
        return rows[0][0] if rows else None

    def drop_lease(self, table_id: str) -> None:
        with self.transaction() as tx:
            tx.execute("DELETE FROM leases WHERE table_id = ? AND holder = ?", (table_id, self.process_id()))

    # -- who is at which table, in any process -----------------------------------------------------
    def present(self, table_id: str, seat: int, here: bool) -> None:
        with self.transaction() as tx:
            if here:
                tx.execute(
                    "INSERT INTO presence (process, table_id, seat) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (self.process_id(), table_id, seat),
                )
            else:
                tx.execute(
                    "DELETE FROM presence WHERE process = ? AND table_id = ? AND seat = ?",
                    (self.process_id(), table_id, seat),
                )
                _left(tx, [(table_id, seat)])
            if self.beats:
                self._beat(tx)
            if seat < 0:
                tx.bump(about_table(table_id))  # the lobby's list counts a table's spectators
            else:
                # Who sits at a table now only the lobby's "at the table" line shows, which
                # follows the presence counter with the online list: a login or logout at a
                # table wakes no session but those showing it (every session woke at each).
                bump_presence(tx)

    def present_seats(self, table_id: str) -> frozenset[int]:
        """The seats some living process has open now. SQLite: its processes are all on this
        host, alive while their pid is; PostgreSQL: alive while their heartbeat is recent."""
        if self.kind == "sqlite":
            rows = self.db.query("SELECT process, seat FROM presence WHERE table_id = ? AND seat >= 0", (table_id,))
            return frozenset(seat for process, seat in rows if _alive_here(process))
        rows = self.db.query(
            "SELECT p.seat FROM presence p JOIN processes q ON q.id = p.process "
            "WHERE p.table_id = ? AND p.seat >= 0 AND q.beat > ?",
            (table_id, time.time() - ALIVE),
        )
        return frozenset(r[0] for r in rows)

    def spectators(self) -> dict[str, int]:
        """How many living processes watch each table (a spectator is seat -1 in ``presence``)."""
        if self.kind == "sqlite":
            rows = self.db.query("SELECT table_id, process FROM presence WHERE seat = -1")
            rows = [(t, p) for t, p in rows if _alive_here(p)]
        else:
            rows = self.db.query(
                "SELECT p.table_id, p.process FROM presence p JOIN processes q ON "
                "q.id = p.process WHERE p.seat = -1 AND q.beat > ?",
                (time.time() - ALIVE,),
            )
        out: dict[str, int] = {}
        for table_id, _process in rows:
            out[table_id] = out.get(table_id, 0) + 1
        return out

    @property
    def beats(self) -> bool:
        """Whether this process must say it is alive now and then (PostgreSQL, with seats open:
        a beat wakes no other process there, as a write would with SQLite)."""
        return self.kind != "sqlite"

    def beat(self) -> None:
        """This process is alive (its seats count as present)."""
        with self.transaction() as tx:
            self._beat(tx)

    def _beat(self, tx) -> None:
        tx.execute(*self.beat_statement())

    def beat_statement(self) -> tuple[str, tuple]:
        return (
            "INSERT INTO processes (id, beat) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET beat = excluded.beat",
            (self.process_id(), time.time()),
        )

    def ended(self, process: str) -> None:
        """Another process ended without saying so (its player's connection dropped, it was
        killed): its seats are away from now, and it watches no table. Without this a dropped
        player's seat read "has a seat", never "away N min" (the row the player's own leaving
        writes was never written), and "here" until some screen looked again."""
        with self.transaction() as tx:
            rows = tx.rows("SELECT table_id, seat FROM presence WHERE process = ?", (process,))
            if not rows:
                return
            _left(tx, [(t, seat) for t, seat in rows if seat >= 0])
            tx.execute("DELETE FROM presence WHERE process = ?", (process,))
            bump_presence(tx)
            for table_id in {t for t, seat in rows if seat < 0}:
                tx.bump(about_table(table_id))  # the lobby's list counts a table's spectators

    def gone(self) -> None:
        """This process ends: its seats are away now."""
        me = self.process_id()
        with self.transaction() as tx:
            tx.execute("DELETE FROM presence WHERE process = ?", (me,))
            tx.execute("DELETE FROM processes WHERE id = ?", (me,))
            tx.execute("DELETE FROM leases WHERE holder = ?", (me,))
            bump_presence(tx)
            tx.bump()
        if self._decision_locks():
            self._decision_locks().clear()
            self.db.query("SELECT pg_advisory_unlock_all()")


def _lock_key(table_id: str) -> int:
    """A table's advisory lock number (the same in every process: not Python's hash())."""
    return int.from_bytes(
        hashlib.blake2b(f"bergfried-bots:{table_id}".encode(), digest_size=8).digest(), "big", signed=True
    )


def _left(tx, seats: list[tuple[str, int]]) -> None:
    """Since when each seat's player is away (the lobby shows how long): now."""
    now = time.time()
    for table_id, seat in seats:
        tx.execute(
            "INSERT INTO seat_left (table_id, seat, at) VALUES (?, ?, ?) ON CONFLICT (table_id, seat) "
            "DO UPDATE SET at = excluded.at",
            (table_id, seat, now),
        )


def bump_presence(tx) -> None:
    """Count a change of who is where (logins, logouts, seats opened and left): the online list
    and the lobby's "at the table" line follow this counter, nothing else does."""
    from .social_schema import PRESENCE

    tx.execute(f"UPDATE counter SET n = n + 1 WHERE id = {PRESENCE}")
    tx.db.notify(tx)


#: This host's name (asked once: the online list asks of every session's process, and each lobby
#: reads that list at every login and logout).
_NODE = os.uname().nodename


def _gone_here(process: str) -> bool:
    """Whether the process named ``host:pid:token`` was of this host and has ended."""
    return process.partition(":")[0] == _NODE and not _alive_here(process)


def _alive_here(process: str) -> bool:
    """Whether the process named ``host:pid:token`` runs on this host now."""
    host, _, rest = process.partition(":")
    pid = rest.partition(":")[0]
    if host != _NODE or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
