"""Bans at login (issue 29): a banned name or key is refused in words, and the log says so."""

from __future__ import annotations

import asyncio
import logging

import asyncssh

from engine.together.admin import ban


class Refused(asyncssh.SSHClient):
    """A client that keeps the words the server disconnected it with."""

    def __init__(self) -> None:
        self.reason = ""
        self.banner = ""

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banner += msg

    def connection_lost(self, exc) -> None:
        self.reason = getattr(exc, "reason", "") or ""


async def refusal(server, name: str, key: str) -> str:
    """What the server said when ``name`` logged in with ``key``'s key (banner or disconnect)."""
    client = Refused()
    try:
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                server.port,
                username=name,
                client_keys=[server.key(key)],
                known_hosts=None,
                client_factory=lambda: client,
            ),
            10,
        )
        await asyncio.wait_for(conn.wait_closed(), 10)
    except (asyncssh.DisconnectError, OSError) as exc:
        client.reason = client.reason or getattr(exc, "reason", str(exc))
    return client.banner + client.reason


async def test_a_banned_name_and_its_key_are_refused_in_words(server, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    mallory = await server.connect("mallory")
    await mallory.close()
    ban(server.service.store, "mallory")
    # her own key under her own name, and a new key asking for her name: told before any key
    assert "banned on this server" in await refusal(server, "mallory", "mallory")
    assert "banned on this server" in await refusal(server, "MALLORY", "mallory2")
    # the key she held, under another name: told once it proved it holds the key
    assert "banned on this server" in await refusal(server, "mallory_again", "mallory")
    refused = [r.getMessage() for r in caplog.records if "refused: banned" in r.getMessage()]
    assert len(refused) == 3, refused
    assert not server.service.accounts.exists("mallory_again")
    # others still come in
    alice = await server.connect("alice")
    await alice.close()
