"""A session's App without SSH (``RemoteApp``, as a session process runs it) for the tests of a
session's start: alice, whose last table is a King Up! table of hers with two random bots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby
from tui.server.child import Player, RemoteApp
from tui.settings import Settings


def alice_back_at_her_table(tmp_path: Path) -> tuple[Lobby, Callable[[], RemoteApp]]:
    """Her lobby (close it after) and how to make her App, which opens at her table (made
    by the caller once it has patched what it measures)."""
    host = TableHost(get_game, bot_delay=0, durable=False)
    lobby = Lobby(tmp_path, host)
    accounts = Accounts(tmp_path / "accounts.json")
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    accounts.claim("alice", "ssh-ed25519 AAAAalice")
    accounts.set_last_table("alice", record.id)
    settings = Settings.load(tmp_path / "me", tmp_path / "tables", player_name="alice", bot_delay=0, durable=False)
    player = Player("alice", "ssh-ed25519 AAAAalice", lobby, accounts)
    return lobby, lambda: RemoteApp(settings, player, tables=host)
