"""Where a server process finds the accounts and the tables (the front for logins, each
session's process for everything else). Every process opens its own: nothing is shared in
memory, so a session's process is as good as another host's."""
from __future__ import annotations

from pathlib import Path


def open_accounts(spec: dict):
    from engine.lobby import Accounts

    return Accounts(Path(spec["data_dir"]) / "accounts.json")


def open_lobby(spec: dict):
    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby

    host = TableHost(get_game, bot_delay=spec["bot_delay"], durable=spec["durable"])
    return Lobby(Path(spec["data_dir"]), host)
