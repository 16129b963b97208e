"""What a login and a logout cost the other sessions (issue 24): only the sessions that show the
online list (in the lobby) hear of them; a player at a table, or anywhere else, is not woken.

With 200 idle sessions every login woke every one of them (the newcomer's seat at its table and
its row in the online list: ~0.5 ms of CPU each, 112 ms a login in all, on the same two cores
as the newcomer's own start). A table's change (each bot move) and a chat line likewise wake
only the sessions that show them. The front counts the words it tells each session's process."""

from __future__ import annotations

import asyncio
import random

from engine.together.chat import Chat
from engine.together.presence import Presence
from tui.server.bench.harness import bots_open

from .conftest import until
from .test_tables import showing
from .test_together import shows


async def own_table(server, name: str) -> str:
    """``name``'s account (a first login) and a King Up! table of theirs that waits for them,
    the one their next login opens."""
    await (await server.connect(name, wait=None)).close()
    lobby = server.service.lobby
    record = lobby.create(name, "king-up", ["me", "bot:random", "bot:random"])
    bots_open(lobby.table(record.id), random.Random(1))
    server.service.accounts.set_last_table(name, record.id)
    return record.id


async def at_own_table(server, name: str, table_id: str | None = None):
    """``name`` logged in, back at their own table."""
    table_id = table_id or await own_table(server, name)
    client = await server.connect(name, wait=None)

    async def there():
        status = await server.status(name)
        return status is not None and (status["play"] or {}).get("table") == table_id

    await until(there, timeout=30, what=f"{name} at their table")
    return client


async def settled_words(server, names: list[str]) -> dict[str, int]:
    """The words told to each session once none was told any for half a second."""
    seen: dict[str, int] = {}

    async def quiet():
        now = {name: server.session_of(name).words for name in names}
        same = now == seen
        seen.clear()
        seen.update(now)
        if not same:
            await asyncio.sleep(0.5)
        return same

    await until(quiet, timeout=30, what="no more words to the sessions")
    return dict(seen)


async def test_a_login_and_logout_wake_only_the_lobby(server):
    alice = await at_own_table(server, "alice")
    bob = await at_own_table(server, "bob")
    carol = await server.connect("carol")
    dave_table = await own_table(server, "dave")
    await shows(server, "carol", "online", lambda text: text == "Online (3): alice, bob, carol")
    before = await settled_words(server, ["alice", "bob", "carol"])
    store = server.service.store
    tables_before, who_before = store.changes(), Presence(store).changes()

    dave = await at_own_table(server, "dave", dave_table)  # his seat opened, his row in the online list
    await shows(server, "carol", "online", lambda text: "dave" in text, "dave online at carol's")
    await dave.close()  # his seat left, his row gone
    await shows(server, "carol", "online", lambda text: "dave" not in text, "dave gone at carol's")
    after = await settled_words(server, ["alice", "bob", "carol"])
    # What his login and logout wrote: his row in the online list and his seat opened, then his
    # row gone (and his seat left, when his App ends before the hangup's signal ends it);
    # nothing any table's list shows.
    assert store.changes() == tables_before
    assert 3 <= Presence(store).changes() - who_before <= 4

    # The baseline in the same run: the lobby heard of both (before: every session did, at
    # least twice a login and twice a logout).
    assert after["carol"] - before["carol"] >= 2
    assert after["alice"] == before["alice"], "alice, at her table, was woken by dave's login"
    assert after["bob"] == before["bob"], "bob, at his table, was woken by dave's login"
    for client in (alice, bob, carol):
        await client.close()


async def test_a_table_change_wakes_only_the_sessions_that_show_it(server):
    """A new table (a table's record written, as each bot move writes it) wakes the lobby, whose
    list shows it, and nobody at another table; a chat line at alice's table wakes alice and
    nobody else. Before, both woke every session."""
    alice_table = await own_table(server, "alice")
    alice = await at_own_table(server, "alice", alice_table)
    bob = await at_own_table(server, "bob")
    carol = await server.connect("carol")
    names = ["alice", "bob", "carol"]
    before = await settled_words(server, names)
    # (open seats: a table of bots could move on after the words settled, and wake the lobby)
    record = server.service.lobby.create("erin", "king-up", ["me", "open", "open"])
    await carol.wait_for(record.id)
    after_table = await settled_words(server, names)
    assert after_table["carol"] > before["carol"], "the lobby did not hear of the new table"
    assert after_table["alice"] == before["alice"], "alice, at her table, was woken by erin's table"
    assert after_table["bob"] == before["bob"], "bob, at his table, was woken by erin's table"

    Chat(server.service.store).say(alice_table, "alice", "hello at my table")
    await shows(
        server, "alice", "chat", lambda lines: any("hello at my table" in str(line) for line in lines), "her line"
    )
    after_chat = await settled_words(server, names)
    assert after_chat["alice"] > after_table["alice"]
    assert after_chat["bob"] == after_table["bob"], "bob was woken by a line at alice's table"
    assert after_chat["carol"] == after_table["carol"], "the lobby was woken by a line at alice's table"
    for client in (alice, bob, carol):
        await client.close()


async def test_a_turn_at_another_table_still_wakes_its_player(server):
    """A change at a table alice sits at reaches her while she is at another one (her turn
    notice is read from it)."""
    own = await own_table(server, "alice")
    alice = await at_own_table(server, "alice", own)
    before = await settled_words(server, ["alice"])
    server.service.lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    after = await settled_words(server, ["alice"])
    assert after["alice"] > before["alice"]
    await alice.close()


async def test_a_table_made_while_away_from_the_lobby_is_in_it_on_return(server):
    """alice at her table is not told of erin's new table; back in the lobby, her list has it
    (the front tells a session that says where it is of what it may have missed)."""
    alice = await at_own_table(server, "alice")
    before = await settled_words(server, ["alice"])
    record = server.service.lobby.create("erin", "king-up", ["me", "bot:random", "bot:random"])
    after = await settled_words(server, ["alice"])
    assert after == before, "alice, at her table, was woken by erin's table"
    alice.press("\x1b")
    await until(showing(server, "alice", "LobbyScreen"), what="alice in the lobby")
    await alice.wait_for(record.id)
    await alice.close()
