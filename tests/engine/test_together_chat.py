"""Chat on both databases: players and spectators at a table (a spectator's line is marked and
never reads as a player's), the lobby's room, players-only tables, the rate limit, mutes, inert
text, nothing in the event log, and a line said in one process reaching another at once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.store import export_table
from engine.together.chat import LOBBY, Chat, ChatError, export_chat
from engine.together.text import inert
from tests.waiting import until

from . import stores as fixtures
from .stores import lobby_of, players

stores = fixtures.stores


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def table_of_two(store):
    players(store, "alice", "bob", "carol")
    lobby = lobby_of(store)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    return lobby, record


def test_players_and_a_spectator_talk_and_the_spectator_is_marked(stores):
    store = stores()
    lobby, record = table_of_two(store)
    chat = Chat(store)
    chat.say(record.id, "alice", "good luck")
    chat.say(record.id, "carol", "I am only watching")
    chat.say(record.id, "bob", "you too")
    seen = chat.lines(record.id, "bob")
    assert [(line.author, line.role) for line in seen] == [
        ("alice", "player"),
        ("carol", "spectator"),
        ("bob", "player"),
    ]
    assert seen[1].shown == "carol (watching): I am only watching"
    assert seen[0].shown == "alice: good luck"
    assert chat.lines(record.id, "carol") == seen  # spectators read the table's chat too
    chat.say(LOBBY, "carol", "anyone for Carcassonne?")
    assert [line.role for line in chat.lines(LOBBY, "alice")] == ["lobby"]
    assert all(line.room == record.id for line in chat.lines(record.id, "alice"))  # rooms apart
    lobby.close()


def test_escape_sequences_arrive_inert(stores):
    store = stores()
    lobby, record = table_of_two(store)
    chat = Chat(store)
    said = chat.say(record.id, "alice", "\x1b[2J\x1b]52;c;aGk=\x07 hi\x9b31m\u202eevil\r\nfake: line")
    line = chat.lines(record.id, "bob")[-1]
    assert line == said
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in line.text)
    assert line.text.startswith("␛[2J␛]52;c;aGk=␇ hi<U+009B>31m<U+202E>evil␍␊fake: line")
    lobby.close()


def test_inert_is_one_line_idempotent_and_short():
    text = "a\tb\x00c\x7f\u2028d\u200de" + "x" * 400
    once = inert(text)
    assert inert(once) == once and len(once) == 300 and once.endswith("…")
    assert once.startswith("a␉b␀c␡<U+2028>d\u200de")
    assert inert("[bold]markup[/]") == "[bold]markup[/]"  # shown as text by the panel, never parsed


def test_a_creator_may_make_the_chat_players_only(stores):
    store = stores()
    lobby, record = table_of_two(store)
    chat = Chat(store)
    chat.say(record.id, "carol", "hello players")
    with pytest.raises(ChatError, match="only alice"):
        chat.set_players_only(record.id, "bob", True)
    chat.set_players_only(record.id, "alice", True)
    with pytest.raises(ChatError, match="players only"):
        chat.say(record.id, "carol", "still here")
    assert chat.lines(record.id, "carol") == []
    chat.say(record.id, "bob", "just us")
    assert [line.author for line in chat.lines(record.id, "alice")] == ["carol", "bob"]
    chat.set_players_only(record.id, "alice", False)
    chat.say(record.id, "carol", "back")
    assert len(chat.lines(record.id, "carol")) == 3
    lobby.close()


def test_the_rate_limit_counts_a_player_across_rooms(stores):
    store = stores()
    lobby, record = table_of_two(store)
    clock = Clock()
    chat = Chat(store, clock, burst=3, per=10.0)
    chat.say(LOBBY, "alice", "one")
    chat.say(record.id, "alice", "two")
    clock.now += 4
    chat.say(LOBBY, "alice", "three")
    with pytest.raises(ChatError, match=r"at most 3 lines in 10 s \(wait 6 s\)"):
        chat.say(record.id, "alice", "four")
    chat.say(LOBBY, "bob", "others may still talk")
    clock.now += 6.5
    chat.say(record.id, "alice", "four, later")
    with pytest.raises(ChatError, match="say something"):
        chat.say(LOBBY, "alice", "   ")
    lobby.close()


def test_a_muted_player_is_not_read(stores):
    store = stores()
    lobby, record = table_of_two(store)
    chat = Chat(store)
    chat.mute("bob", "Carol")  # names regardless of case
    chat.say(record.id, "carol", "spam")
    chat.say(record.id, "alice", "your move")
    assert [line.author for line in chat.lines(record.id, "bob")] == ["alice"]
    assert [line.author for line in chat.lines(record.id, "alice")] == ["carol", "alice"]
    assert chat.muted("bob") == ["carol"]
    with pytest.raises(ChatError, match="no player"):
        chat.mute("bob", "nobody")
    chat.mute("bob", "carol", on=False)
    assert len(chat.lines(record.id, "bob")) == 2
    lobby.close()


def test_chat_never_reaches_the_event_log(stores, tmp_path):
    store = stores()
    lobby, record = table_of_two(store)
    before = store.lines(record.id)
    chat = Chat(store)
    chat.say(record.id, "alice", "not a move")
    assert store.lines(record.id) == before
    save = export_table(store, record.id, tmp_path / "game.jsonl")
    assert "not a move" not in save.read_text()
    beside = export_chat(store, record.id, tmp_path / "game.chat.txt")
    assert beside.read_text().endswith(" alice: not a move\n")
    lobby.close()


async def test_a_line_reaches_another_process_at_once(stores):
    here, there = stores(), stores()  # two processes' stores
    lobby, record = table_of_two(here)
    watching = lobby_of(there)
    watching.watch()
    got: list = []
    follower = Chat(there).follow([record.id, LOBBY], "bob", got.extend)
    try:
        Chat(here).say(record.id, "alice", "\x1b[31mred?")
        await until(lambda: got, what="alice's line in bob's process")
        assert got[0].text == "␛[31mred?" and got[0].role == "player"
        Chat(here).say(LOBBY, "carol", "hi all")
        await until(lambda: len(got) == 2, what="the lobby's line")
    finally:
        follower.stop()
        watching.close()
        lobby.close()


def test_a_table_removed_takes_its_chat_along(stores):
    store = stores()
    players(store, "alice", "bob")
    lobby = lobby_of(store)
    record = lobby.create("alice", "king-up", ["me", "open", "invite:bob"])
    Chat(store).say(record.id, "alice", "anyone?")
    lobby.leave(record.id, "alice")  # the last player out: the table goes
    assert store.db.query("SELECT count(*) FROM chat WHERE room = ?", (record.id,)) == [(0,)]
    with pytest.raises(ChatError, match="no table"):
        Chat(store).say(record.id, "alice", "hello?")
    lobby.close()


def test_a_database_from_before_gains_the_new_tables(tmp_path):
    from engine.store import Store
    from engine.store.db import SQLite

    db = SQLite(tmp_path / "bergfried.db", durable=False)
    db.schema()
    with db.transaction() as tx:  # as the store was before issue 29
        for table in ("chat", "mutes", "sessions", "notices", "takebacks", "bans", "admin_log"):
            tx.execute(f"DROP TABLE {table}")
        tx.execute("DELETE FROM counter WHERE id > 1")
    db.close()
    again = SQLite(tmp_path / "bergfried.db", durable=False)
    again.schema()  # what open_store does at every start
    store = Store(again, tmp_path)
    players(store, "alice")
    assert Chat(store).say(LOBBY, "alice", "first").id == 1
    store.close()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_inert_text_holds_no_control_for_any_input(text):
    import unicodedata

    once = inert(text)
    assert inert(once) == once and len(once) <= 300
    assert all(
        unicodedata.category(c) not in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")
        and (unicodedata.category(c) != "Cf" or c in "\u200c\u200d")
        for c in once
    )
