"""What an idle session costs while others play: a player waiting at her own table must not pay
for every move made at other tables (every process hears of every change to the store; with
200 sessions a few milliseconds per change and session is the whole machine)."""

from __future__ import annotations

import asyncio
import random
import time

from tui.server.bench.harness import bots_open, cpu_seconds

from .conftest import until

MOVES_PER_SECOND = 20
SECONDS = 5.0


async def play_elsewhere(lobby, seconds: float) -> int:
    """Three players without sessions play King Up! tables at a steady pace (a new table when one
    ends); returns how many moves were made."""
    moves, end = 0, time.monotonic() + seconds
    table = None
    while time.monotonic() < end:
        if table is None or table.finished:
            record = lobby.create("bob", "king-up", ["me", "invite:carol", "invite:dave"])
            for name in ("carol", "dave"):
                lobby.join(record.id, name)
            table = lobby.table(record.id)
        mover = min(table.to_act)
        table.submit(mover, table.legal_actions(mover)[0])
        moves += 1
        await asyncio.sleep(1 / MOVES_PER_SECOND)
    return moves


async def test_a_session_waiting_at_its_table_does_next_to_nothing_while_others_play(server):
    lobby = server.service.lobby
    for name in ("bob", "carol", "dave"):
        server.service.accounts.claim(name, f"ssh-ed25519 AAAA{name}")
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    bots_open(lobby.table(record.id), random.Random(1))
    server.service.accounts.set_last_table("alice", record.id)
    await (await server.connect("alice", wait=None)).close()  # (her account exists from now)
    server.service.accounts.set_last_table("alice", record.id)
    alice = await server.connect("alice", wait=None)

    async def waiting_at_her_table():
        status = await server.status("alice")
        return status is not None and (status["play"] or {}).get("table") == record.id

    await until(waiting_at_her_table, timeout=30, what="alice at her table")
    pid = server.session_of("alice").pid
    settled = [cpu_seconds([pid])]

    async def settled_down():  # her start is over: no CPU in a quarter of a second
        before = settled[0]
        await asyncio.sleep(0.25)
        settled[0] = cpu_seconds([pid])
        return settled[0] == before

    await until(settled_down, timeout=30, what="alice's session idle")
    changes = server.service.store.changes()
    start = cpu_seconds([pid])
    moves = await play_elsewhere(lobby, SECONDS)
    spent = cpu_seconds([pid]) - start
    assert moves >= SECONDS * MOVES_PER_SECOND / 2
    assert server.service.store.changes() - changes >= moves
    # Before: every change restyled the footer and posted a take-back message (1.6 s of CPU here;
    # 0.03 s now: a few queries a change).
    assert spent <= 0.02 * SECONDS, f"{spent:.2f} s of CPU in {SECONDS:g} s for {moves} moves elsewhere"
    assert (await server.status("alice"))["play"]["table"] == record.id
    await alice.close()
