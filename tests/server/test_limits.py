"""Limits and isolation: a crashing session, a client that stops reading, connection caps."""

from __future__ import annotations

import asyncio
import os
import signal

import asyncssh
import pytest

from .conftest import Client, Server, until


async def test_a_crash_ends_only_that_session(server):
    alice = await server.connect("alice")
    bob = await server.connect("bob")
    os.kill(server.session_of("alice").pid, signal.SIGSEGV)  # alice's process crashes
    await asyncio.wait_for(alice.closed.wait(), 10)
    bob.press("n")  # bob's App still answers
    await bob.wait_for("A new table")
    carol = await server.connect("carol")  # and the server takes new players
    await asyncio.gather(bob.close(), carol.close())


async def test_a_client_that_stops_reading_is_dropped(tmp_path):
    srv = Server(tmp_path, max_output_buffer=20_000)
    await srv.start()
    try:
        conn = await asyncio.wait_for(
            asyncssh.connect("127.0.0.1", srv.port, username="alice", client_keys=[srv.key("alice")], known_hosts=None),
            5,
        )
        chan, client = await asyncio.wait_for(
            conn.create_session(
                Client, term_type="xterm", term_size=(100, 30), encoding=None, window=8192, max_pktsize=4096
            ),
            5,
        )
        await until(lambda: srv.service.sessions, what="the session")
        chan.pause_reading()
        for size in range(30):  # every resize is a whole new frame
            chan.change_terminal_size(100 + size % 2, 30)
            await asyncio.sleep(0.05)
            if not srv.service.sessions:
                break
        await until(lambda: not srv.service.sessions, timeout=10, what="the slow client dropped")
        conn.close()
    finally:
        await srv.stop()


async def test_connections_per_address_are_capped(tmp_path):
    srv = Server(tmp_path, max_per_address=2)
    await srv.start()
    try:
        a = await srv.connect("a")
        b = await srv.connect("b")
        with pytest.raises((asyncssh.DisconnectError, ConnectionError, OSError)):
            await srv.connect("c", wait=None)
        await asyncio.gather(a.close(), b.close())
    finally:
        await srv.stop()
