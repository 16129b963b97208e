"""With PostgreSQL, as with SQLite, the front's one LISTEN wakes only the sessions a change
concerns (issue 24): a move wakes its table's sessions and the lobby, a login only the lobby.
Before, every session process LISTENed on a connection of its own, so every write anywhere (on
any host) woke every session, and each session held two connections; now it holds one.

These need a real PostgreSQL (the ``postgres_url`` fixture says why it skips where it is absent).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from . import test_login_wakeups as wakeups
from .conftest import Server
from .test_login_wakeups import at_own_table, settled_words
from .test_together import shows


@pytest.fixture
async def pg_server(tmp_path, postgres_url):
    srv = Server(tmp_path, database=postgres_url)
    await srv.start()
    yield srv
    await srv.stop()


async def test_on_postgresql_a_login_and_logout_wake_only_the_lobby(pg_server):
    await wakeups.test_a_login_and_logout_wake_only_the_lobby(pg_server)


async def test_on_postgresql_a_table_change_wakes_only_the_sessions_that_show_it(pg_server):
    await wakeups.test_a_table_change_wakes_only_the_sessions_that_show_it(pg_server)


async def test_on_postgresql_a_turn_at_another_table_still_wakes_its_player(pg_server):
    await wakeups.test_a_turn_at_another_table_still_wakes_its_player(pg_server)


async def test_on_postgresql_a_move_wakes_its_table_and_the_lobby_only(pg_server):
    """alice and bob play one table, dave sits at his own, carol is in the lobby: a move at
    alice's table (written by another process, as a server on another host would) wakes alice,
    bob and carol's list, and not dave."""
    server = pg_server
    lobby = server.service.lobby
    for name in ("alice", "bob"):
        await (await server.connect(name, wait=None)).close()
    record = lobby.create("alice", "carcassonne-castle", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    for name in ("alice", "bob"):
        server.service.accounts.set_last_table(name, record.id)
    alice = await at_own_table(server, "alice", record.id)
    bob = await at_own_table(server, "bob", record.id)
    dave = await at_own_table(server, "dave")
    carol = await server.connect("carol")
    names = ["alice", "bob", "carol", "dave"]
    before = await settled_words(server, names)

    table = lobby.table(record.id)
    seat = min(table.to_act)
    action = table.legal_actions(seat)[0]
    line = table.format_action(seat, action)
    table.submit(seat, action)
    for client in (alice, bob):
        await client.wait_for(line.split()[0], timeout=15)
    after = await settled_words(server, names)
    assert after["alice"] > before["alice"], "alice did not hear of the move at her table"
    assert after["bob"] > before["bob"], "bob did not hear of the move at his table"
    assert after["carol"] > before["carol"], "the lobby did not hear of the move"
    assert after["dave"] == before["dave"], "dave, at his own table, was woken by a move at alice's"
    for client in (alice, bob, carol, dave):
        await client.close()


def connections(pid: int, url: str) -> int:
    """The TCP connections process ``pid`` holds to the database's server (Linux's /proc)."""
    port = urlsplit(url).port
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if int(fields[2].rsplit(":", 1)[1], 16) == port and fields[9] in inodes:
                count += 1
    return count


async def test_on_postgresql_a_session_holds_one_connection(pg_server, postgres_url):
    """A logged-in session's process holds one connection to PostgreSQL (before: two, the
    second LISTENing, which every write anywhere woke)."""
    server = pg_server
    clients = [await server.connect(name) for name in ("carol", "erin", "frank")]
    for name in ("carol", "erin", "frank"):
        await shows(server, name, "online", lambda text: "frank" in text, f"frank online at {name}'s")
    held = {name: connections(await server.session_of(name).started, postgres_url) for name in ("carol", "erin")}
    assert held == {"carol": 1, "erin": 1}
    for client in clients:
        await client.close()
