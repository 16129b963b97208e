"""The tables of a server: created, joined, watched and restored after a restart, in the store
(engine.store) that every process of the server (and every host on one PostgreSQL) shares.

A table first *waits*: it is only a record (game, seats: a player, an invitation, a bot or
open). When its last seat is taken the game starts: its header and set-up are the table's first
lines in the store, written in the same transaction as the record that says it plays. Each
process keeps the records in memory and reads them again only when the store's change counter
moved (``poll``; ``watch`` polls as soon as another process writes), so listing the lobby costs
no query.

A table's creator may let a bot stand in for a player who stays away from the started game
longer than they chose (:meth:`Lobby.check_away`); the player takes the seat back by coming
to the table (:meth:`Lobby.arrive`). The rule, the stand-ins and the away clocks are in the
store too (engine.lobby.away). Creating, joining and leaving a table is engine.lobby.seating.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, UTC
from pathlib import Path

from engine.core import LogError, Table, TableHost
from engine.games import get_game
from engine.store import Store, StoreError, open_store
from engine.store.tables import StoredTable, load_match
from engine.store.watch import Watcher

from .away import AwayRules
from .records import SeatRecord, TableRecord, TableSummary
from .seating import LobbyError, Seating

__all__ = ["Lobby", "LobbyError", "SeatRecord", "TableRecord", "TableSummary"]


class Lobby(Seating, AwayRules):
    def __init__(
        self, store: Store | Path, host: TableHost, clock: Callable[[], datetime] | None = None, *, bots: str = "here"
    ):
        """``store``: the server's store (a folder: the SQLite store in it). ``bots``: "here"
        (this process's tables drive their bots, one process per move by lease) or "pool" (a
        BotPool does; this process never thinks)."""
        if not isinstance(store, Store):  # a folder: its SQLite store, as durable as the host's files
            store = open_store(Path(store), durable=host.durable)
            if hasattr(store.db, "set_durable"):
                store.db.set_durable(host.durable)
        self.store = store
        self.dir = self.store.data_dir
        self.host, self.bots = host, bots
        self._clock = clock or (lambda: datetime.now(UTC))
        self._records: dict[str, TableRecord] = {}
        self._watchers: dict[str, int] = {}  # spectators per table, in every process
        self._watching: dict[str, int] = {}  # ... in this one
        self._listeners: list[Callable[[], None]] = []
        self._seen = -1
        self._all_seen = -1  # the count at which every record was last read
        self._stale = False
        self._watcher: Watcher | None = None
        self.on_decide: Callable[[str, int], None] | None = None  # each table's, as a bot starts (traces)
        self._reload()

    # -- the records, from the store ---------------------------------------------------------
    def _reload(self, seen: int | None = None) -> None:
        """The records written since they were all last read, read again (every one the first
        time, and after a write that names no table: an account's, the host's); the open tables
        among them follow. With 200 lobby sessions and bots moving, each read every row at every
        move."""
        seen = self.store.changes() if seen is None else seen  # before the rows: a write in between
        ids = self._written_since(self._all_seen)
        if ids is None:
            records = {}
            for row in self.store.tables():
                record = TableRecord.from_json(row)
                records[record.id] = self._adopt(record)
            self._records, changed = records, list(records.values())
        else:
            changed = [self._adopt(TableRecord.from_json(row)) for row in self.store.tables(ids)]
            found = {record.id for record in changed}
            for table_id in ids:
                if table_id not in found:
                    self._records.pop(table_id, None)  # deleted (nobody joined it)
            self._records.update((record.id, record) for record in changed)
        self._seen = self._all_seen = seen
        self._stale = False
        self._watchers = self.store.spectators()
        self._follow_open(changed)

    def _written_since(self, n: int) -> list[str] | None:
        """The tables written since count ``n``, or None where every record is to be read."""
        if n < 0:
            return None
        subjects = self.store.subjects_since(n)
        if any(not what.startswith(("t:", "p:")) for what in subjects):
            return None
        return sorted({what[2:] for what in subjects if what.startswith("t:")})

    def _follow_open(self, records) -> None:
        for record in records:
            table = self.host.running(record.id)
            if isinstance(table, StoredTable):
                self._follow(record, table)

    def _fresh(self) -> None:
        """The records, read again if they changed while nobody listened to the lobby."""
        if self._stale:
            self._reload()

    def _adopt(self, fresh: TableRecord) -> TableRecord:
        """The record object this lobby handed out for the table, updated (callers keep it)."""
        record = self._records.get(fresh.id)
        if record is None:
            return fresh
        record.__dict__.update(fresh.__dict__)
        return record

    def _follow(self, record: TableRecord, table: StoredTable) -> None:
        """An open table catches up with the store: other processes' moves and stand-ins."""
        if record.status == "closed":  # bergfried admin close: stopped at once in every process
            table.end(record.message or "closed by the host")
            return
        if record.lines > table.seq:
            table.catch_up()
        for i, seat in enumerate(record.seats):
            if seat.stand_in and i not in table.stand_ins and not table.finished:
                table.stand_in(i, record.stand_in_level)
            elif not seat.stand_in and i in table.stand_ins:
                table.reclaim(i)
        if self.bots == "here" and table.thinking is not None and self.store.hurried(record.id) == table.seq:
            table.hurry()  # a player in another process pressed space

    def poll(self) -> bool:
        """Read the store again if anything changed since; listeners are told. True if it had.

        While nobody listens to the lobby (a player at a table), only the tables open here are
        read; the rest waits until the records are asked for (every process wakes at every
        change: most of them should do next to nothing)."""
        seen = self.store.changes()
        if seen == self._seen:
            return False
        if self._listeners:
            self._reload(seen)
        else:
            self._seen, self._stale = seen, True
            open_ids = [t.table_id for t in self.host.tables() if isinstance(t, StoredTable)]
            for row in self.store.tables(open_ids):
                record = self._adopt(TableRecord.from_json(row))
                self._records[record.id] = record
                self._follow_open([record])
        self._changed()
        return True

    def watch(self, interval: float = 0.05) -> None:
        """From now on, on the running event loop, ``poll`` as soon as another process writes
        (SQLite: a change check every ``interval`` s; PostgreSQL: LISTEN/NOTIFY)."""
        if self._watcher is None or self._watcher.pid != os.getpid():
            self._watcher = Watcher(self.store, self._poll_quietly, interval)
            self._watcher.start()

    def _poll_quietly(self) -> None:
        try:
            self.poll()
        except StoreError:
            pass  # the database is away for a moment: the next change tries again

    @contextlib.contextmanager
    def _edit(self, table_id: str) -> Iterator[tuple[object, TableRecord]]:
        """Change one table in a transaction, from its record as the store holds it now (another
        process may have changed it); the record this lobby handed out follows."""
        with self.store.transaction() as tx:
            row = self.store.table(tx, table_id, lock=True)
            if row is None:
                raise LobbyError(f"there is no table {table_id}")
            record = TableRecord.from_json(row)
            yield tx, record
            self.store.put_table(tx, record.to_json())
        self._records[table_id] = self._adopt(record)

    def restore(self) -> list[str]:
        """Reopen every game in progress (after a restart, where this process drives bots);
        returns the problems, one a line."""
        self.poll()
        self._fresh()
        problems = [f"table {r.id}: {r.message}" for r in self._records.values() if r.status == "damaged"]
        if self.bots != "here":
            return problems
        for record in list(self._records.values()):
            if record.status == "playing" and self.host.running(record.id) is None:
                try:
                    self._open(record)
                except LogError as exc:
                    with self._edit(record.id) as (_tx, fresh):
                        fresh.status, fresh.message = "damaged", str(exc)
                    problems.append(f"table {record.id}: {exc}")
        return problems

    def _open(self, record: TableRecord) -> Table:
        match = load_match(self.store, record.id, self.host.lookup)
        return self._host(record, match)

    def _host(self, record: TableRecord, match) -> Table:
        table = StoredTable(
            match,
            self.store,
            record.id,
            self.host.lookup,
            executor=self.host.executor,
            bot_delay=self.host.bot_delay,
            bots=self.bots,
        )
        table.on_decide = self.on_decide
        self.host.adopt(record.id, table)
        self._watch_table(table)
        for i, seat in enumerate(record.seats):  # the stand-ins chosen before a restart go on
            if seat.stand_in:
                table.stand_in(i, record.stand_in_level)
        return table

    def _watch_table(self, table: Table) -> None:
        # A lobby listener as a spectator: it sees only public views, to keep the list current.
        table.attach(None, lambda update: self._changed())

    # -- listening ----------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` after any change to any table; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # -- reading ------------------------------------------------------------------------------
    def record(self, table_id: str) -> TableRecord:
        self._fresh()
        try:
            return self._records[table_id]
        except KeyError:
            raise LobbyError(f"there is no table {table_id}") from None

    def records(self) -> list[TableRecord]:
        self._fresh()
        return list(self._records.values())

    def table(self, table_id: str) -> Table | None:
        """The running table of a game in progress (or just finished), opened from the store."""
        record = self.record(table_id)
        if record.status not in ("playing", "finished"):
            return None
        table = self.host.running(table_id)
        if table is None and record.status == "playing":
            table = self._open(record)
        return table

    def summaries(self, viewer: str, *, finished: bool = False) -> list[TableSummary]:
        """Every open table, the viewer's first (those where it is their turn at the top). A
        finished game leaves the list (engine.together.history has it), unless ``finished``."""
        self._fresh()
        out = [self._summary(r, viewer) for r in self._records.values() if r.status not in ("damaged", "closed")]
        if not finished:
            out = [s for s in out if s.status != "finished"]
        out.sort(key=lambda s: (not s.yours, not s.your_turn, s.status == "finished", s.id))
        return out

    def _summary(self, record: TableRecord, viewer: str) -> TableSummary:
        names = tuple(record.shown_name(i) for i in range(len(record.seats)))
        table = self.host.running(record.id)
        status = record.status
        acting: Sequence[int]
        if table is not None:
            acting, status = sorted(table.to_act), "finished" if table.finished else status
        else:
            acting = record.to_act_seats
        acting = [] if status != "playing" else acting
        seat = record.seat_of(viewer)
        return TableSummary(
            id=record.id,
            title=get_game(record.game).title,
            status=status,
            seats=names,
            free=sum(s.is_open for s in record.seats),
            bots=sum(s.is_bot for s in record.seats),
            watchers=self._watchers.get(record.id, 0),
            to_act=tuple(names[s] for s in acting),
            your_seat=seat,
            invited=record.invited(viewer) is not None,
            your_turn=seat is not None and seat in acting,
        )

    def your_turn_count(self, viewer: str) -> int:
        return sum(s.your_turn for s in self.summaries(viewer))

    # -- spectators and closing -------------------------------------------------------------
    def watching(self, table_id: str, delta: int) -> None:
        """A spectator of the table comes (+1) or goes (-1): the lobby counts the processes
        watching each table (with a process per session, its sessions)."""
        count = self._watching.get(table_id, 0)
        self._watching[table_id] = max(0, count + delta)
        if (count == 0) != (self._watching[table_id] == 0):
            self.store.present(table_id, -1, self._watching[table_id] > 0)
        if not self.poll():
            self._changed()

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        self.host.close_all()
