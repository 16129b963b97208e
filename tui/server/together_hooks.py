"""Playing together in a session's process (issue 29): the one ``Together`` of the session and
where what it hears goes.

A session's App makes it lazily (``session_together(app)``) when its first lobby or table screen
mounts, after it has a name (a new key choosing a name has none yet), and closes it as the App
ends. Chat lines go to the chat panel of the room the player is in; notices to the newest screen
with a notice line (the terminal bell only if the player allows it in Settings); a change of the
online list to the lobby. Screens never read the store for these themselves.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from typing import Any

from engine.lobby import LobbyError
from engine.together.chat import LOBBY, ChatError, ChatLine
from engine.together.notices import Notice
from engine.together.session import Together

log = logging.getLogger("bergfried.serve")

#: Seconds between the toasts that tell of chat lines while the chat is folded.
TOLD_EVERY = 3.0
#: Seconds between two draws of the chat's new lines (the lines between wait for the next).
DRAW_EVERY = 0.25


class SessionTogether:
    """The session's ``Together`` and the widgets it feeds."""

    def __init__(self, app: Any, at: str | None = None) -> None:
        self.app = app
        self.name = app.player.name
        self.panel: Any = None  # the ChatPanel of the room the player is in
        self.together = Together(
            app.player.lobby, self.name, on_chat=self._chat, on_notices=self._notices, on_online=self._online, at=at
        )
        self._closed = False
        self._told_at, self._untold = -TOLD_EVERY, 0  # the last chat toast; lines since, untold
        self._drawn_at, self._draw_due = -DRAW_EVERY, False  # the chat panel's last lines drawn
        self._undrawn: list[ChatLine] = []  # lines heard since, to draw with the next
        self._on_hangup()

    def _on_hangup(self) -> None:
        """A dropped connection hangs up the session's terminal and the front ends its process
        (SIGHUP, SIGTERM: either ends it): leave the online list first, so every lobby hears of
        it at once. (On the loop, never inside another write of this process's store.)"""
        try:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self._hung_up, sig)
        except (RuntimeError, NotImplementedError, ValueError):  # no loop of the main thread: a test's App
            pass

    def _hung_up(self, sig: int) -> None:
        self.close()
        loop = asyncio.get_running_loop()
        for each in (signal.SIGHUP, signal.SIGTERM):
            loop.remove_signal_handler(each)
        os.kill(os.getpid(), sig)  # and end as such a signal ends it

    # -- where the player is -------------------------------------------------------------------
    def enter(self, table_id: str | None, panel: Any) -> None:
        """The player is now in the lobby (None) or at ``table_id``; ``panel`` shows its chat."""
        control = getattr(self.app, "control", None)
        if control is not None:  # the front tells the online list's changes to the lobby alone
            control.send({"place": table_id or LOBBY})
        self.together.go_to(table_id)
        self.panel, self._undrawn = panel, []  # (the room's recent lines have them)
        panel.reset(self.together.recent())
        if table_id is not None:
            self._drop_notices(table_id)

    def _drop_notices(self, table_id: str) -> None:
        """No screen keeps a notice about the table the player is at now."""
        from tui.widgets.together import NoticeBar

        for screen in self.app.screen_stack:
            for bar in screen.query(NoticeBar):
                bar.drop(table_id)
            screen.refresh_bindings()

    def _at_table(self) -> str | None:
        """The table the player is at (its screen may be there before ``enter`` is called)."""
        from tui.screens.table_together import TableTogetherScreen

        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, TableTogetherScreen):
                return screen.table_id
        return self.together.notices.here

    # -- chat ----------------------------------------------------------------------------------
    def say(self, text: str) -> str | None:
        """Send a line (or a command: ``/mute NAME``, ``/unmute NAME``, and for a table's creator
        ``/players-only on|off``); the refusal (or the command's answer), or None."""
        words = text.split()
        try:
            if words and words[0] == "/players-only":
                return self._players_only(words[1:])
            if words and words[0] in ("/mute", "/unmute"):
                if len(words) != 2:
                    return f"{words[0]} NAME"
                self.together.chat.mute(self.name, words[1], on=words[0] == "/mute")
                return f"{'muted' if words[0] == '/mute' else 'no longer muted'}: {words[1]}"
            self.together.say(text)
        except ChatError as exc:
            return str(exc)
        return None

    def _players_only(self, args: list[str]) -> str:
        room = self.together.room
        if room == LOBBY:
            return "/players-only is for a table's chat"
        if args not in (["on"], ["off"]):
            return "/players-only on (or off)"
        self.together.chat.set_players_only(room, self.name, args == ["on"])
        return "only the players read and write here now" if args == ["on"] else "spectators may chat here again"

    def _chat(self, lines: list[ChatLine]) -> None:
        """New lines of the room: drawn at once, or with the others of the same DRAW_EVERY (a
        frame each costs a session about 5 ms: 20 players chatting sent every lobby about 7 a
        second); the player's own line is drawn at once."""
        self._undrawn += lines
        wait = self._drawn_at + DRAW_EVERY - time.monotonic()
        if wait <= 0 or any(line.author == self.name for line in lines):
            self._draw()
        elif not self._draw_due:
            self._draw_due = True
            self.app.set_timer(wait, self._draw)

    def _draw(self) -> None:
        self._draw_due = False
        lines, self._undrawn = self._undrawn, []
        panel = self.panel
        if not lines or panel is None or not panel.is_attached:
            return
        self._drawn_at = time.monotonic()
        panel.add(lines)
        others = [line for line in lines if line.author != self.name]
        if panel.folded and others:  # a folded chat still tells of a line, briefly
            self._tell(others)

    def _tell(self, lines: list[ChatLine]) -> None:
        """One toast for the lines, at most every TOLD_EVERY seconds (each toast lays the screen
        out as it comes and goes: 20 players chatting were 7 a second at every folded chat); the
        lines between are counted in the next one (the panel has them all)."""
        now = time.monotonic()
        self._untold += len(lines) - 1
        if now - self._told_at < TOLD_EVERY:
            self._untold += 1
            return
        more, self._untold, self._told_at = self._untold, 0, now
        text = lines[-1].shown + (f"\n(and {more} more: ctrl+t)" if more else "")
        self.app.notify(text, title="Chat (ctrl+t)", timeout=6, markup=False)

    # -- notices and the online list -----------------------------------------------------------
    def _notices(self, notices: list[Notice]) -> None:
        from tui.widgets.together import NoticeBar

        here = self._at_table()
        notices = [n for n in notices if n.table_id != here]  # (a race with a move: nothing to tell)
        if not notices:
            return
        for screen in reversed(self.app.screen_stack):
            bars = screen.query(NoticeBar)
            if bars:
                bars.first().show(notices, bell=getattr(self.app.settings, "bell", False))
                screen.refresh_bindings()
                return

    def _online(self) -> None:
        if not self.app.is_running:  # (ended: its screens are gone; the last screen closes this)
            return
        changed = getattr(self.app.screen, "online_changed", None)
        if changed is not None:
            changed()

    def jump(self, table_id: str) -> None:
        """To the notice's table: take the seat (an invitation) or go back to it."""
        from tui.screens.lobby import RemotePlayScreen

        app, lobby = self.app, self.app.player.lobby
        try:
            record = lobby.record(table_id)
            seat = lobby.join(table_id, self.name) if record.status != "finished" else None
        except (LobbyError, KeyError) as exc:
            app.go_lobby()
            app.notify(f"Table {table_id}: {exc}", severity="warning", markup=False)
            return
        table = lobby.table(table_id)
        app.go_lobby()
        if table is None:
            app.notify(f"You sit at table {table_id}; it starts when every seat is taken.", markup=False)
            return
        app.push_screen(RemotePlayScreen(table_id, table, seat))

    def close(self) -> None:
        """Out of the online list, and nothing heard from the store any more (the session's
        process closes it as the App ends; the App's last lobby or table screen, as it goes)."""
        if self._closed:
            return
        self._closed = True
        try:
            self.together.close()
        except Exception:
            log.exception("%s: leaving the online list failed", self.name)


def session_together(app: Any, at: str | None = None) -> SessionTogether | None:
    """The session's ``SessionTogether``, made now if need be (None for a local App); ``at``:
    where the player is as it is made (the table, or None: the lobby)."""
    hooks = getattr(app, "together", None)
    if hooks is None and getattr(app, "player", None) is not None:
        hooks = app.together = SessionTogether(app, at)
    return hooks


def together_status(app: Any) -> dict | None:
    """What the screen shows of playing together, as plain data (for the probe)."""
    from tui.widgets.chat import ChatPanel
    from tui.widgets.text_line import TextLine
    from tui.widgets.together import AtTableLine, NoticeBar, OnlineLine, TakebackLine

    screen = app.screen

    def text(kind: type[TextLine]) -> str | None:
        found = screen.query(kind)
        return str(found.first().text) if found else None

    panels = screen.query(ChatPanel)
    return {
        "chat": list(panels.first().shown) if panels else None,
        "chat_folded": panels.first().folded if panels else None,
        "chat_error": str(panels.first().error_line.text) if panels else None,
        "notice": text(NoticeBar),
        "online": text(OnlineLine),
        "at_table": text(AtTableLine),
        "takeback": text(TakebackLine),
    }
