"""The two databases a store runs on, behind one small interface: SQLite (a file in the data
folder, WAL mode, no service) and PostgreSQL (psycopg 3, for several hosts).

SQL is written once, with ``?`` placeholders (turned into ``%s`` for psycopg). Connections are
per process and per thread: a process forked from one holding a connection opens its own and
never touches (or closes) its parent's, which would end the parent's session.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .social_schema import SOCIAL_SCHEMA

DB_NAME = "bergfried.db"
SCHEMA_VERSION = 1
SCHEMA_LOCK = 0x62657267  # PostgreSQL's advisory lock number for making the schema ("berg")

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # every write bumps it: a process looks at one number to know whether anything changed
    "CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, n BIGINT NOT NULL)",
    # what each count of row 1 was about ("t:" a table's id, "p:" a player's name, "*" anyone's
    # screen): the latest count per subject, so ``WHERE n > N`` says who may care since N
    "CREATE TABLE IF NOT EXISTS changed (what TEXT PRIMARY KEY, n BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS changed_since ON changed (n)",
    # names are unique regardless of case: ``folded`` is the lower-cased name
    "CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, folded TEXT NOT NULL UNIQUE, last_table TEXT)",
    "CREATE TABLE IF NOT EXISTS player_keys (key TEXT PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS game_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
    "creator TEXT NOT NULL, created TEXT NOT NULL, status TEXT NOT NULL, message TEXT NOT NULL, "
    "stand_in_after DOUBLE PRECISION, stand_in_level TEXT NOT NULL, lines INTEGER NOT NULL, "
    "to_act TEXT NOT NULL)",
    # a seat is a player, an invitation (joined 0), a bot or open (no player)
    "CREATE TABLE IF NOT EXISTS seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, "
    "kind TEXT NOT NULL, player TEXT, joined INTEGER NOT NULL, away_since TEXT, "
    "stand_in INTEGER NOT NULL, PRIMARY KEY (table_id, seat))",
    # a table's save file, a line a row (seq 0: the header): two processes never both write line N
    "CREATE TABLE IF NOT EXISTS events (table_id TEXT NOT NULL, seq INTEGER NOT NULL, "
    "line TEXT NOT NULL, PRIMARY KEY (table_id, seq))",
    # who decides the bot move at (table, seq): exactly one process
    "CREATE TABLE IF NOT EXISTS leases (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, "
    "holder TEXT NOT NULL, until_time DOUBLE PRECISION NOT NULL)",
    # a player asked for the bot move at (table, seq) now, without the pause (space at the table)
    "CREATE TABLE IF NOT EXISTS hurries (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL)",
    # which process has which seat open, and when each process was last alive
    "CREATE TABLE IF NOT EXISTS presence (process TEXT NOT NULL, table_id TEXT NOT NULL, "
    "seat INTEGER NOT NULL, PRIMARY KEY (process, table_id, seat))",
    "CREATE TABLE IF NOT EXISTS processes (id TEXT PRIMARY KEY, beat DOUBLE PRECISION NOT NULL)",
    *SOCIAL_SCHEMA,  # chat, sessions, notices, take-backs, bans (issue 29): new tables only
]


_SCHEMA_NAME = re.compile(r"CREATE (TABLE|INDEX) IF NOT EXISTS (\w+)")
_COUNTER_ROW = re.compile(r"INSERT INTO counter \(id, n\) VALUES \((\d+),")

EVERYONE = "*"  # a write any screen may show (an account, a key, the host's action)


def about_table(table_id: str) -> str:
    """The subject of a write to one table (its record, seats, moves, take-backs)."""
    return "t:" + table_id


def about_player(name: str) -> str:
    """The subject of a write only one player's screens show (a notice left for them)."""
    return "p:" + name


class StoreError(Exception):
    """The store cannot be used (a damaged database, a folder that cannot be written, no server):
    the message is one line for the host."""


class Duplicate(Exception):
    """A row that already exists (a unique key): another process wrote it first."""


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


