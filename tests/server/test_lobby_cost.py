"""What a session costs while others play and talk (issues 24 and 29): a player resting in the
lobby or waiting at a table does work only for what their screen shows, once per change.

With 200 sessions on two cores, 20 of them in the lobby, a few milliseconds per change and
session is the whole machine: the bench found the typists' key-to-frame p95 at 0.5-1 s while 20
players chatted in the lobby, and the sessions' processes using 3.1 cores (0.75 without).
"""

from __future__ import annotations

import asyncio
import random
import time

from engine.together.chat import LOBBY, Chat
from tui.server.bench.harness import bots_open, cpu_seconds

from .conftest import until
from .test_idle_cost import play_elsewhere

SECONDS = 5.0
LINES_PER_SECOND = 20
OTHER_TABLES = 60


async def idle_cpu(pid: int) -> float:
    """The process's CPU seconds once its start is over (none spent in a quarter of a second)."""
    settled = [cpu_seconds([pid])]

    async def settled_down():
        before = settled[0]
        await asyncio.sleep(0.25)
        settled[0] = cpu_seconds([pid])
        return settled[0] == before

    await until(settled_down, timeout=30, what="the session idle")
    return settled[0]


async def chat_in_the_lobby(store, seconds: float) -> int:
    """Players without sessions talk in the lobby at LINES_PER_SECOND; returns the lines said.
    (The test's own Chat has no rate limit: a player may say 5 lines in 10 s.)"""
    chat = Chat(store, burst=10**9)
    said, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        chat.say(LOBBY, ("bob", "carol", "dave")[said % 3], f"line {said}")
        said += 1
        await asyncio.sleep(1 / LINES_PER_SECOND)
    return said


def other_players(server) -> None:
    for name in ("bob", "carol", "dave"):
        server.service.accounts.claim(name, f"ssh-ed25519 AAAA{name}")


async def in_the_lobby(server, name: str, size=(100, 30)):
    client = await server.connect(name, size=size)

    async def arrived():  # the lobby's chat is hers (its online line is written as she arrives)
        status = await server.status(name)
        return status is not None and status["screen"] == "LobbyScreen" and status["together"]["online"]

    await until(arrived, timeout=30, what=f"{name} in the lobby")
    return client


async def test_a_player_in_a_long_lobby_pays_little_for_moves_at_tables_out_of_view(server):
    """Every move elsewhere changes a row of the list (whose turn): a row out of view waits until
    it is scrolled to, and the list is not built again (60 rows rebuilt 5 times a second was most
    of a resting lobby's CPU)."""
    other_players(server)
    lobby = server.service.lobby
    for _ in range(OTHER_TABLES):  # alice's invitations: her tables, the first in her list
        lobby.create("bob", "king-up", ["me", "invite:alice", "invite:carol"])
    alice = await in_the_lobby(server, "alice")
    start = await idle_cpu(server.session_of("alice").pid)
    moves = await play_elsewhere(lobby, SECONDS)  # (bob's tables: below hers)
    spent = cpu_seconds([server.session_of("alice").pid]) - start
    assert moves >= SECONDS * 10
    assert spent <= 0.07 * SECONDS, f"{spent:.2f} s of CPU in {SECONDS:g} s for {moves} moves elsewhere"
    await alice.close()


async def test_a_player_at_a_table_pays_nothing_for_the_lobbys_chat(server):
    other_players(server)
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    bots_open(lobby.table(record.id), random.Random(1))
    await (await server.connect("alice", wait=None)).close()  # (her account exists from now)
    server.service.accounts.set_last_table("alice", record.id)
    alice = await server.connect("alice", wait=None)

    async def at_her_table():
        status = await server.status("alice")
        return status is not None and (status["play"] or {}).get("table") == record.id

    await until(at_her_table, timeout=30, what="alice at her table")
    pid = server.session_of("alice").pid
    start = await idle_cpu(pid)
    said = await chat_in_the_lobby(server.service.store, SECONDS)
    spent = cpu_seconds([pid]) - start
    assert said >= SECONDS * LINES_PER_SECOND / 2
    assert spent <= 0.02 * SECONDS, f"{spent:.2f} s of CPU in {SECONDS:g} s for {said} lines in the lobby"
    assert (await server.status("alice"))["together"]["chat"] == []  # (the table's chat: nothing said)
    await alice.close()


async def test_a_player_reading_the_lobbys_chat_pays_for_the_lines_alone(server):
    """The chat open in a long lobby: each line is the log drawn again, not the whole screen (a
    frame, about 5 ms of CPU: 0.45-0.5 s here; 0.65-0.7 s while each line laid the screen out)."""
    other_players(server)
    lobby = server.service.lobby
    for _ in range(OTHER_TABLES):
        lobby.create("bob", "king-up", ["me", "invite:carol", "invite:dave"])
    alice = await in_the_lobby(server, "alice", size=(100, 40))  # (tall enough: the chat open)
    pid = server.session_of("alice").pid
    start = await idle_cpu(pid)
    said = await chat_in_the_lobby(server.service.store, SECONDS)

    async def all_shown():
        chat = (await server.status("alice"))["together"]["chat"]
        return chat and chat[-1] == f"{('bob', 'carol', 'dave')[(said - 1) % 3]}: line {said - 1}"

    await until(all_shown, timeout=10, what="the last line on alice's screen")
    spent = cpu_seconds([pid]) - start
    assert said >= SECONDS * LINES_PER_SECOND / 2
    assert spent <= 0.12 * SECONDS, f"{spent:.2f} s of CPU in {SECONDS:g} s for {said} lines shown"
    await alice.close()
