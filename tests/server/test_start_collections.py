"""A session's start makes tens of thousands of objects that live on (its screen's widgets):
young garbage collections every 700 of them walked them again and again on the way to the first
frame. While a session starts, collections wait (``collect_less_while_starting``); the usual
threshold is back soon after the App's mount, so a long session's garbage goes as anywhere."""

from __future__ import annotations

import gc

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby
from tests.waiting import until
from tui.screens.lobby import RemotePlayScreen
from tui.server import child
from tui.server.child import Player, RemoteApp
from tui.settings import Settings


async def _start_at_a_table(tmp_path, quiet: bool) -> tuple[int, tuple[int, int, int]]:
    """Young collections on the way to a King Up! table's first frame, and the threshold after."""
    host = TableHost(get_game, bot_delay=0, durable=False)
    lobby = Lobby(tmp_path, host)
    accounts = Accounts(tmp_path / "accounts.json")
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    accounts.claim("alice", "ssh-ed25519 AAAAalice")
    accounts.set_last_table("alice", record.id)
    settings = Settings.load(tmp_path / "me", tmp_path / "tables", player_name="alice", bot_delay=0, durable=False)
    young: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 0:
            young.append(1)

    gc.collect()
    if quiet:
        child.collect_less_while_starting()
    gc.callbacks.append(count)
    try:
        app = RemoteApp(settings, Player("alice", "ssh-ed25519 AAAAalice", lobby, accounts), tables=host)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, RemotePlayScreen)
            started = len(young)
            await until(lambda: gc.get_threshold()[0] < child.START_THRESHOLD, timeout=child.START_SECONDS + 5)
            return started, gc.get_threshold()
    finally:
        gc.callbacks.remove(count)
        child.collect_as_usual()
        lobby.close()


async def test_a_session_starts_without_young_collections_and_then_collects_as_usual(tmp_path, monkeypatch):
    usual = gc.get_threshold()
    monkeypatch.setattr(child, "START_SECONDS", 0.2)
    before, _ = await _start_at_a_table(tmp_path / "usual", quiet=False)
    during, after = await _start_at_a_table(tmp_path / "quiet", quiet=True)
    assert before >= 10, before  # (the start this saves: ~36 young collections over SSH)
    assert during <= 1, during
    assert after == usual
