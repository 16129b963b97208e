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
