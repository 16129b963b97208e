"""One session's part in playing together, on both databases: alice and bob in their own
stores (as processes), online, chatting in the room each is in, a notice of a turn at the
other table, and gone from the online list at logout."""

from __future__ import annotations

from engine.together.chat import ChatLine
from engine.together.notices import Notice
from engine.together.presence import Presence
from engine.together.session import Together
from tests.waiting import until

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores


async def test_two_sessions_play_together(stores):
    store = stores()
    players(store, "alice", "bob")
    lobbies = [lobby_of(stores()), lobby_of(stores())]  # alice's process, bob's
    for lobby in lobbies:
        lobby.watch()
    heard: dict[str, list[ChatLine]] = {"alice": [], "bob": []}
    told: dict[str, list[Notice]] = {"alice": [], "bob": []}
    sessions = {
        name: Together(lobby, name, on_chat=heard[name].extend, on_notices=told[name].extend)
        for name, lobby in zip(("alice", "bob"), lobbies)
    }
    alice, bob = sessions["alice"], sessions["bob"]
    try:
        assert [o.name for o in Presence(store).online()] == ["alice", "bob"]
        alice.say("anyone for a game?")
        await until(lambda: heard["bob"], what="alice's line in the lobby")
        record = lobbies[1].create("bob", "carcassonne-castle", ["me", "invite:alice"])
        await until(lambda: told["alice"], what="the invitation")
        assert told["alice"][0].kind == "invited"
        lobbies[0].join(record.id, "alice")
        alice.go_to(record.id)
        bob.go_to(record.id)
        bob.say("good luck")
        await until(lambda: any(line.room == record.id for line in heard["alice"]), what="bob's line at the table")
        assert alice.recent()[-1].text == "good luck" and heard["alice"][-1].role == "player"
        alice.go_to(None)  # back in the lobby: bob's turn there is a notice now
        table = lobbies[1].table(record.id)  # bob's process has the table open
        if 0 not in table.to_act:  # it is alice's turn first: she moves in her process
            mine = lobbies[0].table(record.id)
            while 1 in mine.to_act:
                mine.submit(1, mine.legal_actions(1)[0])
            await until(lambda: 0 in table.to_act, what="alice's move in bob's process")
        told["alice"].clear()
        while 1 not in table.to_act:
            table.submit(0, table.legal_actions(0)[0])
        await until(lambda: told["alice"], what="alice's turn told")
        assert told["alice"][0].kind == "turn" and told["alice"][0].table_id == record.id
        assert alice.back_at(table, 1) == []  # no stand-in played for her
    finally:
        alice.close()
        assert [o.name for o in Presence(store).online()] == ["bob"]
        bob.close()
        for lobby in lobbies:
            lobby.close()


async def test_a_line_said_before_a_player_arrives_is_shown_once(stores):
    """The lines a panel opens with are never added to it again when the next line wakes it
    (before: a line said at the table just before she came was shown twice)."""
    store = stores()
    players(store, "alice", "bob")
    lobbies = [lobby_of(stores()), lobby_of(stores())]
    for lobby in lobbies:
        lobby.watch()
    record = lobbies[1].create("bob", "carcassonne-castle", ["me", "invite:alice"])
    lobbies[1].join(record.id, "alice")
    heard: list[ChatLine] = []
    alice = Together(lobbies[0], "alice", on_chat=heard.extend, on_notices=lambda _n: None)
    bob = Together(lobbies[1], "bob", on_chat=lambda _l: None, on_notices=lambda _n: None, at=record.id)
    try:
        bob.say("are you coming?")  # at the table, while alice is in the lobby
        alice.go_to(record.id)
        shown = [line.text for line in alice.recent()]  # her table's chat panel as she arrives
        bob.say("there you are")
        await until(lambda: any(line.text == "there you are" for line in heard), what="bob's next line")
        assert shown + [line.text for line in heard] == ["are you coming?", "there you are"]
    finally:
        alice.close()
        bob.close()
        for lobby in lobbies:
            lobby.close()
