"""The chat panel of a table or the lobby (issue 29): its lines, then a line to type in.

The lobby and the table screens of an SSH session compose it (tui/screens/together.py), feed it
``ChatLine``s from the session's ``Together`` (``reset``, ``add``), send what it posts
(``ChatPanel.Said``) and show a refusal with ``refuse``. ``fold()`` hides it (at 80×24 it starts
folded; lines that arrive meanwhile are counted in ``unread``); escape in its typing line folds it. A line is
shown as plain text, never as markup, and a spectator's line is marked "(watching)", so it
never reads as a player's.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input, RichLog

from .edit_line import EditLine

from engine.together.chat import ChatLine
from engine.together.text import inert

from .text_line import TextLine


def chat_text(line: ChatLine) -> Text:
    """One chat line as the panel shows it: the author in bold, a spectator's marked."""
    parts: list[str | tuple[str, str]] = [(inert(line.author, 40), "bold")]
    if line.role == "spectator":
        parts.append((" (watching)", "italic dim"))
    parts += [": ", inert(line.text)]
    return Text.assemble(*parts)


#: Lines a panel keeps (the log's and ``shown``'s).
KEPT = 500


class ChatLog(RichLog):
    """The panel's lines: a RichLog whose growth never lays the whole screen out again.

    A RichLog's ``virtual_size`` asks for a layout of the screen, so each line drawn every widget
    of it again (the lobby's table list, the footer: 6 ms of a session's CPU a line, and 20
    players chatting in the lobby send each lobby session about 7 lines a second). Its scrollbar
    is always there, so a longer log changes no widget's place: only the log and its scrollbar
    are drawn again."""

    DEFAULT_CSS = "ChatLog { overflow-y: scroll; overflow-x: hidden; }"

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        bar = self.vertical_scrollbar  # (a layout would have told it; nothing else does now)
        bar.window_virtual_size = size.height
        bar.window_size = self.scrollable_content_region.height
        bar.refresh()


class ChatPanel(Vertical):
    DEFAULT_CSS = """
    ChatPanel { height: 10; border-top: solid $panel-lighten-2; }
    ChatPanel.-folded { display: none; }
    ChatPanel RichLog { height: 1fr; background: $surface; }
    ChatPanel #chat-error { color: $error; }
    ChatPanel Input { height: 1; border: none; padding: 0 1; }
    """

    BINDINGS = [Binding("escape", "fold", "Fold chat")]

    class Folded(Message):
        """The player folded the panel away with escape: the screen takes the focus back."""

    class Said(Message):
        """The player typed a line and pressed enter: the screen sends it."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, folded: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, classes="-folded" if folded else "")
        self.unread = 0
        self.shown: list[str] = []  # every line's plain text, in order (what a reader sees)
        # Made now, mounted when first opened: a folded panel costs a session's first frame
        # nothing (lines that come meanwhile wait in ``_waiting``).
        self._waiting: list[Text] = []
        self.log_view = ChatLog(id="chat-lines", wrap=True, markup=False, min_width=20, max_lines=KEPT)
        self.error_line = TextLine("chat-error")
        self.input = EditLine(
            placeholder="say something · enter sends · /mute NAME", id="chat-input", max_length=300, compact=True
        )

    def compose(self) -> ComposeResult:
        if not self.folded:
            yield from self._parts()

    def _parts(self) -> list:
        return [self.log_view, self.error_line, self.input]

    @property
    def folded(self) -> bool:
        return self.has_class("-folded")

    def fold(self, folded: bool | None = None) -> None:
        """Fold the panel away (or open it: the typing line takes the focus, unread is read)."""
        folded = not self.folded if folded is None else folded
        self.set_class(folded, "-folded")
        if not folded:
            self.unread = 0
            if not self.input.is_attached:
                self.mount_all(self._parts())
            self.call_after_refresh(self._opened)  # (once the log has its width again)

    def _opened(self) -> None:
        if self.folded:
            return  # (folded again before it was drawn: the lines wait on)
        for text in self._waiting:
            self.log_view.write(text)
        self._waiting = []
        self.input.focus()

    def action_fold(self) -> None:
        self.fold(True)
        self.post_message(self.Folded())

    def reset(self, lines: Iterable[ChatLine]) -> None:
        """Show these lines alone (the room's recent lines, as the player arrives)."""
        if self.log_view.is_attached:
            self.log_view.clear()
        self.shown, self._waiting = [], []
        unread = self.unread
        self.add(lines)
        self.unread = unread

    def add(self, lines: Iterable[ChatLine]) -> None:
        log = self.log_view
        for line in lines:
            text = chat_text(line)
            self.shown.append(text.plain)
            del self.shown[:-KEPT]  # (as many as the log keeps: a long chat never grows a session)
            if log.is_attached and not self.folded:
                log.write(text)
            else:  # (a folded log has no width: its lines would be wrapped at 20 columns for good)
                self._waiting.append(text)
                del self._waiting[:-KEPT]
            if self.folded:
                self.unread += 1
        self.error_line.update("")

    def refuse(self, message: str) -> None:
        """Say why the last line was not sent (too fast, players only, …)."""
        self.error_line.update(inert(message, 120))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Said(event.value))
        event.input.value = ""
