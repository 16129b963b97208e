"""The warning before an idle disconnect (issue 29): shown ahead of it, a key puts it off."""

from __future__ import annotations

import asyncio

from .conftest import Server, until


async def test_a_quiet_player_is_warned_before_the_disconnect_and_a_key_puts_it_off(tmp_path):
    # (limits in seconds here: the warning comes half the limit ahead, at most a minute)
    srv = Server(tmp_path, idle_lobby=3.0, idle_check=0.1)
    await srv.start()
    try:
        alice = await srv.connect("alice")
        await alice.wait_for("Press any key to stay")
        assert not alice.closed.is_set() and "without a key" not in alice.text
        session = srv.session_of("alice")
        first = session.idle_warned
        alice.press("\x1b[B")  # a key: the clock starts again, and a new warning is due
        await until(lambda: session.last_input > first, what="the key counted")
        await until(lambda: session.idle_warned not in (None, first), what="a second warning")
        assert not alice.closed.is_set()
        await asyncio.wait_for(alice.closed.wait(), 10)  # ... and then disconnected
        assert "without a key" in alice.text
    finally:
        await srv.stop()
