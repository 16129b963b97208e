"""The store's ``changed`` rows are pruned (issue 24): every table and player ever written kept a
row, read by every front at every change. The rows below a floor go; a reader that has not read
that far is told "anyone's" and reads everything again, so no lobby or session misses a change.
"""

from __future__ import annotations

from engine.store.db import EVERYONE, about_table
from engine.store.prune import Pruner

from . import stores as fixtures
from .stores import lobby_of

stores = fixtures.stores  # (the store fixture on both databases)


def written(store, what: str) -> None:
    with store.transaction() as tx:
        tx.bump(what)


def rows(store) -> int:
    return store.db.query("SELECT count(*) FROM changed")[0][0]


def test_old_changed_rows_go_and_a_reader_behind_them_reads_everything(stores):
    store = stores()
    start = store.changes()
    for i in range(300):
        written(store, about_table(f"t{i}"))
    middle = store.changes()
    recent = [about_table(f"t{i}") for i in range(300, 310)]
    for what in recent:
        written(store, what)
    assert rows(store) >= 310

    assert store.forget_changes(middle) >= 300
    assert rows(store) == len(recent) + 1  # and the "anyone's" row, at the floor
    assert sorted(store.subjects_since(middle)) == sorted(recent)  # a reader past the floor: exact
    assert EVERYONE in store.subjects_since(start)  # behind it: everything is read again
    assert EVERYONE in store.subjects_since(middle - 1)
    written(store, about_table("t5"))  # an old subject written again is told again
    assert store.subjects_since(store.changes() - 1) == [about_table("t5")]
    assert store.forget_changes(middle) == 0  # nothing more to drop


def test_a_later_write_to_anyone_is_not_lowered_by_a_prune(stores):
    store = stores()
    written(store, about_table("a"))
    floor = store.changes()
    written(store, EVERYONE)
    store.forget_changes(floor)
    assert store.subjects_since(floor) == [EVERYONE]


async def test_a_lobby_that_read_before_the_floor_misses_no_table(stores):
    """Another process's lobby read the tables, then many were made and the rows of them pruned
    before it read again: it has every table all the same."""
    here, behind = lobby_of(stores()), lobby_of(stores())
    behind.subscribe(lambda: None)  # listened to: it reads only the tables written since
    first = here.create("alice", "palais-royal", ["me", "invite:bob"])
    assert behind.poll() and behind.record(first.id).seats[1].player == "bob"
    made = [here.create("bob", "palais-royal", ["me", "invite:carol"]) for _ in range(3)]
    assert here.store.forget_changes(here.store.changes()) >= 3
    assert rows(here.store) == 1
    assert behind.poll()
    assert {record.id for record in made} <= {record.id for record in behind.records()}


def test_the_pruner_drops_only_what_was_read_long_enough_ago(stores):
    store = stores()
    now = [0.0]
    pruner = Pruner(store, keep=600, every=60, clock=lambda: now[0])
    for minute in range(30):  # a write a minute to a table of its own, read by the front
        now[0] = minute * 60.0
        written(store, about_table(f"t{minute}"))
        pruner.read(store.changes())
    # what was read 10 minutes ago and before is forgotten; the last 10 minutes' are all there
    kept = {what for what in store.subjects_since(0) if what != EVERYONE}
    assert {about_table(f"t{m}") for m in range(20, 30)} <= kept
    assert len(kept) <= 12
    assert rows(store) <= 13
