"""A server table's screen, playing together (issue 29): take-backs by asking, and the chat and
notice line every session screen has (tui/screens/together.py).

Over SSH the undo key asks: ``Takebacks.ask`` takes the move back at once when nobody is there
to ask (bots, stand-ins and players away accept), else the other players at the table see the
request on their take-back line with ``y`` (accept) and ``n`` (refuse), offered only while they
are asked; everyone sees what became of it. Whether a move may be taken back at all is the
engine's undo rule, as at a local table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

import attrs

from engine.core import MoveLine
from engine.lobby import LobbyError
from engine.together.standins import stand_in_lines
from engine.together.takeback import Takeback
from tui.widgets.together import TakebackLine

from .together import TogetherScreen

if TYPE_CHECKING:
    from textual import getters
    from tui.server.child import RemoteApp

#: After a move a stand-in bot played for its player, in the move list.
STAND_IN_MARK = "(bot standing in)"

#: Seconds the outcome of a request (taken back, refused, lapsed) stays on the take-back line.
OUTCOME_SHOWN = 10.0


class TakebackChanged(Message):
    """The store changed (any process): the take-back line may have news."""


class TableTogetherScreen(TogetherScreen):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    BINDINGS = [
        # Priority: the board's own y/n never see them while a request waits for this player;
        # otherwise check_action declines and the key goes on to the board.
        Binding("y", "accept_takeback", "Accept take-back", priority=True),
        Binding("n", "refuse_takeback", "Refuse take-back", priority=True),
    ]

    table_id: str
    seat: int | None
    table: Any
    _request: Takeback | None = None
    _stop_waking: Any = None

    def table_widgets(self) -> ComposeResult:
        yield TakebackLine()
        yield from self.together_widgets()

    def on_mount(self) -> None:
        store = self.app.player.lobby.store
        waker = self._store_woke
        store.wakers.append(waker)
        self._stop_waking = lambda: store.wakers.remove(waker) if waker in store.wakers else None

    def arrived(self) -> None:
        self._show_takeback()
        self._tell_stand_in()

    def _tell_stand_in(self) -> None:
        """Back at the table: what a stand-in bot played for this player while away, once."""
        hooks = self.together
        if hooks is None or self.seat is None:
            return
        lines = hooks.together.back_at(self.table, self.seat)
        if lines:
            shown = "\n".join(lines[-6:]) + (f"\n(and {len(lines) - 6} more)" if len(lines) > 6 else "")
            self.notify(
                f"While you were away, a bot played for you:\n{shown}", title="Stand-in", timeout=20, markup=False
            )

    def mark_stand_ins(self, lines: list[MoveLine]) -> list[MoveLine]:
        """The move list's new lines, a stand-in's moves marked."""
        if not lines:
            return lines
        marked = stand_in_lines(self.app.player.lobby.store, self.table_id, lines)
        return [
            attrs.evolve(line, text=f"{line.text} {STAND_IN_MARK}") if line.position in marked else line
            for line in lines
        ]

    def on_unmount(self) -> None:
        if self._stop_waking is not None:
            self._stop_waking()

    def _store_woke(self) -> None:
        # Every move at every table wakes every session: only news of this table's request is
        # worth a message (and the footer's bindings) here.
        takebacks = self._takebacks
        if takebacks is not None and takebacks.last(self.table_id) != self._request:
            self.post_message(TakebackChanged())

    def on_takeback_changed(self, message: TakebackChanged) -> None:
        message.stop()
        self._show_takeback()

    @property
    def _takebacks(self):
        hooks = self.together
        return hooks.together.takebacks if hooks is not None else None

    def _show_takeback(self) -> None:
        takebacks = self._takebacks
        if takebacks is None:
            return
        last = takebacks.last(self.table_id)
        before = self._request
        line = self.query_one(TakebackLine)
        if last is not None and last.open:
            line.show(last, self.seat)
        elif last is not None and before is not None and before.open and last.seq == before.seq:
            line.show(last, self.seat)  # what became of it, for a while
            self.set_timer(OUTCOME_SHOWN, self._hide_outcome)
        elif last is None:
            line.show(None, self.seat)
        # (otherwise an outcome shown stays until its timer hides it)
        self._request = last
        self.refresh_bindings()

    def _hide_outcome(self) -> None:
        if self._request is None or not self._request.open:
            self.query_one(TakebackLine).show(None, self.seat)

    def _asked_here(self) -> bool:
        request = self._request
        return request is not None and request.open and self.seat in request.waiting

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("accept_takeback", "refuse_takeback") and not self._asked_here():
            return False
        return super().check_action(action, parameters)

    def ask_takeback(self) -> None:
        """The undo key at a server's table: ask the others (bots accept)."""
        takebacks = self._takebacks
        if takebacks is None:
            return
        try:
            asked = takebacks.ask(self.table_id, self.app.player.name)
        except LobbyError as exc:
            self.query_one("#status", Static).update(str(exc))
            return
        self._request = asked
        if asked.open:
            self.query_one(TakebackLine).show(asked, self.seat)
        else:
            self.query_one("#status", Static).update("Taken back (nobody at the table to ask).")

    def _answer(self, accept: bool) -> None:
        takebacks = self._takebacks
        if takebacks is None:
            return
        try:
            takebacks.answer(self.table_id, self.app.player.name, accept)
        except LobbyError as exc:
            self.query_one("#status", Static).update(str(exc))
        self._show_takeback()

    def action_accept_takeback(self) -> None:
        self._answer(True)

    def action_refuse_takeback(self) -> None:
        self._answer(False)
