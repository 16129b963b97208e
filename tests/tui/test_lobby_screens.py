"""The SSH server's lobby and new-table dialog in a Pilot (a real SQLite store, in this
process): keys a footer shows, and screenshots at 80x24 (snapshots/test_snapshots/)."""

from __future__ import annotations

import itertools
from datetime import datetime

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby
from engine.store import Store
from engine.store.db import SQLite
from tests.waiting import until
from tui.server.child import Player, RemoteApp
from tui.server.together_hooks import SessionTogether

SIZE = (80, 24)


class FixedLobby(Lobby):
    """Table ids in order and a fixed clock: a screenshot shows the same ids every run."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, TableHost(get_game, durable=False), lambda: datetime(2026, 11, 28, 12), bots="pool")
        self._ids = (f"t00000{n}" for n in itertools.count(1))

    def _new_id(self) -> str:
        return next(self._ids)


@pytest.fixture
def lobby_app(tmp_path, settings, monkeypatch):
    """``make(name)``: alice's session App over a lobby with three tables."""
    # (a test's App runs on pytest's loop: it must not take over the process's SIGHUP and SIGTERM)
    monkeypatch.setattr(SessionTogether, "_on_hangup", lambda self: None)
    db = SQLite(tmp_path / "bergfried.db", durable=False)
    db.schema()
    store = Store(db, tmp_path)
    accounts = Accounts(store)
    for name in ("alice", "bob", "carol"):
        store.claim(name, f"ssh-ed25519 AAAA{name}")
    lobby = FixedLobby(store)
    lobby.create("alice", "carcassonne-castle", ["me", "invite:bob"])
    lobby.create("carol", "between-two-castles", ["me", "invite:alice", "bot:random", "open", "invite:bob"])
    lobby.create("bob", "king-up", ["me", "invite:alice", "bot:greedy", "open"])
    lobby.create("carol", "palais-royal", ["me", "open"])  # (a started game's first player is drawn)
    apps = []

    def make(name: str = "alice") -> RemoteApp:
        app = RemoteApp(settings, Player(name, f"ssh-ed25519 AAAA{name}", lobby, accounts), tables=lobby.host)
        apps.append(app)
        return app

    yield make
    lobby.close()
    store.close()


async def shown(pilot, screen: str) -> None:
    await until(lambda: type(pilot.app.screen).__name__ == screen, what=screen)
    await pilot.pause()


async def test_the_new_table_dialog_starts_on_its_first_field_and_ctrl_g_creates(lobby_app):
    app = lobby_app("alice")
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, "LobbyScreen")
        await pilot.press("n")
        await shown(pilot, "NewTableScreen")
        assert app.focused is not None and app.focused.id == "game"
        footer = " ".join(b.binding.description for b in app.screen.active_bindings.values() if b.binding.show)
        assert "Create" in footer and "Back" in footer
        await pilot.press("enter")  # enter opens the field's choices: it never creates the table
        await pilot.press("escape")
        assert type(app.screen).__name__ == "NewTableScreen"
        await pilot.press("ctrl+g")
        await shown(pilot, "LobbyScreen")
        lobby = app.player.lobby
        await until(lambda: len(lobby.summaries("alice")) == 5, what="the new table")


async def lobby_shown(pilot) -> None:
    await shown(pilot, "LobbyScreen")
    await until(lambda: "Online" in str(pilot.app.screen.query_one("#online").render()), what="the online line")
    await pilot.pause()


def test_lobby_at_80x24(snap_compare, lobby_app):
    assert snap_compare(lobby_app("alice"), terminal_size=SIZE, run_before=lobby_shown)


def test_new_table_at_80x24(snap_compare, lobby_app):
    async def dialog(pilot) -> None:
        await lobby_shown(pilot)
        await pilot.press("n")
        await shown(pilot, "NewTableScreen")

    assert snap_compare(lobby_app("alice"), terminal_size=SIZE, run_before=dialog)


async def test_the_table_list_fits_80_columns_and_uses_a_wider_terminal(lobby_app):
    from textual.widgets import DataTable

    for width, cut in ((80, True), (120, False)):
        app = lobby_app("alice")
        async with app.run_test(size=(width, 24)) as pilot:
            await lobby_shown(pilot)
            table = app.screen.query_one("#tables", DataTable)
            # every column on the screen, the scrollbar's room kept
            assert table.virtual_size.width <= width - 2
            cells = [str(c) for r in range(table.row_count) for c in table.get_row_at(r)]
            assert "waiting" in cells and ("…" in "".join(cells)) is cut
            assert ("carol, alice, bob" in cells) is not cut


async def test_a_table_said_to_wait_is_no_longer_said_to_once_it_started(lobby_app):
    app = lobby_app("alice")
    async with app.run_test(size=SIZE) as pilot:
        await lobby_shown(pilot)
        await pilot.press("n")
        await shown(pilot, "NewTableScreen")
        await pilot.press("ctrl+g")  # King Up!, three players, two open seats
        await shown(pilot, "LobbyScreen")
        status = app.screen.query_one("#lobby-status")
        await until(lambda: "waits for its players" in str(status.render()), what="the table waits")
        lobby = app.player.lobby
        table_id = next(s.id for s in lobby.summaries("alice") if s.free == 2)
        for name in ("bob", "carol"):
            lobby.join(table_id, name)
        await until(lambda: "waits" not in str(status.render()), what="the words gone")
        assert str(status.render()).startswith("enter: play or join")


