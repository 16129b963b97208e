"""A Textual driver whose terminal is an SSH channel.

It writes frames to the channel and reads keys from it; the size comes from the PTY request
and window-change messages. Everything runs on the event loop: no input thread, no signals,
no file descriptors, nothing shared with another session.
"""

from __future__ import annotations

import asyncio
import codecs
from typing import TYPE_CHECKING, Any, Protocol

from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from .textual_private import SessionParser

if TYPE_CHECKING:
    from textual.app import App

#: Sequences that put the client's terminal into (and back out of) application mode.
START = (
    "\x1b[?1049h"  # alternate screen
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse: press, motion, SGR coordinates
    "\x1b[?25l"  # hide the cursor
    "\x1b[?1004h"  # focus in/out
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
    "\x1b[?2026$p"
)  # ask whether synchronised output is supported
KITTY_KEYS = "\x1b[>25u"  # disambiguate escapes, report all keys and their text
STOP = "\x1b[?2004l\x1b[?7h\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l"


class Terminal(Protocol):
    """What the driver needs from the SSH session it draws on."""

    size: tuple[int, int]
    driver: SSHDriver | None

    def send(self, data: bytes) -> None: ...
    def buffered(self) -> int: ...
    def overflow(self) -> None: ...


class SSHDriver(Driver):
    def __init__(
        self, app: App[Any], *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal: Terminal = app.terminal  # type: ignore[attr-defined]
        self.max_buffer: int = getattr(app, "max_output_buffer", 1 << 20)
        self._parser = SessionParser(debug)
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._input = False
        self._closed = False

    # -- output ---------------------------------------------------------------------------
    def write(self, data: str) -> None:
        if self._closed:
            return
        if self.terminal.buffered() > self.max_buffer:
            # The client stopped reading: drop it rather than hold its frames (its seat stays).
            self._closed = True
            self.terminal.overflow()
            return
        self.terminal.send(data.encode("utf-8", "replace"))

    def start_application_mode(self) -> None:
        self.terminal.driver = self
        self._input = True
        self.write(START + ("" if constants.DISABLE_KITTY_KEY else KITTY_KEYS))
        # Textual sizes the App from the size it was started with; only a window change since
        # then needs a Resize (each one lays out and draws every screen again).
        if self._size is None or tuple(self._size) != tuple(self.terminal.size):
            self.resize(*self.terminal.size)

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)

    def disable_input(self) -> None:
        self._input = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def close(self) -> None:
        self.disable_input()
        self._closed = True
        self.terminal.driver = None

    # -- input ----------------------------------------------------------------------------
    def send_message(self, message: Message) -> None:
        # Already on the loop: post directly instead of through run_coroutine_threadsafe.
        self._app.post_message(message)

    def feed(self, data: bytes) -> None:
        """Bytes from the client: keys, mouse, paste, terminal replies."""
        if not self._input:
            return
        for event in self._parser.feed(self._decode(data)):
            self.process_message(event)
        # A lone Esc is only an Esc once nothing follows it for a moment: check after that moment.
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(constants.ESCAPE_DELAY + 0.01, self._flush_parser)

    def _flush_parser(self) -> None:
        self._tick = None
        if self._input:
            for event in self._parser.tick():
                self.process_message(event)

    def resize(self, width: int, height: int) -> None:
        size = Size(max(width, 1), max(height, 1))
        self._app.post_message(events.Resize(size, size))
