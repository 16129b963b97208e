"""Take-backs by asking over SSH (issue 29): the undo key asks the other player at the table, who
refuses and then accepts with a key; a spectator sees the request; with nobody at the table to
ask (bots, players away) it is taken back at once."""

from __future__ import annotations

import asyncio

from engine.together.takeback import Takebacks

from .conftest import until
from .test_tables import seat_three
from .test_together import play_until, shows


async def press_until(client, key: str, condition, what: str) -> None:
    """Press ``key`` (again every 0.5 s: the screen may not have drawn the move yet) until ..."""

    async def check():
        if condition():
            return True
        client.press(key)
        await asyncio.sleep(0.5)
        return condition()

    await until(check, what=what)


async def test_a_take_back_refused_then_accepted(server):
    alice, bob, carol, record, table = await seat_three(server)
    takebacks = Takebacks(server.service.lobby)
    await play_until(server, table, 0)
    table.submit(0, table.legal_actions(0)[0])  # alice's move (as her screen would send it)
    after = table.version
    await press_until(alice, "u", lambda: takebacks.pending(record.id) is not None, "alice's request")
    await shows(server, "bob", "takeback", lambda t: "alice asks to take back their last move · y: accept" in t)
    await shows(server, "carol", "takeback", lambda t: "waiting for 1 answer" in t)
    bob.press("n")
    await shows(server, "alice", "takeback", lambda t: "refused (bob refused)" in t)
    assert table.version == after
    await press_until(alice, "u", lambda: takebacks.pending(record.id) is not None, "alice's second request")
    await shows(server, "bob", "takeback", lambda t: "y: accept" in t)
    bob.press("y")
    for name in ("alice", "bob", "carol"):
        await shows(server, name, "takeback", lambda t: "alice's last move was taken back" in t)
    await until(lambda: 0 in table.to_act and table.version != after, what="the move taken back")
    for client in (alice, bob, carol):
        await client.close()


async def test_nobody_there_to_ask_accepts_at_once(server):
    # bob has a seat but is not at the table (never logged in): like a bot, he accepts
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "bot:random"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    await play_until(server, table, 0)
    alice = await server.connect("alice")
    alice.press("\r")  # enter opens her table

    async def at_table():
        status = await server.status("alice")
        return status is not None and status["play"] is not None

    await until(at_table, what="alice at her table")
    lines = len(table.move_lines())
    table.submit(0, table.legal_actions(0)[0])
    assert 1 in table.to_act  # bob's turn: her move is the last
    await press_until(alice, "u", lambda: len(table.move_lines()) == lines, "her move taken back")
    assert Takebacks(lobby).pending(record.id) is None
    await alice.close()
