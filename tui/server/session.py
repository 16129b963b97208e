"""One SSH session in the front process: a pseudo-terminal whose other end is the player's own
process, and the bytes pumped between it and the SSH channel.

The front never parses a key or draws: it counts the bytes a client sends (a rate and a burst
cap, before anything reads them), clamps the terminal size it announces, sets it on the pty
(``TIOCSWINSZ``: the kernel tells the player's process with SIGWINCH, as any terminal does)
and stops reading the pty while the client does not read what it was sent (the player's
process then waits in its own write; nobody else does).
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import os
import signal
import socket
import struct
import termios
import time
import tty
from dataclasses import dataclass
from typing import TYPE_CHECKING

import asyncssh

from .limits import TokenBucket
from .session_process import PlayerProcess, safe

if TYPE_CHECKING:
    from .server import Service

log = logging.getLogger("bergfried.serve")

NO_PTY = b"Bergfried needs a terminal: connect with ssh -t (and without a command).\r\n"
#: What the client's environment may tell the player's process (its terminal and language).
CLIENT_ENV = ("TERM", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")
READ_CHUNK = 16384
#: What a window-change message costs of the input cap, in bytes (burst 16384: 256 at once).
RESIZE_COST = 64


@dataclass
class Who:
    """The player a session belongs to, as the front knows them."""

    name: str
    key: str


class SSHSession(PlayerProcess, asyncssh.SSHServerSession):
    """The channel side: PTY request, size, input bytes; the player's process once the shell starts."""

    def __init__(self, service: Service, player: Who, peer: str) -> None:
        self.service, self.player, self.peer = service, player, peer
        limits = service.limits
        self.chan: asyncssh.SSHServerChannel | None = None
        self.size = (80, 24)
        self.term = "xterm"
        self.environ: dict[str, str] = {}
        self.last_input = time.monotonic()
        self.bucket = TokenBucket(limits.input_rate, limits.input_burst)
        self.master: int | None = None
        self.control: socket.socket | None = None
        self.pid: int | None = None
        self.pidfd: int | None = None
        self.started = asyncio.get_running_loop().create_future()  # the child said its pid
        self.ended = asyncio.Event()
        self.place: str | None = None
        self.words = 0
        self._pty = False
        self._pending = b""  # input the pty did not take yet
        self._reading = False
        self._stall: asyncio.TimerHandle | None = None
        self._control_buffer = b""
        self._asks: dict[int, asyncio.Future] = {}
        self._closing = False
        self._clamped: dict | None = None  # the size drawn and the size asked, if that was too large

    @property
    def app(self):
        """Compatibility for callers that test whether a session runs: its process, if any."""
        return self.pid

    # -- asyncssh callbacks ------------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan
        limits = self.service.limits
        chan.set_write_buffer_limits(high=max(4096, limits.max_output_buffer // 2))

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self._pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        log.info("%s %s: exec refused", self.peer, self.player.name)
        return False

    def subsystem_requested(self, subsystem) -> bool:
        log.info("%s %s: subsystem %s refused", self.peer, self.player.name, safe(subsystem))
        return False

    def session_started(self) -> None:
        chan = self.chan
        if not self._pty:
            log.info("%s %s: a session without a PTY refused", self.peer, self.player.name)
            chan.write(NO_PTY)
            chan.exit(1)
            return
        width, height = chan.get_terminal_size()[:2]
        self.size = self._clamp(width or 80, height or 24)
        env = {k: v for k, v in chan.get_environment().items() if k in CLIENT_ENV}
        env["TERM"] = chan.get_terminal_type() or env.get("TERM", "xterm")
        self.environ = {k: safe(v, 64) for k, v in env.items()}
        self.term = self.environ["TERM"]
        try:
            self._start_process()
        except OSError as exc:
            log.error("%s %s: no process for the session: %s", self.peer, self.player.name, exc)
            self.close("The server cannot start your session now; try again soon.")
            self.service.template_failed()
            return
        self.service.sessions.add(self)
        log.info("%s %s: session at %dx%d, TERM=%s", self.peer, self.player.name, *self.size, self.term)

    def _start_process(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # nothing the client sends before the App starts is echoed or a signal
        self.master = master
        self._set_size()
        os.set_blocking(master, False)
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.control = mine
        mine.setblocking(False)
        spec = self.service.session_spec(self.player, self._child_env())
        spec["clamped"] = self._clamped
        try:
            self.service.template_send(json.dumps(spec).encode(), [slave, theirs.fileno()])
        finally:
            os.close(slave)
            theirs.close()
        loop = asyncio.get_running_loop()
        loop.add_reader(mine.fileno(), self._control_readable)
        self._resume_output()

    def _child_env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "TMPDIR", "PYTHONPATH")}
        env.update(self.environ)
        env["PYTHONIOENCODING"] = "utf-8"
        return env

    def data_received(self, data, datatype) -> None:
        self.last_input = time.monotonic()
        if self._closing:
            return
        if not self.bucket.take(len(data)):
            limits = self.service.limits
            self.refuse(
                f"sent more than {limits.input_burst} bytes at once or {limits.input_rate} a second",
                "You typed or pasted more than this server takes at once; disconnected. Your seats are kept.",
            )
            return
        self._pending += data
        self._flush_input()

    def _flush_input(self) -> None:
        if self.master is None or not self._pending:
            return
        try:
            n = os.write(self.master, self._pending)
        except BlockingIOError:
            n = 0
        except OSError:
            return
        self._pending = self._pending[n:]
        if self._pending:
            asyncio.get_running_loop().call_later(0.01, self._flush_input)

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        if self._closing:
            return
        # A resize costs the player's process a whole new layout: resizes count against the
        # same cap as bytes (dragging a window's edge sends some tens a second, for a moment).
        if not self.bucket.take(RESIZE_COST):
            self.refuse(
                "resized its terminal too often",
                "Your terminal changed size more often than this server follows; disconnected. Your seats are kept.",
            )
            return
        self.size = self._clamp(width or 80, height or 24)
        self._set_size()

    def _clamp(self, width: int, height: int) -> tuple[int, int]:
        limits = self.service.limits
        size = (max(1, min(width, limits.max_width)), max(1, min(height, limits.max_height)))
        if size != (width, height):
            if self._clamped is None or self._clamped["asked"] != [width, height]:
                log.info("%s %s: terminal %dx%d clamped to %dx%d", self.peer, self.player.name, width, height, *size)
                self._clamped = {"clamped": list(size), "asked": [width, height]}
                self.tell(self._clamped)
        else:
            self._clamped = None
        return size

    def _set_size(self) -> None:
        if self.master is not None:
            width, height = self.size
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def eof_received(self) -> bool:
        # The client will send nothing more (its input closed): the session ends, the channel too
        # (a half-closed channel left the connection open with no process behind it).
        self.close("")
        return False

    def connection_lost(self, exc) -> None:
        self.chan = None
        self.end()

    # -- output: the player's process to the client --------------------------------------------
    def _master_readable(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the player's process ended (the slave side is closed)
            data = b""
        if not data:
            self._process_ended()
            return
        chan = self.chan
        if chan is None:
            return
        try:
            chan.write(data)
        except (BrokenPipeError, OSError):
            self.chan = None
            return
        if chan.get_write_buffer_size() > self.service.limits.max_output_buffer:
            self._slow_reader()

    def pause_writing(self) -> None:
        # The client does not take what it was sent: stop reading, and give it a while.
        self._pause_output()
        if self._stall is None:
            self._stall = asyncio.get_running_loop().call_later(self.service.limits.stalled_output, self._slow_reader)

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        self._resume_output()

    def _pause_output(self) -> None:
        if self._reading and self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            self._reading = False

    def _resume_output(self) -> None:
        if not self._reading and self.master is not None and not self._closing:
            asyncio.get_running_loop().add_reader(self.master, self._master_readable)
            self._reading = True

    def _slow_reader(self) -> None:
        self._stall = None
        self.refuse(f"output buffer over {self.service.limits.max_output_buffer // 2} bytes (client not reading)", "")

    # -- ending ------------------------------------------------------------------------------
    def refuse(self, why: str, message: str) -> None:
        """A limit is over: log who and why, tell the player in one line, disconnect."""
        log.warning("%s %s: %s: disconnected (the seats are kept)", self.peer, self.player.name, why)
        self.close(message)

    def _process_ended(self) -> None:
        self._stop_process()
        if self.chan is not None and not self._closing:
            self._closing = True
            self.chan.exit(0)

    def end(self) -> None:
        """The client went away: the player's process ends (the seat and the game stay)."""
        self._stop_process()

    def close(self, message: str) -> None:
        """Say ``message`` on the client's screen (after leaving the App's screen) and hang up."""
        self._closing = True
        self._stop_process()
        chan = self.chan
        if chan is None:
            return
        try:
            if message:
                chan.write(b"\x1b[?1049l\x1b[?25h\r\n" + message.encode() + b"\r\n")
            chan.exit(0)
        except OSError:  # (BrokenPipeError) the client hung up first: there is no one left to tell
            pass

    def _stop_process(self) -> None:
        if self.ended.is_set():
            return
        self.ended.set()
        loop = asyncio.get_running_loop()
        self._pause_output()
        if self._stall is not None:
            self._stall.cancel()
        if self.control is not None:
            try:
                loop.remove_reader(self.control.fileno())
            except (ValueError, OSError):
                pass
            self.control.close()
        if self.master is not None:
            os.close(self.master)  # the player's process gets SIGHUP: its terminal hung up
            self.master = None
        self._signal(signal.SIGTERM)
        if self.pidfd is not None:
            loop.call_later(3.0, self._kill)
        self.service.session_ended(self)
        log.info("%s %s: session ended", self.peer, self.player.name)
        if self.process_name is not None:  # its seats are away from now (it may not say so itself)
            self.service.process_ended(self.process_name)
