"""Playing together over SSH (issue 29): chat between two players and a spectator, who is online
and at a table, a mute, an invitation's notice and its jump key, a declined invitation."""

from __future__ import annotations

import asyncio

from engine.together.chat import Chat
from engine.together.presence import Presence

from .conftest import until
from .test_tables import seat_three

CTRL_T, CTRL_N = "\x14", "\x0e"


async def together(server, name) -> dict:
    status = await server.status(name)
    return (status or {}).get("together") or {}


async def shows(server, name, key, predicate, what=""):
    seen = []

    async def check():
        value = (await together(server, name)).get(key)
        seen[:] = [value]
        return value is not None and predicate(value)

    try:
        await until(check, what=what or f"{name}'s {key}")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; it shows {seen[0]!r}") from None


async def open_chat(server, client, name: str) -> None:
    """ctrl+t, until the chat's typing line has the keys (what is typed before goes elsewhere)."""
    client.press(CTRL_T)

    async def typing():
        status = await server.status(name)
        return status is not None and status["focused"] == "chat-input"

    await until(typing, what=f"{name}'s chat open")
    assert (await together(server, name))["chat_folded"] is False


async def test_chat_at_a_table_between_players_and_a_spectator(server):
    alice, bob, carol, record, _table = await seat_three(server)
    # at 100x30 the chat starts folded; ctrl+t opens it and the typing line takes the keys
    assert (await together(server, "alice"))["chat_folded"] is True
    await open_chat(server, alice, "alice")
    alice.press("good luck: both of you\r")  # (":" is the chat's here, not the move line's)
    for name in ("alice", "bob", "carol"):
        await shows(server, name, "chat", lambda lines: "alice: good luck: both of you" in lines)
    await open_chat(server, carol, "carol")
    carol.press("go bob\r")
    for name in ("alice", "bob"):
        await shows(server, name, "chat", lambda lines: "carol (watching): go bob" in lines)
    # a line from elsewhere (another process, say) with an escape sequence arrives inert
    Chat(server.service.store).say(record.id, "bob", "clear \x1b[2J")
    await shows(server, "alice", "chat", lambda lines: "bob: clear ␛[2J" in lines)
    assert b"clear \x1b[2J" not in bytes(alice.received)
    # bob mutes carol: her next line reaches alice, not bob
    await open_chat(server, bob, "bob")
    bob.press("/mute carol\r")
    chat = Chat(server.service.store)
    await until(lambda: chat.muted("bob") == ["carol"], what="carol muted")
    carol.press("still here\r")
    await shows(server, "alice", "chat", lambda lines: "carol (watching): still here" in lines)
    bob.press("done\r")  # said after carol's line: had bob read hers, it would be shown by now
    for name in ("alice", "bob"):
        await shows(server, name, "chat", lambda lines: "bob: done" in lines)
    assert "carol (watching): still here" not in (await together(server, "bob"))["chat"]
    # the table's creator makes its chat players-only: the spectator is refused, in words
    alice.press("/players-only on\r")
    await until(lambda: chat.players_only(record.id), what="players only")
    carol.press("can I still talk?\r")
    await shows(server, "carol", "chat_error", lambda t: "for its players only" in t)
    bob.press("/players-only off\r")  # (only the creator may)
    await shows(server, "bob", "chat_error", lambda t: "only alice, who made the table" in t)
    # escape folds the chat and gives the keys back to the board
    alice.press("\x1b")
    await shows(server, "alice", "chat_folded", lambda f: f is True)
    assert (await server.status("alice"))["play"] is not None
    for client in (alice, bob, carol):
        await client.close()


async def test_the_lobby_shows_who_is_online_and_at_a_table(server):
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "bot:random"])
    bob = await server.connect("bob")
    await shows(server, "bob", "online", lambda text: text == "Online (1): bob")
    at = "alice has a seat · bob invited · Random bot 3"  # (invited: never "away")
    await shows(server, "bob", "at_table", lambda text: text == at, "who is at the table")
    alice = await server.connect("alice")
    await shows(server, "bob", "online", lambda text: text == "Online (2): alice, bob")
    # the lobby chat
    await open_chat(server, alice, "alice")
    alice.press("anyone for King Up?\r")
    await shows(server, "bob", "chat", lambda lines: lines == ["alice: anyone for King Up?"])
    await alice.close()
    await shows(server, "bob", "online", lambda text: text == "Online (1): bob")
    assert record.id in bob.text
    await bob.close()


