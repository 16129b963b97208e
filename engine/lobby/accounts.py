"""Players bound to SSH public keys: the first key that logs in under a free name owns it.

No passwords: a key *is* its player. Names are unique regardless of case (``Alice`` cannot be
claimed once ``alice`` is taken). Kept in the server's store (engine.store), shared by all its
processes::

    accounts = Accounts(store)
    accounts.check("alice", "ssh-ed25519 AAAA...")   # Login.CLAIM: a free name
"""

from __future__ import annotations

import enum
import re
from pathlib import Path

from engine.store import Store, open_store
from engine.together.admin import is_banned
from engine.together.keys import Key, add_key, keys, remove_key, rename

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,23}")


def valid_name(name: str) -> bool:
    """A login name: a letter, then up to 23 letters, digits, ``_ . -``."""
    return NAME.fullmatch(name) is not None


class Login(enum.Enum):
    KNOWN = "known"  # this key is this name's
    CLAIM = "claim"  # a new key and a free name: logging in makes it theirs
    TAKEN = "taken"  # a new key, but someone else owns the name: choose another
    OTHER = "other"  # this key belongs to another name
    INVALID = "invalid"  # not a usable name
    BANNED = "banned"  # the host banned this name or this key (bergfried admin ban)


class Accounts:
    def __init__(self, store: Store | Path):
        """``store``: the server's store (an ``accounts.json`` path or a folder: the SQLite store
        of that folder, which imports the old file on its first start)."""
        if not isinstance(store, Store):
            path = Path(store)
            store = open_store(path.parent if path.suffix == ".json" else path)
        self.store = store

    # -- logging in ---------------------------------------------------------------------------
    def name_of(self, key: str) -> str | None:
        return self.store.player_of_key(key)

    def check(self, name: str, key: str) -> Login:
        """What logging in as ``name`` with public key ``key`` (OpenSSH text) would mean."""
        owner = self.store.player_of_key(key)
        if is_banned(self.store, owner or name, key):
            return Login.BANNED
        if owner is not None:
            return Login.KNOWN if owner == name else Login.OTHER
        if not valid_name(name):
            return Login.INVALID
        return Login.TAKEN if self.store.player_named(name) is not None else Login.CLAIM

    def claim(self, name: str, key: str) -> None:
        """Bind ``key`` to the free ``name`` (after the client proved it holds the key)."""
        if self.check(name, key) not in (Login.CLAIM, Login.KNOWN) or not self.store.claim(name, key):
            raise ValueError(f"{name} cannot be claimed with this key")

    def names(self) -> list[str]:
        return self.store.names()

    def exists(self, name: str) -> bool:
        return self.store.player_named(name) is not None

    # -- where each player was (their theme and ASCII live in their own config folder) ----------
    def last_table(self, name: str) -> str | None:
        return self.store.last_table(name)

    def set_last_table(self, name: str, table_id: str | None) -> None:
        self.store.set_last_table(name, table_id)

    # -- keys and names (engine.together.keys: AccountError with one line for the player) --------
    def keys(self, name: str) -> list[Key]:
        return keys(self.store, name)

    def add_key(self, name: str, text: str) -> Key:
        """Another key for ``name``, from a session logged in with one of its keys."""
        return add_key(self.store, name, text)

    def remove_key(self, name: str, which: str) -> Key:
        """Remove a key by fingerprint or key line; never the last one."""
        return remove_key(self.store, name, which)

    def rename(self, old: str, new: str) -> str:
        return rename(self.store, old, new)
