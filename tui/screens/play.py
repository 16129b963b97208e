"""The shared play screen: turns, hot-seat covers, undo, save-as, game over.

The screen attaches to a :class:`Table` (which owns the match, its save file and its bots) and
only ever sends it actions and draws the views it hands out. Who sees what: the viewer is a
local human seat (the one to act, in hot-seat play) and every panel is drawn from that seat's
view; with no human to show, the spectator's view.

The flow is one method, ``advance`` (turn_flow.py), called after every change and whenever the
screen comes back to the top. It does at most one thing: show a pending interlude, show game
over, cover the board for the next hot-seat player, or open a secret prompt. Bots play by
themselves at the table; this screen shows them thinking and can hurry them (space).
Nothing happens while another screen (help, a dialog, the size guard) is on top.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static

from engine.core import IllegalAction, Match, Table, Update

from ..games import game_ui
from ..games.base import ViewContext, ViewPanel
from ..widgets import BoardAndMoves, MoveList
from ..widgets.footer import FittingFooter
from .hint import HintKey
from .save_copy import SaveACopy
from .recap import RecapKey
from .status_line import StatusLine
from .turn_flow import TurnFlow
from .typed import MoveLine, TypedMoves
from .undo_leave import UndoAndLeave

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp


class TableChanged(Message):
    """An update from the table, for the seat it was addressed to."""

    def __init__(self, update: Update, seat: int | None) -> None:
        super().__init__()
        self.update = update
        self.seat = seat


#: The play screen's keys that do nothing while one of its prompts (a vote, a cover) is open.
PROMPT_IDLE = frozenset(
    {"undo", "undo_why", "command_line", "save_as", "hint", "hint_why", "leave", "skip", "recap", "recap_quiet"}
)


class PlayScreen(TurnFlow, HintKey, SaveACopy, TypedMoves, UndoAndLeave, RecapKey, StatusLine, Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "play.tcss"
    # Textual focuses the board as the screen opens (never the move line): its first-focusable
    # choice put the keys on the line whenever the screen opened on another's turn (back at a
    # table over SSH), and the turn then began with enter dead there, the board never taking the
    # keys (``claim_focus`` leaves a player who went to the line with ":" there).
    AUTO_FOCUS = "BoardAndMoves *"

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        # When undo cannot work now its key is off the footer; pressed anyway, it says why.
        Binding("u", "undo_why", "Why can't I undo now?", show=False),
        # A priority binding runs as the app reads the key, before it hands the next keys on, so
        # keys typed right after ":" reach the move line, never the board's hotkeys ("a": Save as).
        Binding("colon", "command_line", "Type", key_display=":", priority=True),
        Binding("space", "skip", "Skip wait", show=False),
        # Priority too: the dialog is pushed as the key is read, so the name typed on goes to it,
        # not to the board (off while the move line has the keys: there "a" is a letter).
        Binding("a", "save_as", "Save as", priority=True),
        Binding("h", "hint", "Hint"),  # practice games only, on the viewer's turn (screens/hint.py)
        Binding("h", "hint_why", "Why is there no hint now?", show=False),
        # Since your last turn (screens/recap.py): on the footer when something touched you.
        Binding("l", "recap", "Recap"),
        Binding("l", "recap_quiet", "Recap", show=False),
        Binding("escape", "leave", "Leave"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, table: Table | Match, local_seats: frozenset[int] | None = None) -> None:
        """``table``: the game to show (a bare Match gets a Table of its own, closed with the screen).
        ``local_seats``: the human seats played at this terminal (default: all of them)."""
        super().__init__()
        self._own_table = isinstance(table, Match)
        self._given = table
        self.table: Table = table if isinstance(table, Table) else None  # (set on mount)
        seats = table.seats
        humans = {i for i, s in enumerate(seats) if not s.is_bot}
        self.humans = frozenset(humans if local_seats is None else humans & set(local_seats))
        self.hot_seat = len(self.humans) > 1
        self.viewer: int | None = next(iter(self.humans)) if len(self.humans) == 1 else None
        self.game = table.game
        self.ui = game_ui(self.game.id)
        self._interludes: deque[Screen[Any]] = deque()
        self._attachments: list[Any] = []
        self._prompt_open = False  # a cover or prompt of ours is open (``_busy``)
        self._interlude_open = False  # an interlude (a reveal, a round's scores) is showing
        self._under_interlude: Any = None  # the view drawn under it, if it has one (its board_view)
        self._queued: str | None = None  # a move typed before the viewer's turn, played when it comes
        self._over_shown, self._spin = False, 0
        self._covered = False  # another screen (a dialog) is over this one (on_screen_suspend)

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.board = self.ui.make_board()
        self.info = self.ui.make_info()
        yield BoardAndMoves(self.board, self.info, "Moves", MoveList(id="moves"))
        yield Static("", id="status")
        yield MoveLine(placeholder="type a move here (: to focus, enter to play)", id="command", compact=True)
        yield FittingFooter(help_under_dialogs=True)

    def on_mount(self) -> None:
        if self.table is None:
            assert isinstance(self._given, Match)  # given a match, not a table: this screen runs its own
            self.table = Table(self._given, bot_delay=self.app.settings.bot_delay)
        self.query_one("#moves", OptionList).can_focus = False
        self.start_recaps()
        # Only ever switched off here: switched on, Textual's watcher blinks a line without focus.
        self.query_one("#command", Input).cursor_blink &= self.app.settings.cursor_blink
        # One attachment per seat this terminal may show, so every view it draws is that seat's own.
        for seat in sorted(self.humans) or [None]:
            self._attachments.append(self.table.attach(seat, partial(self._updated, seat)))
        if self.hot_seat:  # (with no human the loop above attached the spectator already)
            self._attachments.append(self.table.attach(None, partial(self._updated, None)))
        self._ticker = self.set_interval(getattr(self.app, "SPINNER_INTERVAL", 0.1), self._tick)
        self._rebuild_moves(self.table.move_lines())
        self.redraw()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        for attachment in self._attachments:
            attachment.detach()
        if self._own_table:
            self.table.close()

    # -- drawing --------------------------------------------------------------------------

    def context(self) -> ViewContext:
        seat = self.viewer
        under = self._under_interlude  # the view an open interlude is about (no move is made on it)
        legal = tuple(self.table.legal_actions(seat)) if seat in self.table.to_act and under is None else ()
        glyphs = self.app.glyphs
        return ViewContext(
            self.game,
            self.table.view(seat) if under is None else under,
            seat,
            self.table.seats,
            legal,
            glyphs,
            self.table.thinking,
            glyphs.spinner[self._spin % len(glyphs.spinner)],
        )

    def redraw(self) -> None:
        ctx = self.context()
        self.board.show(ctx)
        if self.info is not None:
            self.info.show(ctx)
        if self.table.stopped:
            self._set_status(self.table.stopped, error=True)
        elif self._queued is not None and ctx.interactive and self._queued_turn(ctx):
            self.call_later(self._play_queued)
        else:
            self._show_turn_status(ctx)
        self.sub_title = f"{self.game.title} · {self.table.players} players"
        command = self.query_one("#command", Input)
        if self.table.finished and not command.disabled:
            command.value = ""
            command.disabled = True  # no moves are left to type; keys go to the screen
        self.refresh_bindings()
        self.claim_focus(ctx)

    def _queued_turn(self, ctx: ViewContext) -> bool:
        """Whether the viewer's turn now is one a typed move is for: a secret vote a bot's move
        called is asked by its own dialog, and the move typed meanwhile waits for the next turn."""
        return self.viewer in self.table.to_act and self.ui.secret_prompt(ctx) is None

    def claim_focus(self, ctx: ViewContext | None = None) -> None:
        """Whenever the viewer may act and no dialog is open, the board has the keys.

        The one exception is the command line while the player is in it (they pressed ``:``):
        keys typed there as the turn begins must all land in it, in order."""
        if not self.is_current or self._busy or self.app.too_small:
            return
        # (``focused``, not ``has_focus``: the latter changes only once the blur is processed)
        if self.focused is self.query_one("#command", Input):
            return
        ctx = ctx or self.context()
        if ctx.interactive and not self._board_has_focus():
            self.focus_board()

    def _board_has_focus(self) -> bool:
        focused = self.focused
        return focused is not None and (focused is self.board or self.board in focused.ancestors)

    def _rebuild_moves(self, lines) -> None:
        self.query_one("#moves", OptionList).clear_options()
        self._add_moves(lines)

    def _add_moves(self, lines) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.add_options([line.text for line in lines])
        if moves.option_count:
            moves.highlighted = moves.option_count - 1
            moves.scroll_to_highlight()

    def _tick(self) -> None:
        # A bot owing a move, not deciding, is started (Table once dropped a stale one: a hang).
        if self.table.thinking is None and not self.table.finished:
            self.table.drive_bots()
        if self.table.thinking is None:  # idle until the table's next word ("thinking" too):
            self._ticker.pause()  # a server's idle screens each woke 10 times a second
            return
        self._spin += 1
        if self.info is not None:
            self.info.show(self.context())
        self._show_turn_status(self.context())

    # -- changes --------------------------------------------------------------------------

    def _updated(self, seat: int | None, update: Update) -> None:
        """Called by the table (maybe while another App acts): handle it in our own turn."""
        self.post_message(TableChanged(update, seat))

    def on_table_changed(self, message: TableChanged) -> None:
        self._ticker.resume()
        update = message.update
        self.recap_changed(message.seat, update)
        if message.seat != self._shown_seat():
            return  # the same change also reaches us as the seat we are showing
        if update.kind == "moved":
            if update.steps:
                self._interludes.extend(self.ui.interludes(self.game, update.steps, message.seat, self.table.seats))
            self._add_moves(update.lines)
        elif update.kind == "undone":
            self._rebuild_moves(update.lines)
        elif update.kind == "stopped":
            self.app.bell()
        self.redraw()
        self.advance()

    def _shown_seat(self) -> int | None:
        """The attachment whose updates this screen follows."""
        if self.viewer is not None and self.viewer in self.humans:
            return self.viewer
        return None if (self.hot_seat or not self.humans) else next(iter(self.humans))

    def on_screen_resume(self) -> None:
        self._covered = False
        self._hold(False)
        self.redraw()
        self.call_after_refresh(self.advance)
        # Textual hands focus back to the widget that had it before; the board may want it now.
        self.call_after_refresh(self.claim_focus)

    def on_screen_suspend(self) -> None:
        # A dialog over the board (a board's own choice, the hint, an interlude) has the keys, while
        # this footer still shows under it: it drops the keys that do nothing there (undo, type...).
        self._covered = True
        self.refresh_bindings()
        # Bots wait while help, a dialog or the size guard covers the board, so no move goes unseen;
        # our own covers and prompts are what the game waits for anyway.
        if not self._busy:
            self._hold(True)

    def _hold(self, on: bool) -> None:
        for attachment in self._attachments:
            attachment.hold(on)

    # -- the human's moves ----------------------------------------------------------------

    def submit(self, seat: int, action: Any) -> None:
        try:
            self.table.submit(seat, action)
        except IllegalAction as exc:
            self.app.bell()
            self._set_status(exc.reason, error=True)
        else:
            self._kept_error = None

    def on_view_panel_action_chosen(self, message: ViewPanel.ActionChosen) -> None:
        message.stop()
        if self.viewer is None:
            return
        self.submit(self.viewer, message.action)

    def on_view_panel_status(self, message: ViewPanel.Status) -> None:
        """A panel's word for the status line; an empty one gives the turn's own line back."""
        message.stop()
        self._set_status(message.text or self._status_text(self.context()))

    @property
    def _busy(self) -> bool:
        return self._prompt_open

    @_busy.setter
    def _busy(self, value: bool) -> None:
        self._prompt_open = value
        if self.is_mounted:
            self.refresh_bindings()  # the footer drops (or gets back) what a prompt leaves idle

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that can work now are offered (the footer and the palette follow this)."""
        if (self._busy or self._covered) and action in PROMPT_IDLE:
            return False  # a prompt or dialog over the board has the keys: these do nothing
        if action == "save_as" and isinstance(self.focused, Input):
            return False
        if action == "undo":
            return self.undo_blocker() is None
        if action == "undo_why":
            return self.undo_blocker() is not None
        if action in ("hint", "hint_why"):
            return (self.hint_blocker() is None) == (action == "hint")
        if action in ("command_line", "skip"):
            return self.table is None or not self.table.finished
        if action in ("recap", "recap_quiet"):
            return self.table is not None and self.recap_offered(action == "recap")
        return True

    def focus_board(self) -> None:
        target = next((w for w in self.board.query("*") if w.focusable), None)
        self.set_focus(self.board if target is None and self.board.focusable else target)
