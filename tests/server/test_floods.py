"""A client that floods the server, or announces a huge terminal, harms nobody else: the front
counts its bytes and clamps its size before anything parses or draws them. Real asyncssh
clients on 127.0.0.1; one server for the module (its template and bot pool start once)."""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import time

import pytest
import pytest_asyncio

from .conftest import Server
from .test_tables import showing

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def shared(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("floods"))
    await srv.start()
    yield srv
    await srv.stop()


async def still_answers(server, bob) -> None:
    """bob's App answers a key (opens the new-table form) and another (back to the lobby)."""
    from ..waiting import until

    bob.press("n")
    await until(showing(server, "bob", "NewTableScreen"), timeout=5, what="bob's form, while the other floods")
    bob.press("\x1b")
    await until(showing(server, "bob", "LobbyScreen"), timeout=5, what="bob back in his lobby")


@pytest.mark.parametrize(
    "flood",
    [
        pytest.param(os.urandom(1 << 20), id="1MB-random"),
        pytest.param(b"\x1b]52;c;" + base64.b64encode(os.urandom(75_000)) + b"\x07", id="100KB-OSC-52"),
    ],
)
async def test_a_flooding_client_is_told_and_dropped_while_another_keeps_playing(shared, caplog, flood):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    bob = await shared.connect("bob")
    alice = await shared.connect("alice")
    sent = time.monotonic()
    alice.chan.write(flood)
    await asyncio.gather(still_answers(shared, bob), asyncio.wait_for(alice.closed.wait(), 5))
    assert time.monotonic() - sent < 5
    told = [line for line in alice.text.splitlines() if "disconnected" in line]
    assert len(told) == 1 and "more than this server takes at once" in told[0] and "seats are kept" in told[0]
    assert any("alice" in r.getMessage() and "sent more than" in r.getMessage() for r in caplog.records)
    again = await shared.connect("alice")  # nothing was taken from her: she logs in again
    await asyncio.gather(again.close(), bob.close())


async def test_a_huge_terminal_is_clamped_and_the_player_told(shared):
    from ..waiting import until

    bob = await shared.connect("bob")
    giant = await shared.connect("giant", size=(10000, 10000), wait=None)
    await giant.wait_for("(10000x10000) is larger than", timeout=10)  # (the toast wraps the rest)
    limits = shared.limits
    assert (await shared.status("giant"))["size"] == [limits.max_width, limits.max_height]
    giant.chan.change_terminal_size(120, 40)

    def drawn_at(size):
        async def check():
            return (await shared.status("giant"))["size"] == list(size)

        return check

    await until(drawn_at((120, 40)), timeout=5, what="the giant's ordinary size")
    giant.chan.change_terminal_size(5000, 5000)  # a resize after login is clamped as well, and told
    await until(drawn_at((limits.max_width, limits.max_height)), timeout=5, what="the resize clamped")
    await giant.wait_for("(5000x5000) is larger than", timeout=5)
    await still_answers(shared, bob)
    await asyncio.gather(giant.close(), bob.close())
