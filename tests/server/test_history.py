"""Finished games over SSH (issue 29): a player's history opens the replay viewer and exports the
save file (to the player's clipboard, OSC 52); a stand-in's moves are marked and told on return."""

from __future__ import annotations

import base64
import re

from .conftest import until
from .stand_ins import alice_away_while_a_stand_in_plays
from .test_tables import at_table, play_screen, screen_of

OSC52 = re.compile(rb"\x1b\]52;c;([A-Za-z0-9+/=]*)(\x07|\x1b\\)")


async def play_out(server, table, humans=(0,)) -> None:
    """Any legal move for the humans until the game is over (the pool plays the bots)."""
    while not table.finished:
        mover = next((s for s in table.to_act if s in humans), None)
        if mover is None:
            version = table.version
            await until(lambda v=version: table.version != v or table.finished, what="a bot's move")
            continue
        table.submit(mover, table.legal_actions(mover)[0])


async def test_history_replays_and_exports_a_finished_game(server):
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    await play_out(server, lobby.table(record.id))
    alice = await server.connect("alice")
    alice.press("h")
    await alice.wait_for("1 finished game")
    assert record.id in alice.text
    alice.press("\r")
    await until(lambda: screen_of(server, "alice"), what="a screen")

    async def replaying():
        return await screen_of(server, "alice") == "RemoteReplayScreen"

    await until(replaying, what="the replay viewer")
    alice.press("\x1b")

    async def back():
        return await screen_of(server, "alice") == "HistoryScreen"

    await until(back, what="back at the history")
    alice.press("e")
    await until(lambda: OSC52.search(bytes(alice.received)), what="the save file sent to the clipboard")
    sent = base64.b64decode(OSC52.search(bytes(alice.received)).group(1)).decode()
    assert sent.splitlines() == server.service.store.lines(record.id)
    assert (server.dir / "players" / "alice" / "exports" / f"{record.id}.jsonl").read_text() == sent
    await alice.close()


async def test_a_stand_in_is_marked_and_told_when_the_player_is_back(away_server):
    server = away_server
    await alice_away_while_a_stand_in_plays(server)
    alice = await server.connect("alice", wait="While you were away, a bot played for you")
    await until(at_table(server, "alice"), what="alice back")
    moves = (await play_screen(server, "alice"))["moves"]
    marked = [m for m in moves if m.endswith("(bot standing in)")]
    assert marked and all(m.startswith("alice") for m in marked)
    await alice.close()
    # told once: the next return says nothing more (unless the bot played again meanwhile)
