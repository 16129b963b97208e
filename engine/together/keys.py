"""A player's keys and name: add a second key (from a session logged in with the first), list
and remove keys (never the last: a name without a key could never log in again), and rename
(names stay unique regardless of case). The host's bans are in engine.together.admin.

Keys are OpenSSH public key lines (``ssh-ed25519 AAAA… comment``), kept as ``type base64`` (the
comment dropped), as the server's login keeps them; each is named by its SHA256 fingerprint, as
``ssh-keygen -l`` prints it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from dataclasses import dataclass

from engine.store import Store
from engine.store.db import Duplicate

from .text import inert

# Every tool that uses this names its subject "a key"; the types OpenSSH makes today.
KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)


class AccountError(ValueError):
    """A key or name change (or a host's action) that cannot be made; the message says why, in one line."""


@dataclass(frozen=True)
class Key:
    kind: str
    fingerprint: str
    text: str  # "type base64"


def normal_key(text: str) -> str:
    """An OpenSSH public key line as the store keeps it (``type base64``); AccountError if it is
    not one."""
    parts = text.strip().split()
    if len(parts) < 2 or parts[0] not in KEY_TYPES:
        raise AccountError("that is not an OpenSSH public key (a line such as 'ssh-ed25519 AAAA… you@host')")
    try:
        blob = base64.b64decode(parts[1], validate=True)
        (length,) = struct.unpack(">I", blob[:4])
        named = blob[4 : 4 + length].decode("ascii")
    except (binascii.Error, struct.error, UnicodeDecodeError):
        named = ""
    if named != parts[0]:
        raise AccountError("that public key is damaged (its text does not read as a key); copy the whole line again")
    return f"{parts[0]} {parts[1]}"


def fingerprint(key: str) -> str:
    """``SHA256:…``, as ``ssh-keygen -l`` prints it."""
    blob = base64.b64decode(key.split()[1])
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


def keys(store: Store, name: str) -> list[Key]:
    rows = store.db.query("SELECT key FROM player_keys WHERE name = ? ORDER BY key", (name,))
    return [Key(r[0].split()[0], fingerprint(r[0]), r[0]) for r in rows]


def add_key(store: Store, name: str, text: str) -> Key:
    """Bind one more key to ``name`` (the session proved it holds one of its keys)."""
    key = normal_key(text)
    try:
        with store.transaction() as tx:
            if tx.one("SELECT name FROM players WHERE name = ? FOR UPDATE", (name,)) is None:
                raise AccountError(f"there is no player {inert(name, 40)}")
            if tx.one("SELECT value FROM bans WHERE kind = 'key' AND value = ?", (key,)) is not None:
                raise AccountError("that key is banned on this server")
            held = tx.one("SELECT name FROM player_keys WHERE key = ?", (key,))
            if held is not None:
                raise AccountError("that key is yours already" if held[0] == name else "that key is another player's")
            tx.execute("INSERT INTO player_keys (key, name) VALUES (?, ?)", (key, name))
            tx.bump()
    except Duplicate:
        raise AccountError("that key is another player's") from None
    return Key(key.split()[0], fingerprint(key), key)


def find_key(store: Store, name: str, which: str) -> Key:
    """One of ``name``'s keys, by fingerprint (``SHA256:…``, or enough of its start to be
    unique) or by its public key line."""
    mine = keys(store, name)
    which = which.strip()
    if not which:
        raise AccountError("name the key: its fingerprint (SHA256:…) or its public key line")
    if which.split()[0] in KEY_TYPES:
        wanted = normal_key(which)
        found = [k for k in mine if k.text == wanted]
    else:
        prefix = which if which.startswith("SHA256:") else "SHA256:" + which
        found = [k for k in mine if k.fingerprint.startswith(prefix)]
    if len(found) != 1:
        shown = inert(which, 60)
        raise AccountError(
            f"{inert(name, 40)} has no key {shown}" if not found else f"{shown} matches several keys; give more of it"
        )
    return found[0]


def remove_key(store: Store, name: str, which: str) -> Key:
    """Remove one of ``name``'s keys (never the last one)."""
    key = find_key(store, name, which)
    with store.transaction() as tx:
        tx.one("SELECT name FROM players WHERE name = ? FOR UPDATE", (name,))  # one removal at a time
        left = tx.one("SELECT count(*) FROM player_keys WHERE name = ?", (name,))
        if left is None or left[0] <= 1:
            raise AccountError("that is the only key of this name; add another key before removing it")
        tx.execute("DELETE FROM player_keys WHERE key = ? AND name = ?", (key.text, name))
        tx.bump()
    return key


# Every column that names a player, renamed with them (a save file's header keeps the name
# the game was played under: the log is never rewritten).
NAMED = (
    ("player_keys", "name"),
    ("seats", "player"),
    ("game_tables", "creator"),
    ("chat", "author"),
    ("mutes", "player"),
    ("mutes", "muted"),
    ("sessions", "player"),
    ("results", "player"),
    ("notices", "player"),
    ("takebacks", "asker"),
)


def rename(store: Store, old: str, new: str) -> str:
    """``old`` is called ``new`` from now on (its keys, seats, tables and chat follow)."""
    from engine.lobby.accounts import valid_name

    if not valid_name(new):
        raise AccountError(f"{inert(new, 40)!r} is not a name (a letter, then up to 23 letters, digits, _ . -)")
    try:
        with store.transaction() as tx:
            if tx.one("SELECT name FROM players WHERE name = ? FOR UPDATE", (old,)) is None:
                raise AccountError(f"there is no player {inert(old, 40)}")
            if tx.one("SELECT value FROM bans WHERE kind = 'name' AND value = ?", (new.lower(),)) is not None:
                raise AccountError(f"the name {new} is banned on this server")
            taken = tx.one("SELECT name FROM players WHERE folded = ?", (new.lower(),))
            if taken is not None and taken[0] != old:
                raise AccountError(f"the name {new} is taken (names are the same whatever their case)")
            tx.execute("UPDATE players SET name = ?, folded = ? WHERE name = ?", (new, new.lower(), old))
            for table, column in NAMED:
                tx.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new, old))
            tx.bump()
    except Duplicate:
        raise AccountError(f"the name {new} was taken a moment ago") from None
    _move_settings(store, old, new)
    return new


def _move_settings(store: Store, old: str, new: str) -> None:
    """The player's own settings folder (theme, ASCII) follows the name, where there is one."""
    if store.data_dir is None:
        return
    here, there = store.data_dir / "players" / old, store.data_dir / "players" / new
    if here.is_dir() and not there.exists():
        try:
            here.rename(there)
        except OSError:
            pass  # the settings stay under the old name: the player chooses their theme again
