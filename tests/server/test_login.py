"""Logging in: keys only, the first key claims a name, everything but a PTY shell refused."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from .conftest import Client, until


async def test_first_key_claims_the_name_and_lands_in_the_lobby(server):
    alice = await server.connect("alice", size=(90, 28))
    assert "Welcome, alice" in alice.text
    assert (
        server.service.accounts.name_of(" ".join(server.key("alice").export_public_key().decode().split()[:2]))
        == "alice"
    )
    assert (await server.status("alice"))["size"] == [90, 28]
    await alice.close()


async def test_terminal_size_follows_the_client(server):
    alice = await server.connect("alice")
    alice.chan.change_terminal_size(120, 40)
    size = None

    async def resized():
        nonlocal size
        size = (await server.status("alice"))["size"]
        return size == [120, 40]

    await until(resized, timeout=5, what="the App at the new size")
    assert size == [120, 40]
    await alice.close()


async def test_a_key_of_another_name_is_refused(server):
    (await server.connect("alice")).press("q")
    # (the key's holder proves it holds it before being told whose it is: then disconnected)
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.ChannelOpenError)):
        await server.connect("bob", key="alice", wait=None)


async def test_a_new_key_for_a_taken_name_is_asked_for_another(server):
    (await server.connect("alice")).press("q")
    intruder = await server.connect("alice", key="mallory", wait="is taken")
    intruder.press("mallory\r")
    await intruder.wait_for("Welcome, mallory")
    assert server.service.accounts.exists("mallory")
    await intruder.close()


async def test_passwords_and_keyboard_interactive_are_refused(server):
    for method in ("password", "keyboard-interactive"):
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1",
                    server.port,
                    username="alice",
                    password="secret",
                    client_keys=None,
                    known_hosts=None,
                    preferred_auth=method,
                    kbdint_auth=method != "password",
                ),
                5,
            )


async def test_no_pty_exec_and_sftp_are_refused(server):
    plain = await server.connect("alice", pty=False, wait="needs a terminal")
    await asyncio.wait_for(plain.closed.wait(), 5)
    conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", server.port, username="alice", client_keys=[server.key("alice")], known_hosts=None
        ),
        5,
    )
    async with conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.create_session(Client, "ls", encoding=None), 5)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await asyncio.wait_for(conn.start_sftp_client(), 5)
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", 22), 5)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22), 5)


async def test_twenty_sessions_at_once(server):
    # Each App's start is ~0.3 s of CPU (Textual styles every widget): 20 at once take seconds.
    clients = await asyncio.gather(*(server.connect(f"p{i}", wait=None) for i in range(20)))
    await asyncio.gather(*(c.wait_for("Welcome", timeout=40) for c in clients))
    assert len(server.service.sessions) == 20
    await asyncio.gather(*(c.close() for c in clients))


async def test_over_ssh_the_settings_show_no_host_path_and_no_name_field(server):
    alice = await server.connect("alice")
    alice.press("\x13")  # ctrl+s
    await alice.wait_for("ASCII only")  # the settings screen is drawn
    await alice.wait_for("Theme")
    assert "Your name" not in alice.text and "Pause between bot moves" not in alice.text
    assert "Config file" not in alice.text and str(server.dir) not in alice.text
    await alice.close()
