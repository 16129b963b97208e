"""The stand-in tests' shared set-up over SSH (test_stand_in, test_history): alice's king-up table
with two bots, a stand-in after half a second away; she sits down, hangs up, and a bot plays her
move for her. Used with the ``away_server`` fixture (tests/server/conftest.py)."""

from __future__ import annotations

from .conftest import Server, until
from .test_tables import at_table


async def alice_away_while_a_stand_in_plays(server: Server):
    """alice's table once her stand-in has played for her (or the game ended first): (record, table)."""
    lobby = server.service.lobby
    record = lobby.create(
        "alice", "king-up", ["me", "bot:random", "bot:random"], stand_in_after=0.5, stand_in_level="random"
    )
    table = lobby.table(record.id)
    alice = await server.connect("alice")
    alice.press("\r")
    await until(at_table(server, "alice"), what="alice at the table")
    await alice.close()
    await until(lambda: table.stand_ins == {0}, what="a bot standing in for alice")
    await until(
        lambda: any(line.text.startswith("alice") for line in table.move_lines()) or table.finished,
        what="the stand-in playing alice's move",
    )
    return record, table
