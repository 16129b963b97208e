"""Notices: a player is told when it becomes their turn at another table, when an invitation
arrives, and what no table shows any more (an invitation declined, a table the host closed).

    notices = Notices(store, "alice")
    notices.here = "t3a9c1f"                       # the table she is at: no notice for it
    stop = notices.follow(show)                    # show([Notice, ...]) on the loop, at once
    decline(lobby, "t77aa01", "alice")             # her invitation there, declined

Turns and invitations are read from the tables' rows (whose turn it is is written with each
move), compared with what the player was last told, so nothing has to remember to send them.
The rest are ``notices`` rows, handed out once. Texts are made inert (engine.together.text).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.games import get_game
from engine.store import Store
from engine.store.db import about_player
from engine.store.social_schema import next_id

from .text import inert


#: The kinds of notice whose table the player can go to (a declined invitation's table may be
#: gone, a closed one plays no more: those only tell).
LEADS_THERE = frozenset({"turn", "invited"})


@dataclass(frozen=True)
class Notice:
    kind: str  # "turn", "invited", "declined", "closed"
    table_id: str
    text: str

    @property
    def leads_there(self) -> bool:
        """Whether going to its table can work (a turn to play, a seat to take)."""
        return self.kind in LEADS_THERE


class Notices:
    def __init__(self, store: Store, name: str) -> None:
        self.store, self.name = store, name
        self.here: str | None = None  # the table the player is at
        self._told = self._state()  # what the lobby shows at login needs no notice
        self._seen = store.changes()

    def _state(self) -> dict[str, tuple[str, str, str]]:
        """(kind, game, creator) by table, for each table where it is the player's turn or
        where they are invited."""
        rows = self.store.db.query(
            "SELECT t.id, t.game, t.creator, t.status, t.to_act, s.seat, s.joined FROM seats s "
            "JOIN game_tables t ON t.id = s.table_id WHERE s.player = ?",
            (self.name,),
        )
        out = {}
        for table_id, game, creator, status, to_act, seat, joined in rows:
            if status == "playing" and joined and str(seat) in to_act.split(","):
                out[table_id] = ("turn", game, creator)
            elif status == "waiting" and not joined:
                out[table_id] = ("invited", game, creator)
        return out

    def check(self) -> list[Notice]:
        """What is new since the last check: turns at other tables, invitations, and the
        notices other players' actions left."""
        now = self._state()
        out = []
        for table_id, (kind, game, creator) in now.items():
            if self._told.get(table_id, ("",))[0] == kind or table_id == self.here:
                continue
            title = get_game(game).title
            if kind == "turn":
                out.append(Notice("turn", table_id, f"Your turn at {title} ({table_id})"))
            else:
                out.append(Notice("invited", table_id, f"{inert(creator, 40)} invites you to {title} ({table_id})"))
        self._told = now
        return out + self._left()

    def _left(self) -> list[Notice]:
        """The notices left for the player, each handed to one session only (a read first: the
        write, and its lock, only when there are some)."""
        rows = self.store.db.query(
            "SELECT id, kind, table_id, text FROM notices WHERE player = ? ORDER BY id", (self.name,)
        )
        if not rows:
            return []
        mine = []
        with self.store.transaction() as tx:
            for row in rows:
                if tx.execute("DELETE FROM notices WHERE id = ?", (row[0],)):
                    mine.append(Notice(row[1], row[2], row[3]))
        return mine

    def follow(self, listener: Callable[[list[Notice]], object]) -> Callable[[], None]:
        """Call ``listener`` with new notices as soon as any process changes a table (the
        lobby's watcher wakes it); returns the function that stops it."""

        def wake() -> None:
            changes = self.store.changes()
            if changes == self._seen:
                return
            self._seen = changes
            new = self.check()
            if new:
                listener(new)

        self.store.wakers.append(wake)
        return lambda: self.store.wakers.remove(wake) if wake in self.store.wakers else None


def tell(store: Store, tx, player: str, kind: str, table_id: str, text: str) -> None:
    """Leave ``player`` a notice (inside the write that causes it)."""
    tx.execute(
        "INSERT INTO notices (id, player, at, kind, table_id, text) VALUES (?, ?, ?, ?, ?, ?)",
        (next_id(tx), player, time.time(), kind, table_id, inert(text)),
    )
    tx.bump(about_player(player))


def decline(lobby, table_id: str, name: str) -> None:
    """``name`` declines their invitation to the table: the seat is open again (a table nobody
    has joined is removed) and its creator is told. LobbyError when there is none."""
    from engine.lobby import LobbyError

    record = lobby.record(table_id)
    if record.invited(name) is None:
        raise LobbyError("you have no invitation at this table")
    lobby.leave(table_id, name)
    if record.creator != name:
        title = get_game(record.game).title
        with lobby.store.transaction() as tx:
            tell(lobby.store, tx, record.creator, "declined", table_id, f"{name} declined your invitation to {title}")
