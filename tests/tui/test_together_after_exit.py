"""A session App whose run ended with its lobby still open (the template's warm-up does exactly
this, tui/server/template.py) leaves no waker behind: the online list changing afterwards
printed "Exception in callback Watcher._call() ... ScreenStackError: No screens on stack"."""

from __future__ import annotations

import asyncio
import logging

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby
from engine.store.watch import run_wakers
from engine.together.presence import Presence
from tests.waiting import until
from tui.server.child import Player, RemoteApp
from tui.server.together_hooks import SessionTogether


async def test_a_session_app_ended_with_its_lobby_open_hears_nothing_after(tmp_path, settings, monkeypatch, caplog):
    # (a test's App runs on pytest's loop: it must not take over the process's SIGHUP and SIGTERM)
    monkeypatch.setattr(SessionTogether, "_on_hangup", lambda self: None)
    loop = asyncio.get_running_loop()
    failures: list[dict] = []
    loop.set_exception_handler(lambda loop, context: failures.append(context))
    host = TableHost(get_game, bot_delay=0, durable=False)
    lobby = Lobby(tmp_path, host)
    try:
        app = RemoteApp(settings, Player("warm", "", lobby, Accounts(tmp_path / "accounts.json")), tables=host)
        async with app.run_test(size=(100, 30)):
            await until(lambda: app.together is not None and lobby.store.online_wakers, what="the lobby's arrival")
        assert lobby.store.online_wakers == [], "the ended App's waker is still registered"
        assert lobby.store.wakers == [], "the ended App's chat and notices still follow the store"
        Presence(lobby.store).enter("bob")  # the online list changes after the App ended
        with caplog.at_level(logging.ERROR):
            run_wakers(lobby.store)  # as the store's watcher does once it sees the write
            await asyncio.sleep(0)
        assert failures == [] and not [r for r in caplog.records if r.exc_info], (failures, caplog.text)
        assert Presence(lobby.store).online() and "warm" not in {s.name for s in Presence(lobby.store).online()}
    finally:
        loop.set_exception_handler(None)
        lobby.close()
