"""What the lobby and a table's screen of an SSH session share for playing together (issue 29):
the notice line with its jump key, and the chat panel (folded at 80x24) with the key that opens
it. ``TogetherScreen`` is a base for those screens; the session's ``SessionTogether``
(tui/server/together_hooks.py) feeds both widgets.

    class LobbyScreen(TogetherScreen):
        def compose(self):
            ...
            yield from self.together_widgets()

        def on_screen_resume(self):
            self.together_arrive(None)          # in the lobby; a table screen passes its id
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Input

from tui.widgets.chat import ChatPanel
from tui.widgets.together import NoticeBar

#: Below this height the chat starts folded (80x24 keeps the board whole).
OPEN_CHAT_HEIGHT = 36

#: Seconds after a screen mounts (or comes back) before the session says where the player is:
#: that store work (a write, a few reads) never delays the screen's first frame.
ARRIVE_AFTER = 0.1

#: Keys a screen must not take while the player types in the chat.
TYPING_IDLE = frozenset({"command_line", "open", "accept_takeback", "refuse_takeback", "jump"})


class TogetherScreen(Screen[None]):
    BINDINGS = [
        Binding("ctrl+t", "chat", "Chat", key_display="^t"),
        Binding("ctrl+n", "jump", "Go to notice", key_display="^n"),
    ]

    #: Whether the screen was shown before (its first showing follows its mounting).
    shown_before = False

    @on(ScreenResume)
    def styled_as_mounted(self, event: ScreenResume) -> None:
        # Textual styles every node of a screen again each time it is shown; the first time,
        # every node was styled a moment ago as it mounted (and what changed since, a focus or
        # a class, restyled its own nodes): a second pass over the screen, ~a fifth of a
        # session's start. (``refresh_styles``: the event's public field.)
        if not self.shown_before:
            self.shown_before = True
            event.refresh_styles = False

    def on_unmount(self) -> None:
        # The App ended (an App run in a test, the server's warm-up): the session's wakers must
        # not outlive its screens (the online list's next change met "No screens on stack").
        hooks = self.together
        if hooks is not None and not self.app.is_running:
            hooks.close()

    def together_widgets(self) -> ComposeResult:
        yield NoticeBar(key="ctrl+n")
        yield ChatPanel(folded=self.app.size.height < OPEN_CHAT_HEIGHT, id="chat")

    @property
    def together(self):
        """The session's SessionTogether (None until the first screen arrived, or locally)."""
        return getattr(self.app, "together", None)

    def together_arrive(self, table_id: str | None) -> None:
        """The player is here now: the chat shows this room, notices stop for this table (just
        after the screen is drawn)."""
        self.set_timer(ARRIVE_AFTER, lambda: self._arrive_now(table_id))

    def _arrive_now(self, table_id: str | None) -> None:
        from tui.server.together_hooks import session_together

        if self.where_the_player_is() is not self:
            return  # left already (it says so again when it is back)
        hooks = session_together(self.app, table_id)  # (made here: one write at a login)
        if hooks is not None:
            hooks.enter(table_id, self.query_one(ChatPanel))
            self.arrived()

    def where_the_player_is(self) -> TogetherScreen | None:
        """The top-most lobby or table screen: where the player is (a dialog above it changes
        nothing). Not ``is_current``: Textual counts the screen under the top one as current too,
        so the lobby's arrival, late on a loaded machine, took the session back to the lobby's
        chat while the player sat at a table (whose lines then never reached them)."""
        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, TogetherScreen)), None)

    def arrived(self) -> None:
        """What a screen does once the session knows the player is here."""

    def typing_chat(self) -> bool:
        focused = self.focused
        return isinstance(focused, Input) and focused.id == "chat-input"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in TYPING_IDLE and self.typing_chat():
            return False  # the key is the chat's (":" and enter in a line of chat)
        if action == "jump":  # (not for a notice that leads nowhere: a declined invitation, a closed table)
            bars = self.query(NoticeBar)
            return bool(bars) and bars.first().can_jump
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        panel = self.query_one(ChatPanel)
        if panel.folded:
            panel.fold(False)
        elif self.typing_chat():
            panel.action_fold()
        else:
            panel.input.focus()

    def on_chat_panel_folded(self, message: ChatPanel.Folded) -> None:
        message.stop()
        self.chat_folded()

    def chat_folded(self) -> None:
        """Where the focus goes back to once the chat is folded (a screen says)."""
        self.set_focus(None)

    def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
        message.stop()
        hooks = self.together
        refusal = hooks.say(message.text) if hooks is not None else "no chat here"
        if refusal is not None:
            self.query_one(ChatPanel).refuse(refusal)

    def action_jump(self) -> None:
        self.query_one(NoticeBar).jump()
        self.refresh_bindings()  # (the key leaves the footer with the last notice)

    def on_notice_bar_jump(self, message: NoticeBar.Jump) -> None:
        message.stop()
        hooks = self.together
        if hooks is not None:
            hooks.jump(message.table_id)