class Database:
    """One database, with a connection per process and thread."""

    kind = ""

    def __init__(self, where: str):
        self.where = where
        self._local = threading.local()
        self._keep: list[Any] = []  # connections inherited over a fork: never closed here

    # -- connections -----------------------------------------------------------------------
    @property
    def conn(self) -> Any:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            if getattr(local, "conn", None) is not None:
                self._keep.append(local.conn)  # the parent's: closing it would end its session
            local.conn, local.pid = None, os.getpid()
        if local.conn is None:
            try:
                local.conn = self._connect()
            except StoreError:
                raise
            except Exception as exc:
                raise StoreError(f"cannot open the database {self.where}: {_one_line(exc)}") from None
        return local.conn

    def _connect(self) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        local = self._local
        if getattr(local, "pid", None) == os.getpid() and getattr(local, "conn", None) is not None:
            with contextlib.suppress(Exception):
                local.conn.close()
        local.conn = None

    # -- statements ------------------------------------------------------------------------
    def sql(self, text: str) -> str:
        return text

    def query(self, text: str, params: Sequence[Any] = ()) -> list[tuple]:
        """Rows of one statement outside a transaction (its own snapshot)."""
        with self._errors():
            return self._rows(self.conn.execute(self.sql(text), tuple(params)))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """All statements inside commit together, or none does."""
        raise NotImplementedError
        yield

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except self._driver_errors() as exc:  # the database's own; anything else is the caller's
            if self._is_duplicate(exc):
                raise Duplicate(_one_line(exc)) from None
            self._forget_if_broken()
            raise StoreError(f"the database {self.where} failed: {_one_line(exc)}") from None

    def _forget_if_broken(self) -> None:
        """A connection the server dropped is let go: the next statement connects again."""
        conn = getattr(self._local, "conn", None)
        if (
            conn is not None
            and getattr(self._local, "pid", None) == os.getpid()
            and (getattr(conn, "broken", False) or getattr(conn, "closed", False) is True)
        ):
            with contextlib.suppress(Exception):
                conn.close()
            self._local.conn = None

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.Error,)

    def _is_duplicate(self, exc: BaseException) -> bool:
        return False

    @staticmethod
    def _rows(cursor: Any) -> list[tuple]:
        return [tuple(r) for r in cursor.fetchall()] if cursor.description else []

    # -- change notification -----------------------------------------------------------------
    def notify(self, tx: Transaction) -> None:
        """Inside a write: other processes are told at its commit (PostgreSQL; SQLite polls)."""

    def schema(self) -> None:
        made = False
        with contextlib.suppress(StoreError):  # (a damaged database: the transaction says how)
            made = self._schema_made()
        if made:
            # Its statements lock what every move writes (the counter rows, the changed table):
            # a bot worker starting while another played deadlocked with a move there, and the
            # game stopped (its table opened again, that move was decided twice).
            return
        with self.transaction() as tx:
            self._one_schema_at_a_time(tx)
            for statement in SCHEMA:
                tx.execute(statement)
            tx.execute("INSERT INTO counter (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING")
            version = tx.one("SELECT value FROM meta WHERE key = 'schema'")
            if version is None:
                tx.execute("INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif version[0] != str(SCHEMA_VERSION):
                raise StoreError(
                    f"the database {self.where} has schema version {version[0]}; this "
                    f"Bergfried knows version {SCHEMA_VERSION}"
                )

    def _one_schema_at_a_time(self, tx: Transaction) -> None:
        """(SQLite: BEGIN IMMEDIATE is one writer at a time already.)"""

    def _schema_made(self) -> bool:
        """Whether every table, index and counter row of the schema is there, at this version
        (reads only: no lock a writer waits for)."""
        made = {r[0] for r in self.query(self._names_query())}
        if not {m.group(2) for m in map(_SCHEMA_NAME.match, SCHEMA) if m} <= made:
            return False
        rows = {r[0] for r in self.query("SELECT id FROM counter")}
        version = self.query("SELECT value FROM meta WHERE key = 'schema'")
        counters = {int(m.group(1)) for m in map(_COUNTER_ROW.match, SCHEMA) if m}
        return counters | {1} <= rows and version == [(str(SCHEMA_VERSION),)]

    def _names_query(self) -> str:
        return "SELECT name FROM sqlite_master WHERE type IN ('table', 'index')"


class Transaction:
    """The statements of one transaction."""

    def __init__(self, db: Database, conn: Any):
        self.db, self.conn = db, conn

    def execute(self, text: str, params: Sequence[Any] = ()) -> int:
        with self.db._errors():
            return self.conn.execute(self.db.sql(text), tuple(params)).rowcount

    def rows(self, text: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self.db._errors():
            return self.db._rows(self.conn.execute(self.db.sql(text), tuple(params)))

    def one(self, text: str, params: Sequence[Any] = ()) -> tuple | None:
        rows = self.rows(text, params)
        return rows[0] if rows else None

    def many(self, text: str, params: Sequence[Sequence[Any]]) -> None:
        with self.db._errors():
            self.conn.cursor().executemany(self.db.sql(text), [tuple(p) for p in params])

    def bump(self, what: str = EVERYONE) -> None:
        """Count this write (and tell the other processes at commit); ``what`` it changed
        (``about_table``, ``about_player``, or anyone's screen) is recorded under the same count,
        so a process that reads the counter can tell whose screens it concerns."""
        row = self.one("UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n")
        assert row is not None, "the schema made the counter's row"
        self.execute(
            "INSERT INTO changed (what, n) VALUES (?, ?) ON CONFLICT (what) DO UPDATE SET n = excluded.n",
            (what, row[0]),
        )
        self.db.notify(self)


class SQLite(Database):
    """A file in the data folder: WAL mode (readers never wait for the writer), 0600."""

    kind = "sqlite"

    def __init__(self, path: Path, durable: bool = True):
        super().__init__(str(path))
        self.path, self.durable = Path(path), durable

    def _connect(self) -> sqlite3.Connection:
        if not self.path.exists():  # made here, so it is 0600 from the start (its -wal and -shm follow)
            try:
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o600))
            except OSError as exc:
                raise StoreError(f"cannot create {self.path}: {exc.strerror or exc}") from None
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA busy_timeout = 30000")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":
                raise StoreError(f"{self.path.name}: cannot use WAL mode (journal mode {mode})")
            conn.execute("PRAGMA synchronous = " + ("FULL" if self.durable else "OFF"))
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # reads the file's header
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(
                f"{self.path} is not a usable database ({_one_line(exc)}); move it "
                "away to start afresh, or put back a copy"
            ) from None
        return conn

    def set_durable(self, durable: bool) -> None:
        """fsync every commit (FULL) or leave it to the system (OFF: tests, benches)."""
        if durable != self.durable:
            self.durable = durable
            local = self._local
            if getattr(local, "pid", None) == os.getpid() and getattr(local, "conn", None) is not None:
                local.conn.execute("PRAGMA synchronous = " + ("FULL" if durable else "OFF"))

    def sql(self, text: str) -> str:
        return text.replace("DOUBLE PRECISION", "REAL").replace(" FOR UPDATE", "")

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        conn = self.conn
        with self._errors():
            conn.execute("BEGIN IMMEDIATE")  # the write lock first: no upgrade deadlocks
        try:
            yield Transaction(self, conn)
        except BaseException:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
            raise
        with self._errors():
            conn.execute("COMMIT")

    def _is_duplicate(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)

    def data_version(self) -> int:
        """Changes when another connection commits (cheap: no read of the database)."""
        with self._errors():
            return self.conn.execute("PRAGMA data_version").fetchone()[0]


