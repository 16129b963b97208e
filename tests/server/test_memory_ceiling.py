"""A client just inside the byte rate cap whose keys its own App cannot keep up with (letters into
the move line at 3.7 KB/s): the keys queue up in that player's process, which grew ~12 MiB a
second. The front looks at every session's memory and ends one over the ceiling with one line
(the log names who and why); the player logs in again with nothing lost."""

from __future__ import annotations

import asyncio
import logging
import os
import random

from tui.server.bench.harness import bots_open

from .conftest import until

LETTERS = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
RATE = 3686  # letters a second: 90 % of the 4096 bytes a second a client may send


async def test_a_session_whose_process_outgrows_the_ceiling_is_told_and_ended(server, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    bots_open(lobby.table(record.id), random.Random(1))
    await (await server.connect("alice", wait=None)).close()  # (her account exists from now)
    server.service.accounts.set_last_table("alice", record.id)
    alice = await server.connect("alice", wait="Moves")
    session = server.session_of("alice")
    await until(lambda: session.private() is not None, what="alice's process")
    # The ceiling a little above what her process holds of its own at her table (the default,
    # 80 MiB, is near three times that: this test need not wait for 50 MiB more of keys).
    server.service.limits.max_session_memory = session.private() + (16 << 20)
    alice.press(":")  # the move line takes the letters
    rng = random.Random(0)

    async def flood():
        while not alice.closed.is_set():
            alice.chan.write(bytes(rng.choice(LETTERS) for _ in range(RATE // 10)))
            await asyncio.sleep(0.1)

    flooding = asyncio.ensure_future(flood())
    try:
        await asyncio.wait_for(alice.closed.wait(), 60)
    finally:
        flooding.cancel()
    told = [line for line in alice.text.splitlines() if "disconnected" in line]
    assert len(told) == 1 and "more memory than this server allows" in told[0] and "seats are kept" in told[0], told
    assert any("alice" in r.getMessage() and "MiB of its own" in r.getMessage() for r in caplog.records)
    flooded = session.pid

    def gone() -> bool:  # (its App may hang in its shutdown: the front kills it 3 s after SIGTERM)
        try:
            os.kill(flooded, 0)
        except ProcessLookupError:
            return True
        return False

    await until(gone, timeout=15, what="her process ended")
    server.service.limits.max_session_memory = 80 << 20
    again = await server.connect("alice", wait="Moves")  # back at her table, nothing lost
    await again.close()


async def test_a_session_inside_the_ceiling_is_not_counted_at_every_look(server):
    """Every session is resident over the ceiling with the template's shared pages, so the cheap
    look (statm) never spared the costly count (smaps_rollup, 1.6 ms): 200 sessions counted twice
    a second were most of the front's CPU. Counted again only when it grew near the ceiling."""
    alice = await server.connect("alice")
    session = server.session_of("alice")
    await until(lambda: session.private() is not None, what="alice's process")
    resident, private = session.resident, session.private
    looks, counts = [0], [0]

    def look():
        looks[0] += 1
        return resident()

    def count():
        counts[0] += 1
        return private()

    session.resident, session.private = look, count
    server.service.limits.max_session_memory = (resident() or 0) - (1 << 20)  # resident over it
    try:
        await until(lambda: looks[0] >= 6, timeout=30, what="six looks at alice's memory")
        assert counts[0] <= 1, f"her private pages counted {counts[0]} times in {looks[0]} looks"
        assert not alice.closed.is_set()  # (her own pages are far under it)
    finally:
        server.service.limits.max_session_memory = 80 << 20
        session.resident, session.private = resident, private
    await alice.close()
