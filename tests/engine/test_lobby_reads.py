"""What a lobby that is listened to (a session in the lobby) reads when another process writes
(issue 24): the tables written since it last read, not every row. With 200 sessions, a lobby in
each and bots moving all the time, each read all 224 tables' records at every move."""

from __future__ import annotations

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores  # (the store fixture on both databases)

TABLES = 20


def counting(lobby) -> list[int]:
    """The rows each of the lobby's reads of table records returned, from now on."""
    reads: list[int] = []
    tables = lobby.store.tables

    def counted(ids=None):
        rows = tables(ids)
        reads.append(len(rows))
        return rows

    lobby.store.tables = counted
    return reads


def test_a_listened_lobby_reads_only_the_tables_written_since(stores):
    here, there = lobby_of(stores()), lobby_of(stores())
    players(there.store, "alice", "bob")
    for _ in range(TABLES):
        there.create("alice", "palais-royal", ["me", "invite:bob"])
    stop = here.subscribe(lambda: None)
    here.poll()
    assert len(here.records()) == TABLES
    reads = counting(here)

    new = there.create("bob", "palais-royal", ["me", "invite:alice"])
    here.poll()
    assert reads == [1] and here.record(new.id).creator == "bob"

    there.leave(new.id, "bob")  # nobody joined it: the table is gone
    here.poll()
    assert new.id not in {r.id for r in here.records()}

    # The baseline in the same run: a write that names no table (a new account) reads them all.
    reads.clear()
    players(there.store, "carol")
    here.poll()
    assert reads == [TABLES]
    stop()
    here.close()
    there.close()