class Postgres(Database):
    """A PostgreSQL server (``postgresql://…``), through psycopg 3."""

    kind = "postgresql"
    CHANNEL = "bergfried"

    def __init__(self, url: str):
        super().__init__(_without_password(url))
        self.url = url

    def _connect(self) -> Any:
        try:
            import psycopg
        except ImportError:
            raise StoreError("PostgreSQL needs the psycopg package (pip install 'psycopg[binary]')") from None
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to {self.where}: {_one_line(exc)}") from None

    def sql(self, text: str) -> str:
        return text.replace("%", "%%").replace("?", "%s")

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        conn = self.conn
        with self._errors(), conn.transaction():
            yield Transaction(self, conn)

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        import psycopg

        return (psycopg.Error,)

    def _is_duplicate(self, exc: BaseException) -> bool:
        import psycopg

        return isinstance(exc, psycopg.errors.UniqueViolation)

    def notify(self, tx: Transaction) -> None:
        tx.execute(f"NOTIFY {self.CHANNEL}")

    def _names_query(self) -> str:
        return (
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "UNION SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
        )

    def _one_schema_at_a_time(self, tx: Transaction) -> None:
        """Two processes opening one database at once (a server's bot workers) deadlocked
        making the schema, and one died with a traceback: they take turns."""
        tx.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))

    def listen(self) -> Any:
        """A connection of its own that LISTENs (for the watcher's thread)."""
        import psycopg

        conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        conn.execute(f"LISTEN {self.CHANNEL}")
        return conn


def _without_password(url: str) -> str:
    """The URL to name in messages: never its password."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
        if parts.password is not None:
            netloc = parts.netloc.rsplit("@", 1)[1]
            user = parts.username or ""
            return urlunsplit(parts._replace(netloc=f"{user}@{netloc}"))
    except ValueError:
        return "the PostgreSQL database"
    return url
