"""Notices over SSH (issue 29's leftovers): no notice about the table the player is at."""

from __future__ import annotations

from .conftest import until
from .test_together import CTRL_N, shows, together


async def at(server, name: str, table_id: str) -> bool:
    status = await server.status(name)
    return status is not None and (status["play"] or {}).get("table") == table_id


async def test_no_turn_notice_for_the_table_the_player_just_sat_at(server):
    lobby = server.service.lobby
    alice = await server.connect("alice")
    # (her session follows notices once it has arrived in the lobby: what it finds then is no news)
    await shows(server, "alice", "online", lambda text: "alice" in text, "alice in the lobby")
    # bob invites her to the first seat: taking it starts the game, and it is her turn at once
    first = lobby.create("bob", "king-up", ["invite:alice", "me", "bot:random"])
    await shows(server, "alice", "notice", lambda text: f"({first.id})" in text, "the invitation")
    alice.press(CTRL_N)
    await until(lambda: at(server, "alice", first.id), what="alice at the table")
    table = lobby.table(first.id)

    def her_turn() -> bool:  # (the first player is drawn: bob, who is not here, plays his own turns)
        if 1 in table.to_act:
            table.submit(1, table.legal_actions(1)[0])
        return 0 in table.to_act

    await until(her_turn, what="her turn")
    # a notice she should see (a second invitation) arrives after any about this table
    second = lobby.create("bob", "king-up", ["me", "invite:alice", "bot:random"])
    await shows(server, "alice", "notice", lambda text: f"({second.id})" in text, "the second invitation")
    shown = (await together(server, "alice"))["notice"]
    assert first.id not in shown and "(+" not in shown, shown
    await alice.close()
