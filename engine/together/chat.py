"""Chat: a room per table (its players and spectators) and one in the lobby, kept in the store.

    chat = Chat(store)
    chat.say("t3a9c1f", "alice", "good luck")            # ChatError: one line for the player
    for line in chat.lines("t3a9c1f", "bob"): ...         # what bob may read, muted authors left out
    follower = chat.follow(["lobby", "t3a9c1f"], "bob", on_lines)   # other processes' lines, at once

Never a table's event log: chat is not a move (a save file holds no chat; ``export_chat`` writes
it beside one). Who a line's author is at a table (player or spectator) is the store's word at
the moment it is said, never the client's. Every text is made inert (engine.together.text).
A player may say at most ``burst`` lines in ``per`` seconds, over all rooms and sessions. A
table's creator may make its chat players-only: spectators then neither write nor read it.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from engine.store import Store
from engine.store.social_schema import next_id

from .text import inert

LOBBY = "lobby"
PLAYERS_ONLY = "chat_players_only"


class ChatError(Exception):
    """What a player asked of the chat that cannot be done; the message says why."""


@dataclass(frozen=True)
class ChatLine:
    id: int
    room: str
    at: float
    author: str
    role: str  # "player" or "spectator" at a table; "lobby" in the lobby
    text: str  # inert already

    @property
    def shown(self) -> str:
        """The line as a chat panel prints it: a spectator's marked, so it never reads as a player's."""
        mark = " (watching)" if self.role == "spectator" else ""
        return f"{self.author}{mark}: {self.text}"


FIELDS = "id, room, at, author, role, text"


class Chat:
    def __init__(
        self, store: Store, clock: Callable[[], float] = time.time, *, burst: int = 5, per: float = 10.0
    ) -> None:
        self.store, self.clock, self.burst, self.per = store, clock, burst, per

    # -- saying --------------------------------------------------------------------------------
    def say(self, room: str, name: str, text: str) -> ChatLine:
        """``name`` says ``text`` in ``room`` ("lobby" or a table's id)."""
        text = inert(text.strip())
        if not text:
            raise ChatError("say something first")
        now = self.clock()
        with self.store.transaction() as tx:
            # the player's row locked: two of their sessions count their lines one after the other
            if tx.one("SELECT name FROM players WHERE name = ? FOR UPDATE", (name,)) is None:
                raise ChatError(f"there is no player {inert(name, 40)}")
            role = self._role(tx, room, name)
            said = tx.one("SELECT count(*), min(at) FROM chat WHERE author = ? AND at > ?", (name, now - self.per))
            if said is not None and said[0] >= self.burst:
                wait = max(1, math.ceil(said[1] + self.per - now))
                raise ChatError(f"slow down: at most {self.burst} lines in {self.per:g} s (wait {wait} s)")
            line = ChatLine(next_id(tx), room, now, name, role, text)
            tx.execute(f"INSERT INTO chat ({FIELDS}) VALUES (?, ?, ?, ?, ?, ?)", _row(line))
            self.store.db.notify(tx)  # wake the other processes (no lobby reload: not a table change)
        return line

    def _role(self, tx, room: str, name: str) -> str:
        if room == LOBBY:
            return "lobby"
        if tx.one("SELECT id FROM game_tables WHERE id = ?", (room,)) is None:
            raise ChatError(f"there is no table {inert(room, 20)}")
        seated = tx.one("SELECT seat FROM seats WHERE table_id = ? AND player = ? AND joined <> 0", (room, name))
        if seated is not None:
            return "player"
        if self._players_only(tx, room):
            raise ChatError("this table's chat is for its players only")
        return "spectator"

    # -- reading -------------------------------------------------------------------------------
    def lines(self, room: str, viewer: str, after: int = 0, limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` lines of ``room`` after id ``after`` that ``viewer`` may read,
        oldest first (a muted author's left out)."""
        return self.read([room], viewer, after, limit)

    def read(self, rooms: Iterable[str], viewer: str, after: int = 0, limit: int = 100) -> list[ChatLine]:
        """The new lines of several rooms (one query: each wake-up of a follower costs one)."""
        rooms = list(rooms)
        if not rooms:
            return []
        rows = self.store.db.query(
            f"SELECT {FIELDS} FROM chat c WHERE room IN ({', '.join('?' * len(rooms))}) AND id > ? "
            "AND author NOT IN (SELECT muted FROM mutes WHERE player = ?) "
            # a players-only table's lines reach its players only
            f"AND (room = '{LOBBY}' OR NOT EXISTS (SELECT 1 FROM table_options o WHERE o.table_id = c.room "
            f"AND o.key = '{PLAYERS_ONLY}' AND o.value = '1') OR EXISTS (SELECT 1 FROM seats s "
            "WHERE s.table_id = c.room AND s.player = ? AND s.joined <> 0)) ORDER BY id DESC LIMIT ?",
            (*rooms, after, viewer, viewer, limit),
        )
        return [ChatLine(*row) for row in reversed(rows)]

    def may_read(self, room: str, viewer: str) -> bool:
        """Whether ``viewer`` reads the room (a players-only table's chat is its players')."""
        if room == LOBBY or not self.players_only(room):
            return True
        rows = self.store.db.query(
            "SELECT seat FROM seats WHERE table_id = ? AND player = ? AND joined <> 0", (room, viewer)
        )
        return bool(rows)

    def last_id(self) -> int:
        """The newest line's id anywhere (a follower starts after it)."""
        rows = self.store.db.query("SELECT max(id) FROM chat")
        return int(rows[0][0] or 0) if rows else 0

    def follow(
        self, rooms: Iterable[str], viewer: str, listener: Callable[[list[ChatLine]], object], after: int | None = None
    ) -> Follower:
        """Call ``listener`` with every new line of ``rooms`` that ``viewer`` may read, as soon as
        any process writes it (the lobby's watcher wakes it; see Store.wakers). ``after``: the
        last id already shown (default: the newest now)."""
        follower = Follower(self, list(rooms), viewer, listener, self.last_id() if after is None else after)
        self.store.wakers.append(follower.poll)
        return follower

    # -- players-only tables and mutes ------------------------------------------------------
    def players_only(self, table_id: str) -> bool:
        rows = self.store.db.query(
            "SELECT value FROM table_options WHERE table_id = ? AND key = ?", (table_id, PLAYERS_ONLY)
        )
        return bool(rows) and rows[0][0] == "1"

    def _players_only(self, tx, table_id: str) -> bool:
        row = tx.one("SELECT value FROM table_options WHERE table_id = ? AND key = ?", (table_id, PLAYERS_ONLY))
        return row is not None and row[0] == "1"

    def set_players_only(self, table_id: str, name: str, on: bool) -> None:
        """The table's creator makes its chat players-only (or open to spectators again)."""
        with self.store.transaction() as tx:
            row = tx.one("SELECT creator FROM game_tables WHERE id = ? FOR UPDATE", (table_id,))
            if row is None:
                raise ChatError(f"there is no table {inert(table_id, 20)}")
            if row[0] != name:
                raise ChatError(f"only {row[0]}, who made the table, can change who may chat at it")
            tx.execute(
                "INSERT INTO table_options (table_id, key, value) VALUES (?, ?, ?) ON CONFLICT (table_id, key) "
                "DO UPDATE SET value = excluded.value",
                (table_id, PLAYERS_ONLY, "1" if on else "0"),
            )
            self.store.db.notify(tx)

    def mute(self, name: str, other: str, on: bool = True) -> None:
        """``name`` no longer reads ``other``'s lines (or reads them again)."""
        found = self.store.player_named(other)
        if found is None:
            raise ChatError(f"there is no player {inert(other, 40)}")
        other = found
        if other == name:
            raise ChatError("you cannot mute yourself")
        with self.store.transaction() as tx:
            if on:
                tx.execute("INSERT INTO mutes (player, muted) VALUES (?, ?) ON CONFLICT DO NOTHING", (name, other))
            else:
                tx.execute("DELETE FROM mutes WHERE player = ? AND muted = ?", (name, other))

    def muted(self, name: str) -> list[str]:
        return sorted(r[0] for r in self.store.db.query("SELECT muted FROM mutes WHERE player = ?", (name,)))


class Follower:
    """New lines of some rooms for one reader; ``poll`` is called on every wake-up."""

    def __init__(self, chat: Chat, rooms: list[str], viewer: str, listener, after: int):
        self.chat, self.rooms, self.viewer, self.listener, self.seen = chat, rooms, viewer, listener, after

    def poll(self) -> list[ChatLine]:
        new = self.chat.read(self.rooms, self.viewer, self.seen)
        if new:
            self.seen = new[-1].id
            self.listener(new)
        return new

    def rooms_now(self, rooms: Iterable[str]) -> None:
        """Follow other rooms from now on (the player went to another table)."""
        self.rooms = list(rooms)

    def stop(self) -> None:
        wakers = self.chat.store.wakers
        if self.poll in wakers:
            wakers.remove(self.poll)


def export_chat(store: Store, table_id: str, path: Path) -> Path:
    """The table's chat as a text file beside its save file (0600, as the save file is), a
    line each: "2026-11-28 10:00:00 carol (watching): hi"."""
    rows = store.db.query(f"SELECT {FIELDS} FROM chat WHERE room = ? ORDER BY id", (table_id,))
    text = "".join(
        time.strftime("%Y-%m-%d %H:%M:%S ", time.gmtime(line.at)) + line.shown + "\n"
        for line in (ChatLine(*r) for r in rows)
    )
    path = Path(path).expanduser()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def _row(line: ChatLine) -> tuple:
    return (line.id, line.room, line.at, line.author, line.role, line.text)
