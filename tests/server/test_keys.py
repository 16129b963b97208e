"""Keys and names over SSH (issue 29): a second key added from a session of the first, the first
removed from a session of the second (never the last), and a rename the session follows."""

from __future__ import annotations

import logging

import asyncssh

from .conftest import until


def key_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode().strip()


async def tab_to(server, client, name: str, field: str) -> None:
    """Tab until ``field`` has the focus (a key typed before the focus moved would go elsewhere)."""

    async def focused():
        return (await server.status(name))["focused"]

    async def there():
        before = await focused()
        if before == field:
            return True
        client.press("\t")

        async def moved():
            return await focused() != before

        await until(moved, what="the focus moved")
        return False

    await until(there, what=f"the focus on {field}")


async def test_a_second_key_then_the_first_removed_then_a_rename(server, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    accounts = server.service.accounts
    alice = await server.connect("alice")
    alice.press("k")
    await alice.wait_for("1 key logs in as you")
    await tab_to(server, alice, "alice", "add-key")
    alice.press(key_line(server.key("alice-laptop")) + "\r")
    await alice.wait_for("it logs in as alice now")
    assert len(accounts.keys("alice")) == 2
    await alice.close()
    # the new key logs in as alice; from there the first key goes (the cursor starts on it)
    laptop = await server.connect("alice", key="alice-laptop")
    laptop.press("k")
    await laptop.wait_for("2 keys log in as you")
    laptop.press("d")
    await laptop.wait_for("it no longer logs in as alice")
    assert [k.text for k in accounts.keys("alice")] == [" ".join(key_line(server.key("alice-laptop")).split()[:2])]
    laptop.press("d")  # the last key stays
    await laptop.wait_for("the only key of this name")
    assert len(accounts.keys("alice")) == 1
    # rename: the lobby greets the new name, the online list has it
    await tab_to(server, laptop, "alice", "rename")
    laptop.press("alicia\r")
    await laptop.wait_for("You are alicia now")
    laptop.press("\x1b")
    await laptop.wait_for("Welcome, alicia")

    async def online():
        status = await server.status("alicia")  # (the front knows the session by its new name)
        return status is not None and (status["together"] or {}).get("online") == "Online (1): alicia"

    await until(online, what="alicia online")
    assert accounts.name_of(" ".join(key_line(server.key("alice-laptop")).split()[:2])) == "alicia"
    await laptop.close()
    # the front logs her under the name she has now, not the one she logged in with
    await until(lambda: any(r.getMessage().endswith("alicia: session ended") for r in caplog.records), what="logged")
    assert any(r.getMessage().endswith("alice: now alicia") for r in caplog.records)
    # the removed key is nobody's now, and "alice" is free again after the rename: it claims it
    old = await server.connect("alice", key="alice")
    assert "Welcome, alice" in old.text
    await old.close()
