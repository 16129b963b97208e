"""Where a server process finds the accounts and the tables: the store (engine.store; SQLite in
the data folder, or PostgreSQL for several hosts). Every process opens its own (the front for
logins, each session's process after its fork for everything else): nothing is shared in
memory, so a session's process is as good as one on another host."""

from __future__ import annotations

from pathlib import Path


def open_spec_store(spec: dict):
    """The store a session description names (StoreError: one line saying why not)."""
    from engine.store import open_store

    return open_store(Path(spec["data_dir"]), spec.get("database"), durable=spec["durable"])


def open_accounts(spec: dict, store=None):
    from engine.lobby import Accounts

    return Accounts(store if store is not None else open_spec_store(spec))


def open_lobby(spec: dict, store=None, bots: str = "here"):
    """The lobby for a session's process: ``bots`` "here" (its own tables' bots, one process a
    move by lease) or "pool" (the server's bot processes play them)."""
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby

    host = TableHost(get_game, bot_delay=spec["bot_delay"], durable=spec["durable"])
    return Lobby(store if store is not None else open_spec_store(spec), host, bots=bots)