async def test_the_lobbys_late_arrival_never_takes_a_player_at_a_table_back_to_the_lobbys_chat(lobby_app):
    """Textual counts the screen under the top one as current: the lobby's arrival (a timer, late
    on a loaded machine) took the session to the lobby's chat while she sat at her table."""
    from tests.waiting import ticks
    from tui.screens.lobby import RemotePlayScreen
    from tui.screens.together import ARRIVE_AFTER
    from tui.widgets.chat import ChatPanel

    app = lobby_app("alice")
    async with app.run_test(size=SIZE) as pilot:
        await lobby_shown(pilot)
        lobby_screen, lobby = app.screen, app.player.lobby
        record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
        app.push_screen(RemotePlayScreen(record.id, lobby.table(record.id), 0))
        await until(lambda: app.together.together.room == record.id, what="alice in her table's chat")
        lobby_screen.together_arrive(None)  # the lobby's, late
        await ticks(app, ARRIVE_AFTER, 3)
        assert app.together.together.room == record.id
        assert app.together.panel is app.screen.query_one(ChatPanel)


async def test_a_folded_chat_tells_of_a_burst_of_lines_in_one_toast(lobby_app):
    """Each toast lays the screen out as it comes and as it goes: 20 players chatting in the
    lobby were 7 toasts a second at every folded lobby chat. At most one every TOLD_EVERY s; and
    lines that pour in are drawn together, at most every DRAW_EVERY s."""
    from engine.together.chat import ChatLine
    from tui.server.together_hooks import DRAW_EVERY, TOLD_EVERY
    from tui.widgets.chat import ChatPanel

    app = lobby_app("alice")
    told: list[str] = []
    app.notify = lambda text, **_kw: told.append(text)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:  # (80x24: the chat folded)
        await lobby_shown(pilot)
        hooks, panel = app.together, app.screen.query_one(ChatPanel)
        drawn: list[int] = []
        add = panel.add
        panel.add = lambda lines: (drawn.append(len(lines)), add(lines))  # type: ignore[method-assign]
        for n in range(10):
            hooks._chat([ChatLine(n + 1, "lobby", 0.0, "bob", "lobby", f"line {n}")])
        await until(lambda: panel.unread == 10, what="the lines drawn")
        assert drawn == [1, 9]  # the first at once, the rest with the next frame of the chat
        assert told == ["bob: line 0"]
        hooks._told_at -= TOLD_EVERY  # (as if three seconds went by)
        hooks._drawn_at -= DRAW_EVERY
        hooks._chat([ChatLine(11, "lobby", 0.0, "bob", "lobby", "line 10")])
        assert told[-1] == "bob: line 10\n(and 9 more: ctrl+t)"
        assert panel.unread == 11  # (every line is in the panel)
        hooks._chat([ChatLine(12, "lobby", 0.0, "alice", "lobby", "mine")])  # her own: drawn at once
        assert drawn[-1] == 1 and panel.shown[-1] == "alice: mine"


# A new key whose login name it cannot have is told why: the name is someone else's, or not a
# valid name (and what a valid one is), never "taken or not a valid name" for a name that was
# only too long (seen over SSH in tmux at 80x24).


def question(app) -> str:
    return str(app.screen.query_one("#question").render())


async def test_a_name_too_long_is_said_to_be_invalid_with_the_rule_not_taken(lobby_app):
    alice = lobby_app("alice")  # (the fixture's lobby and accounts, for a new key below)
    long_name = "Ünïcødé-VeryLongNameThatGoesOnAndOnForever"
    player = alice.player
    app = RemoteApp(
        alice.settings, Player(long_name, "ssh-ed25519 AAAAnew", player.lobby, player.accounts, claimed=False)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, "ChooseNameScreen")
        said = question(app)
        assert "not a valid name" in said and "taken" not in said and "up to 23 letters" in said, said
        await pilot.press(*"bob", "enter")
        await until(lambda: "is taken" in question(app), what="bob is taken")
        assert "not a valid" not in question(app)
        await pilot.press("ctrl+u", *"dora", "enter")
        await shown(pilot, "LobbyScreen")
    assert player.accounts.check("dora", "ssh-ed25519 AAAAnew").value == "known"


async def test_back_at_a_table_on_anothers_turn_the_board_takes_the_keys_when_the_turn_comes(lobby_app):
    """Seen over SSH at 80x24: alice, back at her table while bob played, found enter dead when
    her turn came (Textual had put the keys on the move line, which the board then left alone)."""
    from textual.widgets import Input

    app = lobby_app("alice")
    lobby = app.player.lobby
    record = lobby.create("alice", "carcassonne-castle", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    table.submit(0, table.legal_actions(0)[0])  # alice's move: bob's turn as she comes back
    app.player.accounts.set_last_table("alice", record.id)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, "RemotePlayScreen")
        assert not isinstance(app.focused, Input), app.focused
        table.submit(1, table.legal_actions(1)[0])  # bob plays: alice's turn
        await until(lambda: app.focused is not None and not isinstance(app.focused, Input), what="the board's keys")
        footer = {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show}
        assert "Choose" in footer, footer
