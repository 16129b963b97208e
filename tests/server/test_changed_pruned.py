"""A server whose front prunes the store's ``changed`` rows at every change (issue 24; the
default keeps ten minutes of them) stays small after many writes, and no session misses one:
the lobby's list has every new table, and a player back from a table has the ones made while
they played."""

from __future__ import annotations

import pytest

from .conftest import Server, until
from .test_login_wakeups import at_own_table
from .test_tables import showing


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_server(request, tmp_path):
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    srv = Server(tmp_path, database=url)
    await srv.start()
    srv.service.pruner.keep = srv.service.pruner.every = 0.0  # prune at every change
    yield srv
    await srv.stop()


async def test_many_writes_leave_few_changed_rows_and_no_session_misses_one(any_server):
    server = any_server
    store, lobby = server.service.store, server.service.lobby
    alice = await at_own_table(server, "alice")
    carol = await server.connect("carol")
    made = []
    for i in range(12):
        made.append(lobby.create(f"erin{i}", "king-up", ["me", "bot:random", "bot:random"]).id)
        await carol.wait_for(made[-1])  # the lobby's list has each one
    rows = store.db.query("SELECT count(*) FROM changed")[0][0]
    assert rows <= 4, f"{rows} changed rows after {len(made)} new tables"
    alice.press("\x1b")
    await until(showing(server, "alice", "LobbyScreen"), what="alice in the lobby")
    for table_id in made:
        await alice.wait_for(table_id)
    for client in (alice, carol):
        await client.close()
