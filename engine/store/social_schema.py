"""The store's tables for playing together (issue 29): chat, who is online, notices, take-back
requests, bans and the host's log, finished games' results and the moves stand-ins made.

Kept apart from the core schema (engine/store/db.py appends these): every statement is
``IF NOT EXISTS``, so a database made before them gains them on its next start, and nothing in
a table's event log changes. Ids of rows read in order by other processes (chat lines, notices,
the host's log) are drawn from the ``counter`` row ``SEQUENCE`` under its row lock, so they
commit in the order they are drawn (an identity column's values may commit out of order, and a
reader following ``id > last`` would skip one).
"""

from __future__ import annotations

SEQUENCE = 2  # counter row: the next id of a chat line, a notice or a log line
PRESENCE = 3  # counter row: bumped when someone logs in or out (the online list follows it)

SOCIAL_SCHEMA = [
    f"INSERT INTO counter (id, n) VALUES ({SEQUENCE}, 0) ON CONFLICT (id) DO NOTHING",
    f"INSERT INTO counter (id, n) VALUES ({PRESENCE}, 0) ON CONFLICT (id) DO NOTHING",
    # room: "lobby" or a table's id; role: "player", "spectator" or "lobby" (decided by the store)
    "CREATE TABLE IF NOT EXISTS chat (id BIGINT PRIMARY KEY, room TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, author TEXT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS chat_by_room ON chat (room, id)",
    "CREATE INDEX IF NOT EXISTS chat_by_author ON chat (author, at)",
    # a table's settings beside its record (today: chat players-only)
    "CREATE TABLE IF NOT EXISTS table_options (table_id TEXT NOT NULL, key TEXT NOT NULL, "
    "value TEXT NOT NULL, PRIMARY KEY (table_id, key))",
    "CREATE TABLE IF NOT EXISTS mutes (player TEXT NOT NULL, muted TEXT NOT NULL, PRIMARY KEY (player, muted))",
    # a logged-in session: alive while its process is (SQLite: its pid; PostgreSQL: its beat)
    "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, process TEXT NOT NULL, "
    "player TEXT NOT NULL, since DOUBLE PRECISION NOT NULL, place TEXT NOT NULL)",
    # when a seat's player last left its table (how long they have been away)
    "CREATE TABLE IF NOT EXISTS seat_left (table_id TEXT NOT NULL, seat INTEGER NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seat))",
    # a finished game's outcome per seat, read once from its log (the history lists it)
    "CREATE TABLE IF NOT EXISTS results (table_id TEXT NOT NULL, seat INTEGER NOT NULL, "
    "player TEXT, name TEXT NOT NULL, score INTEGER NOT NULL, won INTEGER NOT NULL, "
    "PRIMARY KEY (table_id, seat))",
    # what a player is told that no table's state says (an invitation declined, a table closed)
    "CREATE TABLE IF NOT EXISTS notices (id BIGINT PRIMARY KEY, player TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, kind TEXT NOT NULL, table_id TEXT NOT NULL, text TEXT NOT NULL)",
    # one open request per table to take back a move: asked at line seq, answered by seats
    "CREATE TABLE IF NOT EXISTS takebacks (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, "
    "seat INTEGER NOT NULL, asker TEXT NOT NULL, asked DOUBLE PRECISION NOT NULL, "
    "waiting TEXT NOT NULL, status TEXT NOT NULL, reason TEXT NOT NULL)",
    # kind "name" (folded) or "key"; a banned name or key cannot log in or claim
    "CREATE TABLE IF NOT EXISTS bans (kind TEXT NOT NULL, value TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, PRIMARY KEY (kind, value))",
    "CREATE TABLE IF NOT EXISTS admin_log (id BIGINT PRIMARY KEY, at DOUBLE PRECISION NOT NULL, "
    "action TEXT NOT NULL, detail TEXT NOT NULL)",
    # the entries (log positions first < p <= last) a stand-in bot played for seat; told: its
    # player has been shown them
    "CREATE TABLE IF NOT EXISTS stand_in_moves (table_id TEXT NOT NULL, first_pos INTEGER NOT NULL, "
    "last_pos INTEGER NOT NULL, seat INTEGER NOT NULL, told INTEGER NOT NULL, PRIMARY KEY (table_id, first_pos))",
]


def next_id(tx) -> int:
    """The next id of an ordered row, drawn in ``tx`` (its row stays locked until commit)."""
    row = tx.one(f"UPDATE counter SET n = n + 1 WHERE id = {SEQUENCE} RETURNING n")
    assert row is not None, "the schema made the sequence row"
    return int(row[0])


def forget_table(tx, table_id: str) -> None:
    """A table removed (nobody joined it): its chat and settings go with it."""
    tx.execute("DELETE FROM chat WHERE room = ?", (table_id,))
    for what in ("table_options", "takebacks", "seat_left", "stand_in_moves"):
        tx.execute(f"DELETE FROM {what} WHERE table_id = ?", (table_id,))
