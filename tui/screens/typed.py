"""Moves typed on the play screen's move line (``:``): played at once on your turn, kept and
played when your turn comes while others are still playing (issue 30), a refusal said with its
reason. Kept beside play.py, which mixes it in, so that each module stays short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.widgets import Input

from tui.widgets.edit_line import EditLine

from engine.core import IllegalAction
from engine.core.errors import UnreadableMove

if TYPE_CHECKING:
    from textual import getters
    from textual.screen import Screen

    from engine.core import Table
    from tui.app import BergfriedApp

    from ..games.base import GameUI, ViewContext

    # To mypy the mixin is the screen it is mixed into (focus, queries); at run time it is a
    # plain class, so PlayScreen's bases stay as they are.
    _MixedInto = Screen[None]
else:
    _MixedInto = object


class MoveLine(EditLine):
    """The move line. Enter reached the line's submit only after it had bubbled up to the
    bindings, by when keys typed fast after it (``:`` and the next move) were in the text and
    were sent with it; here the line is sent as it stands when enter comes, and emptied for
    the keys after it (issue 31)."""

    #: Lines sent with enter that the screen has not answered yet: a refusal puts its line back
    #: only when no later line was sent after it (two refused moves typed fast left the first
    #: on the line, under the second's refusal).
    unanswered = 0

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            sent, self.value = self.value, ""
            self.unanswered += 1
            self.post_message(self.Submitted(self, sent))

    def answered(self) -> bool:
        """One sent line is answered; True if it was the last one sent."""
        self.unanswered = max(0, self.unanswered - 1)
        return self.unanswered == 0


class TypedMoves(_MixedInto):
    """The play screen's move line (mixed into it: it needs ``table``, ``viewer``, ``_queued``,
    ``_set_status`` and ``claim_focus``)."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        app = getters.app(BergfriedApp)
        table: Table
        viewer: int | None
        ui: GameUI
        _queued: str | None
        _kept_error: str | None

        def context(self) -> ViewContext: ...
        def claim_focus(self, ctx: ViewContext | None = None) -> None: ...
        def _set_status(self, text: str, error: bool = False) -> None: ...

    #: The line's text when its move was refused (it stays there to be mended); None otherwise.
    _refused: str | None = None
    #: Whether the line being answered is the last one sent (see MoveLine.unanswered).
    _latest = True

    def on_input_changed(self, event: Input.Changed) -> None:
        """``:`` typed after a refused move starts a new move (the refused one stays on the status
        line): it was added to the refused text, and the move typed next could never be read."""
        refused = self._refused
        if refused is None or event.value == refused:  # the refused text put back on the line
            return
        self._refused = None
        if event.value.startswith(refused + ":"):
            event.input.value = event.value[len(refused) + 1 :]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._latest = not isinstance(event.input, MoveLine) or event.input.answered()
        # ":" focuses this line; pressed again while typing, it lands in the text, so drop it.
        text = event.value.strip().lstrip(":").strip()
        if not text:
            return
        if self.viewer is None or self.table.finished:
            self._set_status("It is not your turn.", error=True)
            self._give_back(event.input, event.value)
            return
        if self.viewer not in self.table.to_act:  # kept until the turn comes (esc drops it)
            self._queued = text
            self._set_status(f"Not your turn yet: “{text}” is played when your turn comes (esc: drop it)")
            self._give_back(event.input, event.value)
            return
        if not self._play_typed(text):
            if self._give_back(event.input, event.value):
                self._refused = event.input.value
            return
        if event.input.value.strip(": "):
            return  # the next move is being typed: the keys stay on the line
        event.input.value = ""
        # The move is made: the keys go back to the board (it takes them on the next turn).
        self.set_focus(None)
        self.claim_focus()

    def _give_back(self, line: Input, sent: str) -> bool:
        """The sent text back on the line (a :class:`MoveLine` empties it as enter sends it) to
        be mended or kept; False where a new move typed fast after it is there instead: that one
        stays (``:`` typed before it dropped), and the refusal is on the status line; False too
        where a later line was sent already (its answer puts it back if it is refused)."""
        if not self._latest:
            return False
        if line.value.strip():
            line.value = line.value.lstrip(":")
            return False
        line.value = sent = sent.lstrip(":")  # the ':' that focused a line already focused
        line.cursor_position = len(sent)
        return True

    def _play_typed(self, text: str) -> bool:
        """Play a typed move for the viewer; a refusal rings and says why."""
        try:
            self.table.play(self.viewer, text)
        except UnreadableMove as exc:
            self.app.bell()
            self._set_status(self.expected_now(text) or exc.reason, error=True)
            return False
        except IllegalAction as exc:
            self.app.bell()
            self._set_status(exc.reason, error=True)
            return False
        self._kept_error = None  # played: the refusal before it is answered
        return True

    def expected_now(self, text: str) -> str:
        """For text that is no move: what is expected now, with a move legal now as the example
        ("Cannot read “Z9”: now place a room in a castle, e.g. 29@L1,0"), rather than every form
        the game has; '' when there is no legal move to show."""
        legal = self.table.legal_actions(self.viewer)
        if not legal:
            return ""
        example = self.table.format_action(self.viewer, legal[0])
        now = self.ui.phase_text(self.context())
        return f"Cannot read “{text[:24]}”: now {now}, e.g. {example}"

    def _play_queued(self) -> None:
        text, self._queued = self._queued, None
        if text is None or self.viewer is None or self.viewer not in self.table.to_act:
            self._queued = text
            return
        command = self.query_one("#command", Input)
        if self._play_typed(text) and command.value.strip().lstrip(":").strip() == text:
            command.value = ""

    def action_command_line(self) -> None:
        # At once, not on the next idle (as Input.focus does): the next key is handed on next.
        self.set_focus(self.query_one("#command", Input))
