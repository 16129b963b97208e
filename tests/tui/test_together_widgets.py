"""The playing-together widgets under Pilot at 80×24: a chat panel fed by a real store (two
players and a spectator, in another store as in other processes: the spectator's line marked,
escape sequences inert, a typed line posted, a refusal shown, folding with an unread count),
the notice line (newest first, jump, the bell) and the online and at-table lines."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import RichLog

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import Store
from engine.store.db import SQLite
from engine.together.chat import Chat, ChatError, ChatLine
from engine.together.notices import Notice
from engine.together.presence import AtTable, Online, Presence
from tests.waiting import until
from tui.widgets.chat import ChatPanel
from tui.widgets.together import AtTableLine, NoticeBar, OnlineLine, TakebackLine


class ChatApp(App):
    def __init__(self, folded: bool = False) -> None:
        super().__init__()
        self.folded = folded
        self.said: list[str] = []
        self.jumps: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield NoticeBar()
        yield OnlineLine("online")
        yield AtTableLine("at-table")
        yield TakebackLine()
        yield ChatPanel(folded=self.folded, id="chat")

    def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
        self.said.append(message.text)

    def on_notice_bar_jump(self, message: NoticeBar.Jump) -> None:
        self.jumps.append(message.table_id)

    def bell(self) -> None:
        self.bells += 1


def store_at(folder) -> Store:
    db = SQLite(folder / "bergfried.db", durable=False)
    db.schema()
    return Store(db, folder)


def log_lines(app) -> list[str]:
    return [strip.text.rstrip() for strip in app.query_one("#chat-lines", RichLog).lines]


async def test_a_spectator_s_line_is_marked_and_escapes_arrive_inert(tmp_path):
    theirs, bobs = store_at(tmp_path), store_at(tmp_path)  # the others' process and bob's
    for name in ("alice", "bob", "carol"):
        theirs.claim(name, f"ssh-ed25519 AAAA{name}")
    lobby = Lobby(theirs, TableHost(get_game, durable=False))
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        watching = Lobby(bobs, TableHost(get_game, durable=False))
        watching.watch()
        panel = app.query_one(ChatPanel)
        follower = Chat(bobs).follow([record.id], "bob", panel.add)
        Chat(theirs).say(record.id, "alice", "\x1b[2J\x1b[31mgood luck\x07")
        Chat(theirs).say(record.id, "carol", "alice: I am a player too")
        await until(lambda: len(panel.shown) == 2, what="both lines in bob's panel")
        await pilot.pause()
        assert panel.shown == ["alice: ␛[2J␛[31mgood luck␇", "carol (watching): alice: I am a player too"]
        assert log_lines(app) == panel.shown
        assert not any("\x1b" in line or "\x07" in line for line in log_lines(app))
        await pilot.click("#chat-input")
        await pilot.press(*"gg", "enter")
        assert app.said == ["gg"] and app.query_one("#chat-input").value == ""
        await pilot.press("enter")  # an empty line is not sent
        assert app.said == ["gg"]
        follower.stop()
        watching.close()
    lobby.close()


async def test_a_refusal_is_shown_and_folding_counts_unread(tmp_path):
    app = ChatApp(folded=True)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(ChatPanel)
        await pilot.pause()
        assert panel.folded and panel.region.height == 0  # folded away: no room taken
        panel.add([ChatLine(1, "lobby", 0.0, "bob", "lobby", "[bold]not markup[/]")])
        assert panel.unread == 1
        panel.fold()
        await pilot.pause()
        assert not panel.folded and panel.unread == 0 and app.focused is app.query_one("#chat-input")
        assert log_lines(app) == ["bob: [bold]not markup[/]"]
        try:
            raise ChatError("slow down: at most 5 lines in 10 s (wait 3 s)")
        except ChatError as exc:
            panel.refuse(str(exc))
        await pilot.pause()
        assert "slow down" in str(app.query_one("#chat-error").render())
        assert panel.region.height == 10 and panel.region.bottom <= 24


async def test_notices_show_the_newest_and_jump(tmp_path):
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(NoticeBar)
        await pilot.pause()
        assert bar.has_class("-empty") and bar.region.height == 0
        bar.show([Notice("turn", "t111111", "Your turn at King Up! (t111111)")], bell=True)
        bar.show([Notice("invited", "t222222", "carol invites you to King Up! (t222222)")])
        await pilot.pause()
        rendered = bar.render()
        text = rendered.plain if isinstance(rendered, Text) else str(rendered)
        assert text == "carol invites you to King Up! (t222222) (+1) · j: go there"
        assert app.bells == 1
        bar.jump()
        await pilot.pause()
        assert app.jumps == ["t222222"] and bar.notice is not None and bar.notice.table_id == "t111111"
        bar.jump()
        await pilot.pause()
        assert app.jumps == ["t222222", "t111111"] and bar.has_class("-empty") and bar.region.height == 0


async def test_notices_about_a_table_go_when_the_player_is_there(tmp_path):
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(NoticeBar)
        bar.show([Notice("turn", "t111111", "Your turn at King Up! (t111111)")])
        bar.show([Notice("invited", "t222222", "carol invites you to King Up! (t222222)")])
        bar.show([Notice("turn", "t111111", "Your turn at King Up! (t111111)")])
        bar.drop("t111111")  # she sat down there: both of its notices go, the count too
        await pilot.pause()
        rendered = bar.render()
        text = rendered.plain if isinstance(rendered, Text) else str(rendered)
        assert text == "carol invites you to King Up! (t222222) · j: go there" and not bar.waiting
        bar.drop("t222222")
        await pilot.pause()
        assert bar.notice is None and bar.has_class("-empty") and bar.region.height == 0


async def test_who_is_online_and_at_the_table():
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(OnlineLine).show([Online("alice", 0.0, ("lobby",)), Online("bob\x1b", 0.0, ("t1",))])
        app.query_one(AtTableLine).show(
            [
                AtTable(0, "alice", "alice", True, None, False),
                AtTable(1, "bob", "bob", False, 330.0, True),
                AtTable(2, "Random bot 3", None, True, None, False),
            ]
        )
        await pilot.pause()
        assert str(app.query_one(OnlineLine).render()) == "Online (2): alice, bob␛"
        assert str(app.query_one(AtTableLine).render()) == "alice here · bob away 5 min (a bot for now) · Random bot 3"


async def test_an_invited_player_is_invited_not_away(tmp_path):
    store = store_at(tmp_path)
    for name in ("alice", "bob"):
        store.claim(name, f"ssh-ed25519 AAAA{name}")
    lobby = Lobby(store, TableHost(get_game, durable=False))
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "invite:carol", "bot:random"])
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(AtTableLine).show(Presence(store).at_table(record.id))
        await pilot.pause()
        shown = str(app.query_one(AtTableLine).render())
        # (alice made the table from the lobby: she has a seat there, but never left it)
        assert shown == "alice has a seat · bob invited · carol invited · Random bot 4"
    lobby.close()


async def test_a_turn_at_another_table_reaches_the_notice_line(tmp_path):
    from engine.together.notices import Notices

    others, hers = store_at(tmp_path), store_at(tmp_path)  # bob's process and alice's
    for name in ("alice", "bob"):
        others.claim(name, f"ssh-ed25519 AAAA{name}")
    lobby = Lobby(others, TableHost(get_game, durable=False))
    record = lobby.create("bob", "carcassonne-castle", ["me", "invite:alice"])
    lobby.join(record.id, "alice")
    table = lobby.table(record.id)
    while 1 in table.to_act:  # alice (seat 1) is not to act as she starts watching
        table.submit(1, table.legal_actions(1)[0])
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        watching = Lobby(hers, TableHost(get_game, durable=False))
        watching.watch()
        bar = app.query_one(NoticeBar)
        stop = Notices(hers, "alice").follow(lambda notices: bar.show(notices, bell=True))
        while 1 not in table.to_act:  # bob moves in his process
            table.submit(0, table.legal_actions(0)[0])
        await until(lambda: bar.notice is not None, what="the turn notice")
        bar.jump()  # the screen binds the key that calls it
        await pilot.pause()
        assert app.jumps == [record.id] and app.bells == 1
        stop()
        watching.close()
    lobby.close()


async def test_a_take_back_request_as_each_player_reads_it():
    from engine.together.takeback import Takeback

    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.query_one(TakebackLine)
        asked = Takeback("t1", 7, 0, "alice", (1, 2), "asked", "")
        line.show(asked, 1)
        await pilot.pause()
        assert str(line.render()) == "alice asks to take back their last move · y: accept · n: refuse"
        assert line.region.height == 1
        line.show(asked, None)
        assert str(line.render()) == "alice asked to take back their last move; waiting for 2 answers"
        line.show(Takeback("t1", 7, 0, "alice", (), "refused", "bob refused"), 0)
        assert str(line.render()) == "alice's request to take back a move: refused (bob refused)"
        line.show(None, 0)
        await pilot.pause()
        assert line.has_class("-empty") and line.region.height == 0


async def test_a_notice_that_leads_nowhere_offers_no_key_and_leaves_by_itself(tmp_path, monkeypatch):
    import tui.widgets.together as widgets
    from tui.screens.together import TogetherScreen

    monkeypatch.setattr(widgets, "TOLD_FOR", 0.3)

    class Screen(TogetherScreen):
        def compose(self) -> ComposeResult:
            yield from self.together_widgets()

    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = Screen()
        await app.push_screen(screen)
        bar = screen.query_one(NoticeBar)
        bar.show([Notice("invited", "t222222", "carol invites you to King Up! (t222222)")])
        assert screen.check_action("jump", ()) is True
        # the invitation to a table that is gone now, declined: nothing to go to
        bar.show([Notice("declined", "t333333", "alice declined your invitation to King Up!")])
        await pilot.pause()
        rendered = bar.render()
        text = rendered.plain if isinstance(rendered, Text) else str(rendered)
        assert text == "alice declined your invitation to King Up! (+1)"
        assert screen.check_action("jump", ()) is False  # (the footer offers no ctrl+n)
        await pilot.press("ctrl+n")
        bar.jump()
        assert app.jumps == [] and bar.notice is not None and bar.notice.kind == "declined"
        await until(lambda: bar.notice is not None and bar.notice.kind == "invited", what="the notice gone")
        assert screen.check_action("jump", ()) is True  # the invitation's key is back
        bar.show([Notice("closed", "t222222", "The host closed table t222222 (spam)")])
        await until(lambda: bar.notice is not None and bar.notice.kind == "invited", what="the closed notice gone")


async def test_a_chat_line_costs_about_what_a_status_line_does():
    """Each line drawn in the chat laid the whole screen out again (a RichLog's growing does) and
    drew every widget of it: about 3 times a one-line status update's CPU in a lobby-like screen;
    now the log and its scrollbar alone, 1.1 to 1.5 times (a ratio in the same run: the machine's
    load moves both)."""
    import time

    from textual.widgets import DataTable, Footer

    from tui.widgets.text_line import TextLine

    class LobbyLike(App):
        def compose(self) -> ComposeResult:
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield TextLine("status")
            yield ChatPanel(folded=False, id="chat")
            yield Footer()

    app = LobbyLike()
    async with app.run_test(size=(100, 40)) as pilot:
        table = app.query_one(DataTable)
        table.add_columns("Table", "Game", "Players", "Turn", "Free", "Bots", "Watch")
        for i in range(60):
            table.add_row(f"• t{i:06x}", "King Up!", "bob", "carol", "0", "2", "0")
        panel, status = app.query_one(ChatPanel), app.query_one(TextLine)
        await pilot.pause()
        ratios = []
        for _ in range(2):
            start = time.process_time()
            for n in range(60):
                status.update(f"status {n}")
                await pilot.pause()
            middle = time.process_time()
            for n in range(60):
                panel.add([ChatLine(n, "lobby", 0.0, "bob", "lobby", f"line {n}")])
                await pilot.pause()
            ratios.append((time.process_time() - middle) / (middle - start))
        assert min(ratios) < 2.0, f"a chat line costs {min(ratios):.1f} status lines"
        assert panel.shown[-1] == "bob: line 59" and log_lines(app)[-1] == "bob: line 59"


async def test_lines_that_come_while_the_chat_is_folded_are_shown_whole_when_it_opens(tmp_path):
    """Over OpenSSH at 80x24: a line written into the folded log was wrapped at 20 columns (a
    hidden log has no width), and stayed so once the panel was opened again."""
    app = ChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(ChatPanel)
        await pilot.pause()
        panel.fold(True)
        await pilot.pause()
        panel.add([ChatLine(1, "lobby", 0.0, "alice", "lobby", "hello bob, a game of King Up?")])
        panel.fold(False)
        await until(lambda: log_lines(app) == ["alice: hello bob, a game of King Up?"], what="the line, whole")
