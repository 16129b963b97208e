"""Players bound to SSH public keys: the first key that logs in under a free name owns it.

No passwords: a key *is* its player. The file is small JSON rewritten atomically on change::

    {"players": {"alice": {"keys": ["ssh-ed25519 AAAA..."], "last_table": "t3a9c1f"}}}
"""
from __future__ import annotations

import enum
import json
import re
from pathlib import Path
from typing import Any

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,23}")


def valid_name(name: str) -> bool:
    """A login name: a letter, then up to 23 letters, digits, ``_ . -``."""
    return NAME.fullmatch(name) is not None


class Login(enum.Enum):
    KNOWN = "known"          # this key is this name's
    CLAIM = "claim"          # a new key and a free name: logging in makes it theirs
    TAKEN = "taken"          # a new key, but someone else owns the name: choose another
    OTHER = "other"          # this key belongs to another name
    INVALID = "invalid"      # not a usable name


class Accounts:
    def __init__(self, path: Path):
        self.path = Path(path)
        self._players: dict[str, dict[str, Any]] = {}
        self._by_key: dict[str, str] = {}
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        for name, record in data.get("players", {}).items():
            self._players[name] = record
            for key in record.get("keys", []):
                self._by_key[key] = name

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"players": self._players}, indent=1, sort_keys=True),
                       encoding="utf-8")
        tmp.replace(self.path)

    # -- logging in ---------------------------------------------------------------------------
    def name_of(self, key: str) -> str | None:
        return self._by_key.get(key)

    def check(self, name: str, key: str) -> Login:
        """What logging in as ``name`` with public key ``key`` (OpenSSH text) would mean."""
        owner = self._by_key.get(key)
        if owner is not None:
            return Login.KNOWN if owner == name else Login.OTHER
        if not valid_name(name):
            return Login.INVALID
        return Login.TAKEN if name in self._players else Login.CLAIM

    def claim(self, name: str, key: str) -> None:
        """Bind ``key`` to the free ``name`` (after the client proved it holds the key)."""
        if self.check(name, key) not in (Login.CLAIM, Login.KNOWN):
            raise ValueError(f"{name} cannot be claimed with this key")
        record = self._players.setdefault(name, {"keys": []})
        if key not in record["keys"]:
            record["keys"].append(key)
        self._by_key[key] = name
        self._save()

    def names(self) -> list[str]:
        return sorted(self._players)

    def exists(self, name: str) -> bool:
        return name in self._players

    # -- where each player was (their theme and ASCII live in their own config folder) ----------
    def last_table(self, name: str) -> str | None:
        return self._players.get(name, {}).get("last_table")

    def set_last_table(self, name: str, table_id: str | None) -> None:
        if name in self._players and self._players[name].get("last_table") != table_id:
            self._players[name]["last_table"] = table_id
            self._save()
