"""Opening a store whose tables are all there only reads (issue 24): making them again locked
every table, and on PostgreSQL a session's process opening the store while a login wrote
deadlocked with it, so the login failed ("deadlock detected") after the client was told it was in.
"""

from __future__ import annotations

import threading

import pytest

from engine.store import StoreError
from engine.store.db import Postgres, SQLite


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    made = []

    def make():
        made.append(Postgres(url) if url else SQLite(tmp_path / "bergfried.db", durable=False))
        return made[-1]

    yield make
    for db in made:
        db.close()


def opened_within(db, seconds: float) -> bool:
    """Whether ``db.schema()`` returned within ``seconds`` (it runs on in its thread if not)."""
    thread = threading.Thread(target=db.schema, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive()


def test_opening_a_made_store_does_not_wait_for_a_writer(database):
    database().schema()  # the first process makes the tables
    writer = database()
    with writer.transaction() as tx:  # another process in the middle of a write (a login)
        tx.bump()
        assert opened_within(database(), 5), "opening the store waited for another process's write"


def test_a_table_added_to_the_schema_is_made_on_the_next_start(database):
    first = database()
    first.schema()
    with first.transaction() as tx:  # as a database made before this index was in SCHEMA
        tx.execute("DROP INDEX changed_since")
        tx.execute("UPDATE meta SET value = 'older' WHERE key = 'tables'")
    later = database()
    later.schema()
    with later.transaction() as tx:
        tx.execute("DROP INDEX changed_since")  # (an error if it had not been made again)


def test_a_database_of_another_version_is_refused_in_one_line(database):
    first = database()
    first.schema()
    with first.transaction() as tx:
        tx.execute("UPDATE meta SET value = '9' WHERE key = 'schema'")
    with pytest.raises(StoreError, match="has schema version 9; this Bergfried knows version 1"):
        database().schema()
