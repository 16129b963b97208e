"""The lobby of an SSH server: your games, every table, creating, joining and watching.

The screen reads and changes the server's :class:`engine.lobby.Lobby` through
``app.player`` (a :class:`tui.server.session.Player`: the account's name, the lobby and the
accounts); a local App has no lobby. At a table, :class:`RemotePlayScreen` is the ordinary
play screen for one seat (or a spectator) without anything that touches the host's files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static
from tui.widgets.edit_line import EditLine

from engine.lobby import LobbyError
from engine.together.notices import decline

from tui.widgets.together import AtTableLine, NoticeBar, OnlineLine

from tui.widgets.footer import FittingFooter

from .lobby_list import TableList
from .new_table import NewTable, NewTableScreen
from .play import PlayScreen
from .table_together import TableTogetherScreen
from .together import TogetherScreen

if TYPE_CHECKING:
    from textual import getters
    from tui.server.child import RemoteApp


#: The table list is redrawn at most this often (seconds) while moves are made elsewhere (each
#: redraw of rows on the screen repaints every row shown: about 15 ms of a session's CPU).
REDRAW_EVERY = 0.5
#: The status line's words while it has nothing else to say.
HINT = "enter: play or join · w: watch · n: new table · h: history · k: keys"


class LobbyChanged(Message):
    """Some table changed (maybe at another player's App): redraw on our own turn."""


class LobbyScreen(TogetherScreen):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        # A priority binding: the key is acted on as it arrives, on the rows shown (or about to
        # be), never handed through the table's own select message while the list is rebuilt.
        Binding("enter", "open", "Play/Join", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("n", "new_table", "New table"),
        Binding("x", "leave", "Leave/decline"),
        Binding("q", "app.quit", "Quit"),
        # (a narrow footer leaves these off first: the status line names them)
        Binding("k", "keys", "Keys/name"),
        Binding("h", "history", "History"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._pending = False  # a redraw is due (within REDRAW_EVERY)
        self._unsubscribe = None  # set while the screen listens to the lobby (while it is seen)
        self._waits: str | None = None  # the table the status line says is waiting for players
        self._greeting = ""
        self._table_list: TableList | None = None

    @property
    def _list(self) -> TableList:
        """The table list (made as the screen first draws it: it watches the list's scrolling)."""
        if self._table_list is None:
            self._table_list = TableList(self.query_one("#tables", DataTable))
        return self._table_list

    def compose(self) -> ComposeResult:
        yield Static("", id="greeting")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(HINT, id="lobby-status")
        yield AtTableLine("at-table")
        yield OnlineLine("online")
        yield from self.together_widgets()
        yield FittingFooter()

    @property
    def player(self):
        return self.app.player

    def on_mount(self) -> None:
        self.sub_title = "Lobby"
        self.query_one("#tables", DataTable).focus()

    def on_unmount(self) -> None:
        self._stop_listening()

    def on_screen_suspend(self) -> None:
        # Covered (a table, a dialog): stop hearing about every move at every table until back.
        self._stop_listening()

    def on_screen_resume(self) -> None:
        if self._unsubscribe is None:
            self._unsubscribe = self.player.lobby.subscribe(lambda: self.post_message(LobbyChanged()))
        self._list.loosen()  # (back: the columns fit the rows as they are now)
        self.refresh_tables()
        self.together_arrive(None)

    def arrived(self) -> None:
        self.online_changed()

    def online_changed(self) -> None:
        """Who is online (any process's login or logout), and who is at the table under the cursor."""
        hooks = self.together
        if hooks is not None:
            self.query_one(OnlineLine).show(hooks.together.presence.online())
        self._show_at_table()

    def _show_at_table(self) -> None:
        hooks, table_id = self.together, self._cursor_key()
        seats = hooks.together.presence.at_table(table_id) if hooks is not None and table_id else []
        self.query_one(AtTableLine).show(seats)

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._show_at_table()

    def chat_folded(self) -> None:
        self.query_one("#tables", DataTable).focus()

    def _stop_listening(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def on_lobby_changed(self, _message: LobbyChanged) -> None:
        # Every move at every table lands here: redraw at most every REDRAW_EVERY, and only when seen
        # (under a play screen the list waits for on_screen_resume).
        if self.app.screen is self and not self._pending:  # (is_current: also under a table)
            self._pending = True
            self.set_timer(REDRAW_EVERY, self._refresh_pending)

    def _refresh_pending(self) -> None:
        self._pending = False
        if self.app.screen is self:
            self.refresh_tables()

    def refresh_tables(self) -> None:
        name, lobby = self.player.name, self.player.lobby
        rows = lobby.summaries(name)
        turns = sum(s.your_turn for s in rows)
        mine = sum(s.yours for s in rows)
        greeting = f"Welcome, {name}.  Your games: {mine} · your turn in {turns} game{'s' if turns != 1 else ''}"
        if greeting != self._greeting:  # (a Static's update lays the screen out again)
            self._greeting = greeting
            self.query_one("#greeting", Static).update(greeting)
        self._list.show(rows, self._list.fit(rows, self.size.width or self.app.size.width))
        self._show_at_table()  # (away times move on with every redraw)
        if self._waits is not None and not any(s.id == self._waits and s.status == "waiting" for s in rows):
            self._say(HINT)  # (no longer waiting: started, or gone)

    def on_resize(self) -> None:
        self.refresh_tables()  # (the columns fit the new width)

    def _cursor_key(self) -> str | None:
        return self._list.cursor_key()

    def _selected(self) -> str | None:
        """The table under the cursor, in the list as it is now (a pending redraw is done first;
        on a server, other processes' changes are read first)."""
        poll = getattr(self.player.lobby, "poll", None)
        if poll is not None and poll():
            self._pending = True
        if self._pending:
            self._pending = False
            self.refresh_tables()
        return self._cursor_key()

    def _say(self, text: str, error: bool = False, waits: str | None = None) -> None:
        self._waits = waits
        self.query_one("#lobby-status", Static).update(text)
        if error:
            self.app.bell()

    # -- actions --------------------------------------------------------------------------
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        """Continue your game, take your invitation or a free seat."""
        table_id = self._selected()
        if table_id is None:
            return
        lobby, name = self.player.lobby, self.player.name
        try:
            seat = lobby.join(table_id, name)
        except LobbyError as exc:
            self._say(str(exc), error=True)
            return
        table = lobby.table(table_id)
        if table is None and lobby.record(table_id).status == "finished":
            self._say("That game is over.")
            return
        if table is None:
            self._say(
                f"You sit at table {table_id}, seat {seat + 1}; the game starts when every seat is taken.",
                waits=table_id,
            )
            return
        self.app.push_screen(RemotePlayScreen(table_id, table, seat))

    def action_watch(self) -> None:
        table_id = self._selected()
        if table_id is None:
            return
        table = self.player.lobby.table(table_id)
        if table is None:
            self._say("That game has not started yet.", error=True)
            return
        self.app.push_screen(RemotePlayScreen(table_id, table, None))

    def action_leave(self) -> None:
        table_id = self._selected()
        if table_id is None:
            return
        lobby, name = self.player.lobby, self.player.name
        try:
            if lobby.record(table_id).invited(name) is not None:
                decline(lobby, table_id, name)  # the creator is told
                self.query_one(NoticeBar).drop(table_id)  # (its notice would take the seat now)
                self.refresh_bindings()
                self._say(f"You declined the invitation to table {table_id}.")
                return
            lobby.leave(table_id, name)
        except LobbyError as exc:
            self._say(str(exc), error=True)
            return
        self._say(f"You left table {table_id}.")

    def action_keys(self) -> None:
        from .keys import KeysScreen

        self.app.push_screen(KeysScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_new_table(self) -> None:
        others = [n for n in self.player.accounts.names() if n != self.player.name]
        self.app.push_screen(NewTableScreen(others), self._create)

    def _create(self, choice: NewTable | None) -> None:
        if choice is None:
            return
        try:
            record = self.player.lobby.create(
                self.player.name,
                choice.game,
                choice.seats,
                stand_in_after=choice.stand_in_after,
                stand_in_level=choice.stand_in_level,
            )
        except LobbyError as exc:
            self._say(str(exc), error=True)
            return
        if record.status == "playing":
            table = self.player.lobby.table(record.id)
            self.app.push_screen(RemotePlayScreen(record.id, table, 0))
        else:
            self._say(f"Table {record.id} waits for its players.", waits=record.id)


class RemotePlayScreen(TableTogetherScreen, PlayScreen):
    """The play screen for one seat (or a spectator) of a server's table: no files offered."""

    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    def __init__(self, table_id: str, table: Any, seat: int | None) -> None:
        super().__init__(table, local_seats=frozenset() if seat is None else frozenset({seat}))
        self.table_id, self.seat = table_id, seat

    # Textual also runs PlayScreen's on_mount/on_unmount (handlers run for every class in the MRO).
    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield from self.table_widgets()

    def chat_folded(self) -> None:
        self.focus_board()

    def claim_focus(self, ctx=None) -> None:
        if self.typing_chat():
            return  # a turn that begins while the player types a chat line leaves the keys there
        super().claim_focus(ctx)

    def on_mount(self) -> None:
        self.together_arrive(self.table_id)
        # A blinking cursor is a frame sent twice a second to every player at the move line.
        self.query_one("#command", Input).cursor_blink = False
        player = self.app.player
        if player.accounts.last_table(player.name) != self.table_id:  # (a read: no write, no lock wait)
            player.accounts.set_last_table(player.name, self.table_id)
        if self.seat is not None:
            player.lobby.arrive(self.table_id, player.name)  # a bot standing in stops now
        else:
            player.lobby.watching(self.table_id, +1)

    def on_unmount(self) -> None:
        if self.seat is None:
            self.app.player.lobby.watching(self.table_id, -1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as":
            return False  # a server's players never reach the host's files
        return super().check_action(action, parameters)

    def action_save_as(self) -> None:
        return

    def _add_moves(self, lines) -> None:
        super()._add_moves(self.mark_stand_ins(lines))  # a stand-in's moves marked

    def action_undo(self) -> None:
        if self.undo_blocker() is not None:
            self.action_undo_why()
            return
        self.ask_takeback()  # others at the table are asked; bots accept

    def action_leave(self) -> None:
        """Back to the lobby without asking: the seat stays this player's, the game goes on."""
        if self.query_one("#command", Input).has_focus:
            super().action_leave()  # esc first leaves the move line
            return
        player = self.app.player
        player.accounts.set_last_table(player.name, None)  # on purpose: next login opens the lobby
        self.app.go_lobby()


#: What a login name may be (engine/lobby/accounts.py NAME), as the name dialog says it.
NAME_RULE = "a letter, then up to 23 letters (A-Z), digits, _ . -"


def why_not(name: str, state: str) -> str:
    """Why ``name`` cannot be this key's, from its ``Login`` value: "taken or not a valid name"
    sent a player whose name was merely too long to look for someone who had it."""
    if state == "taken":
        return f"The name {name!r} is taken: another player's key owns it."
    if state == "banned":
        return f"The name {name!r} is banned on this server."
    return f"{name!r} is not a valid name here ({NAME_RULE})."


class ChooseNameScreen(Screen[None]):
    """A new key whose login name belongs to someone else: pick a free name for it."""

    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    CSS_PATH = "lobby.tcss"

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted = wanted

    def compose(self) -> ComposeResult:
        player = self.app.player
        why = why_not(self.wanted, player.accounts.check(self.wanted, player.key).value)
        with Vertical():
            yield Static(f"{why}\nChoose a name for your key ({NAME_RULE}):", id="question")
            yield EditLine(placeholder="your name", id="name", max_length=24)
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from engine.lobby import Login

        name = event.value.strip()
        player = self.app.player
        state = player.accounts.check(name, player.key)
        if state is not Login.CLAIM:
            self.query_one("#question", Static).update(f"{why_not(name, state.value)} Try another:")
            self.app.bell()
            return
        player.accounts.claim(name, player.key)
        self.app.named(name)
        self.app.switch_screen(LobbyScreen())
