"""The store: what a server knows, in one database shared by all its processes and hosts.

    store = open_store(data_dir)                        # SQLite in the data folder
    store = open_store(data_dir, "postgresql://…")      # many hosts, one lobby

Accounts (names unique regardless of case, their keys, the table each was last at), tables
and their seats (players, invitations, bots, stand-ins and away clocks) and every table's save
file, a line a row. Every write is one transaction and counts in ``changes()``: a process that
wants to know whether anything changed reads one number. Which processes are alive, bot
leases and presence are engine.store.processes.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import IllegalAction

from .db import DB_NAME, EVERYONE, Database, Duplicate, Postgres, SQLite, StoreError, about_table
from .processes import Processes
from .social_schema import forget_table

TABLE_FIELDS = (
    "id",
    "game",
    "creator",
    "created",
    "status",
    "message",
    "stand_in_after",
    "stand_in_level",
    "lines",
    "to_act",
)
SEAT_FIELDS = ("kind", "player", "joined", "away_since", "stand_in")


class Conflict(IllegalAction):
    """Another process wrote this table's next line first: read the table again."""


class TableClosed(StoreError):
    """The host closed the table (``bergfried admin close``): it takes no more lines."""


class Store(Processes):
    def __init__(self, db: Database, data_dir: Path | None = None):
        self.db, self.data_dir = db, data_dir
        self.notes: list[str] = []  # what opening it did (an import): a line each, for the host
        self.process = f"{os.uname().nodename}:{os.getpid()}:{secrets.token_hex(4)}"
        self._pid = os.getpid()
        # called on the loop after the lobby's poll whenever another process wrote anything
        # (chat, presence and notices follow the one watcher: see Watcher)
        self.wakers: list[Callable[[], object]] = []
        # ... whenever who is where may have changed (the presence counter: logins, logouts,
        # seats opened and left). A server's front tells only the sessions showing the online
        # list of those changes; a process that watches for itself runs both lists.
        self.online_wakers: list[Callable[[], object]] = []

    @property
    def kind(self) -> str:
        return self.db.kind

    def process_id(self) -> str:
        """This process's name in presence and lease rows (a forked child gets its own)."""
        if self._pid != os.getpid():
            self._pid = os.getpid()
            self.process = f"{os.uname().nodename}:{os.getpid()}:{secrets.token_hex(4)}"
        return self.process

    def transaction(self):
        return self.db.transaction()

    def changes(self) -> int:
        row = self.db.query("SELECT n FROM counter WHERE id = 1")
        return row[0][0] if row else 0

    def subjects_since(self, n: int) -> list[str]:
        """What the writes counted after ``n`` were about (``Transaction.bump``), each once: a
        table's id after "t:", a player's name after "p:", or "*" (anyone's)."""
        return [r[0] for r in self.db.query("SELECT what FROM changed WHERE n > ?", (n,))]

    def forget_changes(self, floor: int) -> int:
        """Drop the ``changed`` rows of the writes counted up to ``floor`` (each subject keeps
        only its latest count, but every table and player ever written keeps a row). Nothing
        is lost to a reader that has not read that far: the "anyone's" row is raised to
        ``floor``, so ``subjects_since`` below it says "anyone's" and the reader reads
        everything again, as on its first read. Returns the rows dropped."""
        with self.transaction() as tx:
            dropped = tx.execute("DELETE FROM changed WHERE n <= ? AND what <> ?", (floor, EVERYONE))
            if dropped:
                tx.execute(
                    "INSERT INTO changed (what, n) VALUES (?, ?) ON CONFLICT (what) DO UPDATE "
                    "SET n = CASE WHEN changed.n > excluded.n THEN changed.n ELSE excluded.n END",
                    (EVERYONE, floor),
                )
        return dropped

    def seated_at(self, table_ids: Sequence[str]) -> set[str]:
        """The players with a seat at any of ``table_ids``."""
        if not table_ids:
            return set()
        marks = ", ".join("?" * len(table_ids))
        query = f"SELECT DISTINCT player FROM seats WHERE player IS NOT NULL AND table_id IN ({marks})"
        return {r[0] for r in self.db.query(query, tuple(table_ids))}

    def chat_rooms_since(self, line_id: int) -> set[str]:
        """The rooms a chat line was said in after the line (or notice) numbered ``line_id``."""
        return {r[0] for r in self.db.query("SELECT DISTINCT room FROM chat WHERE id > ?", (line_id,))}

    def close(self) -> None:
        self.db.close()

    # -- accounts ---------------------------------------------------------------------------
    def player_of_key(self, key: str) -> str | None:
        rows = self.db.query("SELECT name FROM player_keys WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def player_named(self, name: str) -> str | None:
        """The account whose name is ``name`` regardless of case, as its owner spells it."""
        rows = self.db.query("SELECT name FROM players WHERE folded = ?", (name.lower(),))
        return rows[0][0] if rows else None

    def claim(self, name: str, key: str) -> bool:
        """Bind ``key`` to ``name`` (made if free); False when another claim came first."""
        try:
            with self.transaction() as tx:
                owner = tx.one("SELECT name FROM players WHERE folded = ?", (name.lower(),))
                if owner is None:
                    tx.execute("INSERT INTO players (name, folded) VALUES (?, ?)", (name, name.lower()))
                elif owner[0] != name:
                    return False
                held = tx.one("SELECT name FROM player_keys WHERE key = ?", (key,))
                if held is None:
                    tx.execute("INSERT INTO player_keys (key, name) VALUES (?, ?)", (key, name))
                elif held[0] != name:
                    return False
                tx.bump()
        except Duplicate:
            return False
        return True

    def names(self) -> list[str]:
        return sorted(r[0] for r in self.db.query("SELECT name FROM players"))

    def last_table(self, name: str) -> str | None:
        rows = self.db.query("SELECT last_table FROM players WHERE name = ?", (name,))
        return rows[0][0] if rows else None

    def set_last_table(self, name: str, table_id: str | None) -> None:
        with self.transaction() as tx:
            tx.execute("UPDATE players SET last_table = ? WHERE name = ?", (table_id, name))

    # -- tables -----------------------------------------------------------------------------
    def tables(self, ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """Every table (or those of ``ids``) as a dict of TABLE_FIELDS with ``seats``: a list of
        dicts of SEAT_FIELDS. One statement (one snapshot, and no lock: processes read this after
        changes)."""
        if ids is not None and not ids:
            return []
        where = "" if ids is None else f" WHERE t.id IN ({', '.join('?' * len(ids))})"
        rows = self.db.query(
            f"SELECT {', '.join('t.' + f for f in TABLE_FIELDS)}, s.seat, "
            f"{', '.join('s.' + f for f in SEAT_FIELDS)} FROM game_tables t "
            f"LEFT JOIN seats s ON s.table_id = t.id{where} ORDER BY t.id, s.seat",
            tuple(ids or ()),
        )
        out: dict[str, dict[str, Any]] = {}
        width = len(TABLE_FIELDS)
        for row in rows:
            table = out.get(row[0])
            if table is None:
                table = out[row[0]] = dict(zip(TABLE_FIELDS, row[:width]), seats=[])
            if row[width] is not None:
                table["seats"].append(dict(zip(SEAT_FIELDS, row[width + 1 :])))
        return list(out.values())

    def table(self, tx, table_id: str, lock: bool = False) -> dict[str, Any] | None:
        """One table, read inside ``tx`` (``lock``: no other writer changes it until commit)."""
        row = tx.one(
            f"SELECT {', '.join(TABLE_FIELDS)} FROM game_tables WHERE id = ?" + (" FOR UPDATE" if lock else ""),
            (table_id,),
        )
        if row is None:
            return None
        seats = tx.rows(f"SELECT {', '.join(SEAT_FIELDS)} FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return dict(zip(TABLE_FIELDS, row), seats=[dict(zip(SEAT_FIELDS, s)) for s in seats])

    def put_table(self, tx, table: dict[str, Any], new: bool = False) -> None:
        """Replace a table and its seats; ``new``: insert it (Duplicate if the id is taken)."""
        values = [table[f] for f in TABLE_FIELDS]
        tx.execute(
            f"INSERT INTO game_tables ({', '.join(TABLE_FIELDS)}) VALUES "
            f"({', '.join('?' * len(TABLE_FIELDS))})"
            + (
                ""
                if new
                else " ON CONFLICT (id) DO UPDATE SET " + ", ".join(f"{f} = excluded.{f}" for f in TABLE_FIELDS[1:])
            ),
            values,
        )
        tx.execute("DELETE FROM seats WHERE table_id = ?", (table["id"],))
        tx.many(
            f"INSERT INTO seats (table_id, seat, {', '.join(SEAT_FIELDS)}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(table["id"], i, *(s[f] for f in SEAT_FIELDS)) for i, s in enumerate(table["seats"])],
        )
        tx.bump(about_table(table["id"]))

    def delete_table(self, tx, table_id: str) -> None:
        for what in ("seats", "events", "leases", "presence", "hurries"):
            tx.execute(f"DELETE FROM {what} WHERE table_id = ?", (table_id,))
        forget_table(tx, table_id)
        tx.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
        tx.bump(about_table(table_id))

    # -- a table's save file, a line a row ------------------------------------------------------
    def lines(self, table_id: str, start: int = 0) -> list[str]:
        rows = self.db.query("SELECT line FROM events WHERE table_id = ? AND seq >= ? ORDER BY seq", (table_id, start))
        return [r[0] for r in rows]

    def append(
        self, table_id: str, seq: int, lines: Sequence[str], tx=None, after: tuple[Iterable[int], bool] | None = None
    ) -> None:
        """Lines ``seq``, ``seq + 1``, … of the table's log; Conflict when another process wrote
        line ``seq`` first (nothing of these is written then). ``after``: who is to act then
        and whether the game is over, for the lobby's list, in the same transaction."""
        if tx is None:
            try:
                with self.transaction() as tx:
                    self._insert(tx, table_id, seq, lines, after)
            except Duplicate:
                raise Conflict("another player's move came first; the table was read again") from None
        else:
            self._insert(tx, table_id, seq, lines, after)

    def _insert(
        self, tx, table_id: str, seq: int, lines: Sequence[str], after: tuple[Iterable[int], bool] | None
    ) -> None:
        tx.many(
            "INSERT INTO events (table_id, seq, line) VALUES (?, ?, ?)",
            [(table_id, seq + i, line) for i, line in enumerate(lines)],
        )
        end = seq + len(lines)
        if after is None:
            changed = tx.execute("UPDATE game_tables SET lines = ? WHERE id = ? AND lines < ?", (end, table_id, end))
        else:
            to_act, finished = after
            changed = tx.execute(
                "UPDATE game_tables SET lines = ?, to_act = ?, status = ? WHERE id = ? AND lines < ? "
                "AND status IN ('playing', 'finished')",
                (end, ",".join(map(str, sorted(to_act))), "finished" if finished else "playing", table_id, end),
            )
        if not changed:  # (rare: only a table the host closed, so one more read then)
            status = tx.one("SELECT status FROM game_tables WHERE id = ?", (table_id,))
            if status is not None and status[0] == "closed":
                raise TableClosed("the host closed this table")
        tx.bump(about_table(table_id))

    def progress(self, table_id: str, lines: int, to_act: Iterable[int], finished: bool) -> None:
        """Whose turn it is after line ``lines`` (for the lobby's list), unless a later line's
        writer said so already."""
        status = "finished" if finished else "playing"
        with self.transaction() as tx:
            changed = tx.execute(
                "UPDATE game_tables SET to_act = ?, status = ? WHERE id = ? AND lines <= ? "
                "AND status IN ('playing', 'finished')",
                (",".join(map(str, sorted(to_act))), status, table_id, lines),
            )
            if changed:
                tx.bump(about_table(table_id))


_OPEN: dict[str, Store] = {}


def open_store(data_dir: Path, database: str | None = None, *, durable: bool = True) -> Store:
    """The store of a server: SQLite at ``data_dir/bergfried.db`` (``database`` None), or the
    PostgreSQL database at the ``postgresql://`` URL. A first start imports an old data folder
    (accounts.json, tables.json, tables/*.jsonl; see ``store.notes``). Raises StoreError with
    one line for the host when the database or the folder cannot be used. One store per
    database in a process (and its forks)."""
    data_dir = Path(data_dir).expanduser()
    # A forked child finds its parent's store here: it opens its own connections as it uses them.
    key = database or str(data_dir.resolve())
    if key in _OPEN:
        return _OPEN[key]
    make_folder(data_dir)
    if database is None:
        db: Database = SQLite(data_dir / DB_NAME, durable)
    elif database.startswith(("postgresql://", "postgres://")):
        db = Postgres(database)
    else:
        raise StoreError(
            f"--database takes postgresql://… (or nothing, for SQLite in the data folder), "
            f"not {database.split(':', 1)[0]!r}"
        )
    db.schema()
    store = Store(db, data_dir)
    from .importer import import_folder

    store.notes.extend(import_folder(store, data_dir))
    _OPEN[key] = store
    return store


def make_folder(folder: Path) -> None:
    """The data folder, readable by its owner only."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if folder.stat().st_mode & 0o077:
            folder.chmod(0o700)
    except OSError as exc:
        raise StoreError(f"cannot use the data folder {folder}: {exc.strerror or exc}") from None