async def test_an_invitation_notice_jumps_to_the_table_and_a_declined_one_tells_the_creator(server):
    lobby = server.service.lobby
    alice = await server.connect("alice")
    bob = await server.connect("bob")
    # (her session follows notices once it has arrived in the lobby: what it finds then is no news)
    await shows(server, "alice", "online", lambda text: "alice" in text, "alice in the lobby")
    first = lobby.create("bob", "king-up", ["me", "invite:alice", "bot:random"])
    await shows(server, "alice", "notice", lambda text: f"bob invites you to King Up! ({first.id})" in text)
    alice.press(CTRL_N)  # takes the seat: the game starts, she is at the table

    async def at_first():
        status = await server.status("alice")
        return status is not None and status["play"] is not None and status["play"]["table"] == first.id

    await until(at_first, what="alice at the invitation's table")
    # a second invitation, declined from the lobby with x: bob is told
    alice.press("\x1b")
    await shows(server, "alice", "online", lambda text: "alice" in text, "alice back in the lobby")
    second = lobby.create("bob", "king-up", ["me", "invite:alice", "bot:random"])
    await alice.wait_for(second.id)

    pressed = []

    async def cursor_on_second():
        shown = (await together(server, "alice")).get("at_table") or ""
        if "alice invited" in shown:  # (not "alice away ..." as at the first table)
            return True
        alice.press("\x1b[A" if len(pressed) % 2 else "\x1b[B")  # up or down: she has two rows
        pressed.append(1)
        await asyncio.sleep(0.2)
        return False

    await until(cursor_on_second, what="the cursor on the invitation")
    await shows(server, "alice", "notice", lambda text: f"({second.id})" in text, "the second invitation's notice")
    alice.press("x")
    await until(lambda: lobby.record(second.id).invited("alice") is None, what="the invitation declined")
    # its notice goes with it (ctrl+n would have sat her at the seat she declined)
    await shows(server, "alice", "notice", lambda text: second.id not in text, "the notice gone")
    # (told, with no ctrl+n: the table may be gone, and bob has his seat there anyway)
    await shows(
        server, "bob", "notice", lambda text: "alice declined your invitation" in text and "go there" not in text
    )
    await alice.close()
    await bob.close()


async def play_until(server, table, seat: int, humans=(0, 1)) -> None:
    """Play the humans' moves at ``table`` (any legal one) until it is ``seat``'s turn."""
    while seat not in table.to_act:
        mover = next((s for s in table.to_act if s in humans), None)
        if mover is None:  # a bot's turn: the pool plays it
            version = table.version
            await until(lambda v=version: table.version != v, what="a bot's move")
            continue
        table.submit(mover, table.legal_actions(mover)[0])


async def test_a_turn_that_begins_while_a_player_types_in_the_chat_leaves_the_keys_there(server):
    """Before, the board took the keys as her turn began: her line went to the board, as moves."""
    alice, bob, carol, record, table = await seat_three(server)
    await play_until(server, table, 1)  # (bob's turn, or everybody's at a vote)
    while 0 in table.to_act and len(table.to_act) == 1:
        table.submit(0, table.legal_actions(0)[0])
    await open_chat(server, alice, "alice")
    moves = len(table.move_lines())
    await play_until(server, table, 0)  # her turn begins while she is in the chat
    assert len(table.move_lines()) > moves

    async def her_turn_shown():
        status = await server.status("alice")
        return status is not None and len(status["play"]["moves"]) == len(table.move_lines())

    await until(her_turn_shown, what="her turn on her screen")
    assert (await server.status("alice"))["focused"] == "chat-input"
    alice.press("my turn already?\r")
    await shows(server, "bob", "chat", lambda lines: "alice: my turn already?" in lines)
    for client in (alice, bob, carol):
        await client.close()


async def test_a_turn_at_another_table_rings_the_bell_and_ctrl_n_goes_there(server):
    import json

    await (await server.connect("alice")).close()
    # she allows the bell (Settings); she sits at two tables and is at the first
    config = server.dir / "players" / "alice" / "config.json"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(json.dumps({"bell": True}))
    lobby = server.service.lobby
    other = lobby.create("bob", "king-up", ["me", "invite:alice", "bot:random"])
    lobby.join(other.id, "alice")
    here = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    server.service.accounts.set_last_table("alice", here.id)
    table = lobby.table(other.id)
    await play_until(server, table, 0)
    alice = await server.connect("alice", wait=None)

    async def at_here():
        status = await server.status("alice")
        return status is not None and (status["play"] or {}).get("table") == here.id

    await until(at_here, what="alice back at her table")
    presence = Presence(server.service.store)  # her session knows where she is: notices from now
    await until(lambda: any(o.name == "alice" and here.id in o.places for o in presence.online()), what="alice here")
    bells = bytes(alice.received).count(b"\x07")
    await play_until(server, table, 1)
    await shows(server, "alice", "notice", lambda text: f"Your turn at King Up! ({other.id})" in text)
    await until(lambda: bytes(alice.received).count(b"\x07") > bells, what="the bell")
    alice.press(CTRL_N)

    async def at_other():
        status = await server.status("alice")
        return status is not None and (status["play"] or {}).get("table") == other.id

    await until(at_other, what="alice at the other table")
    await alice.close()


async def test_a_player_whose_connection_drops_is_away_from_then_at_once(server):
    """bob's connection drops at a started table: his seat reads "away" at once, for as long as
    he is gone (it read "has a seat", never "away N min", and "here" until some screen looked
    again); alice, who stays, is still here."""
    alice, bob, carol, record, _table = await seat_three(server)
    presence = Presence(server.service.store)

    def seats() -> dict[str, tuple[bool, bool]]:
        return {s.player: (s.here, s.away_for is not None) for s in presence.at_table(record.id) if s.player}

    assert seats() == {"alice": (True, False), "bob": (True, False)}
    bob.conn.abort()  # (no goodbye: the client is gone)
    await until(lambda: seats()["bob"] == (False, True), what="bob away")
    assert seats()["alice"] == (True, False)
    for client in (alice, carol):
        await client.close()
