"""What the host does from the command line (``bergfried admin …``, engine/cli_admin.py): list
players, remove a key, ban a name (and its keys), close a table. Every action is written to the
store's ``admin_log`` (and so seen from every host).

A banned name cannot log in or be claimed, and neither can any key it held when banned
(``Accounts.check`` says ``Login.BANNED``). A closed table takes no more moves in any process
(the store refuses the write; a player there is told the game has stopped), leaves the lobby,
and its players get a notice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.store import Store
from engine.store.social_schema import next_id

from .keys import AccountError, find_key, keys, remove_key
from .notices import tell
from .presence import Presence
from .text import inert


@dataclass(frozen=True)
class PlayerLine:
    name: str
    keys: int
    banned: bool
    online: bool
    tables: int  # tables where they have a seat, not finished

    @property
    def line(self) -> str:
        marks = ("online" if self.online else "") + (" banned" if self.banned else "")
        return f"{self.name:24} {self.keys} key{'s' if self.keys != 1 else ''}  {self.tables} tables  {marks}".rstrip()


def log(store: Store, tx, action: str, detail: str) -> None:
    tx.execute(
        "INSERT INTO admin_log (id, at, action, detail) VALUES (?, ?, ?, ?)",
        (next_id(tx), time.time(), action, inert(detail)),
    )


def history(store: Store, limit: int = 50) -> list[str]:
    """The host's last actions, oldest first: "2026-11-28 10:00:00 ban: mallory (2 keys)"."""
    rows = store.db.query("SELECT at, action, detail FROM admin_log ORDER BY id DESC LIMIT ?", (limit,))
    return [
        f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(at))} {action}: {detail}"
        for at, action, detail in reversed(rows)
    ]


def players(store: Store) -> list[PlayerLine]:
    counts = dict(store.db.query("SELECT name, count(*) FROM player_keys GROUP BY name"))
    seated = dict(
        store.db.query(
            "SELECT s.player, count(*) FROM seats s JOIN game_tables t ON t.id = s.table_id "
            "WHERE t.status IN ('waiting', 'playing') AND s.player IS NOT NULL GROUP BY s.player"
        )
    )
    banned = {r[0] for r in store.db.query("SELECT value FROM bans WHERE kind = 'name'")}
    online = {o.name for o in Presence(store).online()}
    return [PlayerLine(n, counts.get(n, 0), n.lower() in banned, n in online, seated.get(n, 0)) for n in store.names()]


def _player(store: Store, name: str) -> str:
    found = store.player_named(name)
    if found is None:
        raise AccountError(f"there is no player {inert(name, 40)}")
    return found


def admin_remove_key(store: Store, name: str, which: str) -> str:
    name = _player(store, name)
    key = remove_key(store, name, which)
    with store.transaction() as tx:
        log(store, tx, "remove-key", f"{name} {key.fingerprint}")
    return f"removed {name}'s key {key.fingerprint}"


def ban(store: Store, name: str) -> str:
    """Ban a name (one nobody has claimed too) and every key it holds now."""
    from engine.lobby.accounts import valid_name

    owner = store.player_named(name)
    if owner is None and not valid_name(name):
        raise AccountError(f"{inert(name, 40)!r} is not a name")
    name = owner or name
    held = keys(store, name) if owner else []
    with store.transaction() as tx:
        if tx.one("SELECT value FROM bans WHERE kind = 'name' AND value = ?", (name.lower(),)) is not None:
            raise AccountError(f"{name} is banned already")
        now = time.time()
        tx.execute("INSERT INTO bans (kind, value, at) VALUES ('name', ?, ?)", (name.lower(), now))
        tx.many(
            "INSERT INTO bans (kind, value, at) VALUES ('key', ?, ?) ON CONFLICT DO NOTHING",
            [(k.text, now) for k in held],
        )
        log(store, tx, "ban", f"{name} ({len(held)} key{'s' if len(held) != 1 else ''})")
        tx.bump()
    return f"banned {name} and {len(held)} key{'s' if len(held) != 1 else ''}"


def unban(store: Store, name: str) -> str:
    owner = store.player_named(name) or name
    with store.transaction() as tx:
        if not tx.execute("DELETE FROM bans WHERE kind = 'name' AND value = ?", (owner.lower(),)):
            raise AccountError(f"{inert(name, 40)} is not banned")
        tx.execute(
            "DELETE FROM bans WHERE kind = 'key' AND value IN (SELECT key FROM player_keys WHERE name = ?)", (owner,)
        )
        log(store, tx, "unban", owner)
        tx.bump()
    return f"{owner} may log in again"


def is_banned(store: Store, name: str | None = None, key: str | None = None) -> bool:
    """Whether the name (regardless of case) or the key is banned."""
    rows = store.db.query(
        "SELECT kind FROM bans WHERE (kind = 'name' AND value = ?) OR (kind = 'key' AND value = ?)",
        ((name or "").lower(), key or ""),
    )
    return bool(rows)


def close_table(store: Store, table_id: str, reason: str = "") -> str:
    """End a table for good: no more moves anywhere, out of the lobby, its players told."""
    why = inert(reason, 120) if reason else "no reason given"
    with store.transaction() as tx:
        row = tx.one("SELECT status, game FROM game_tables WHERE id = ? FOR UPDATE", (table_id,))
        if row is None:
            raise AccountError(f"there is no table {inert(table_id, 20)}")
        if row[0] == "closed":
            raise AccountError(f"table {table_id} is closed already")
        tx.execute(
            "UPDATE game_tables SET status = 'closed', message = ? WHERE id = ?",
            (f"closed by the host: {why}", table_id),
        )
        for (player,) in tx.rows("SELECT player FROM seats WHERE table_id = ? AND player IS NOT NULL", (table_id,)):
            tell(store, tx, player, "closed", table_id, f"The host closed table {table_id} ({why})")
        log(store, tx, "close", f"{table_id} ({why})")
        tx.bump()
    return f"closed table {table_id}"


__all__ = [
    "AccountError",
    "admin_remove_key",
    "ban",
    "close_table",
    "find_key",
    "history",
    "is_banned",
    "players",
    "unban",
]
