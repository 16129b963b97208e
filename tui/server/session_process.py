"""The front's side of a player's process: the control socket beside its pty (the child says
its pid and its log lines there, and answers what it shows), signals to end it, and what memory
it holds (the front ends a session whose process grows past ``Limits.max_session_memory``)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Who

log = logging.getLogger("bergfried.serve")
PAGE = os.sysconf("SC_PAGE_SIZE")
#: Seconds after which a process's private pages are counted again however little it grew.
RECOUNT = 30.0
#: The word every session hears at every change to the store (one encoding for all of them, and
#: the child knows it without parsing it).
CHANGED = json.dumps({"changed": True}).encode()
#: The word a session showing the online list hears when who is where changed (logins, logouts,
#: seats opened and left); no other session hears of those.
ONLINE = json.dumps({"online_changed": True}).encode()


def safe(text: object, limit: int = 80) -> str:
    """Client-supplied text as one harmless log word: control characters escaped, cut short."""
    text = str(text)
    out = "".join(
        ch if ch.isprintable() and ch != "\\" else "\\\\" if ch == "\\" else ch.encode("unicode_escape").decode("ascii")
        for ch in text[:limit]
    )
    return out + ("…" if len(text) > limit else "")


class PlayerProcess:
    """The player's process as the session (``SSHSession``) holds it."""

    peer: str
    player: Who
    control: socket.socket | None
    pid: int | None
    pidfd: int | None
    started: asyncio.Future
    ended: asyncio.Event
    place: str | None  # where the player is ("lobby" or a table's id), as the child last said
    process_name: str | None = None  # the child's name in the store's presence rows
    words: int  # words of changes told to the child (a test counts who wakes)
    _control_buffer: bytes
    _asks: dict[int, asyncio.Future]
    _counted: tuple[int, int, float] | None = None  # resident and private bytes at the last count, when

    def refuse(self, why: str, message: str) -> None: ...

    # -- memory --------------------------------------------------------------------------------
    def resident(self) -> int | None:
        """Bytes of memory the player's process has in RAM now, its pages shared with the template
        included (None: it is gone or not started). Cheap: /proc/PID/statm."""
        if self.pid is None or self.ended.is_set():
            return None
        try:
            with open(f"/proc/{self.pid}/statm", "rb") as f:
                return int(f.read().split()[1]) * PAGE
        except (OSError, ValueError, IndexError):
            return None

    def private(self) -> int | None:
        """Bytes only this process holds (USS: its own pages and the template's it has written
        to). Costlier: /proc/PID/smaps_rollup, about 0.4 ms."""
        if self.pid is None or self.ended.is_set():
            return None
        try:
            with open(f"/proc/{self.pid}/smaps_rollup", "rb") as f:
                lines = f.read().splitlines()
        except OSError:
            return None
        kib = sum(int(line.split()[1]) for line in lines if line.startswith((b"Private_Clean:", b"Private_Dirty:")))
        return kib << 10

    def check_memory(self, limit: int) -> None:
        """Over ``limit`` bytes of its own: the session ends with one line, and the log says so.
        (Its resident memory, never less than its own, is read first: the costlier count only
        for a process that holds more than the limit in all, and only if its last count plus
        what it grew since passes the limit, or every RECOUNT seconds. A process forked from the
        template is resident over 80 MiB with the template's pages; counting each of 200
        sessions twice a second, 1.6 ms each, was 0.6 cores of the front.)"""
        resident = self.resident() or 0
        if resident <= limit:
            return
        now, counted = time.monotonic(), self._counted
        if counted is not None and now - counted[2] < RECOUNT and counted[1] + resident - counted[0] <= limit:
            return  # (a process grows its own pages by growing: keys queued, new objects)
        held = self.private()
        if held is not None:
            self._counted = (resident, held, now)
        if held is not None and held > limit:
            self.refuse(
                f"its process holds {held >> 20} MiB of its own "
                f"(over {limit >> 20} MiB: keys faster than it takes them?)",
                "Your session took more memory than this server allows (keys sent faster than it could take them); "
                "disconnected. Your seats are kept.",
            )

    # -- the control socket: the child's pid, its log lines, answers ---------------------------
    def _control_readable(self) -> None:
        try:
            data = self.control.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.control.fileno())
            return
        self._control_buffer += data
        while b"\n" in self._control_buffer:
            line, self._control_buffer = self._control_buffer.split(b"\n", 1)
            try:
                self._from_child(json.loads(line))
            except (ValueError, TypeError):
                continue

    def _from_child(self, message: dict) -> None:
        if "pid" in message:
            self.pid = int(message["pid"])
            try:
                self.pidfd = os.pidfd_open(self.pid)
            except (OSError, AttributeError):
                self.pidfd = None
            if not self.started.done():
                self.started.set_result(self.pid)
        elif "log" in message:
            level = getattr(logging, str(message["log"]), logging.INFO)
            log.log(
                level if isinstance(level, int) else logging.INFO,
                "%s %s: %s",
                self.peer,
                self.player.name,
                safe(message.get("text", ""), 400),
            )
        elif "process" in message:  # its name in the store's presence rows
            self.process_name = str(message["process"])
        elif "place" in message:  # the front tells the online list's changes only to the lobby
            self.place = str(message["place"])
            # Changes told to nobody while this word was on its way (tables' changes are told
            # only to the sessions showing them: the lobby's list, a table's screen).
            self.tell_line(CHANGED)
            if self.place == "lobby":
                self.tell_line(ONLINE)
        elif "name" in message:  # renamed (or a new key chose its name): logged as such from now
            name = safe(message["name"], 24)
            log.info("%s %s: now %s", self.peer, self.player.name, name)
            self.player.name = name
        elif "status" in message:
            future = self._asks.pop(message.get("id"), None)
            if future is not None and not future.done():
                future.set_result(message["status"])

    def tell(self, message: dict) -> None:
        self.tell_line(json.dumps(message).encode())

    def tell_line(self, line: bytes) -> None:
        if line in (CHANGED, ONLINE):
            self.words += 1
        if self.control is not None:
            try:
                self.control.send(line + b"\n")
            except OSError:
                pass

    async def status(self, timeout: float = 5.0) -> dict | None:
        """What the player's App shows (``probe.describe``), or None if it does not answer."""
        if self.control is None or self.ended.is_set():
            return None
        ask = len(self._asks) + int(time.monotonic() * 1000)
        future = asyncio.get_running_loop().create_future()
        self._asks[ask] = future
        self.tell({"ask": "status", "id": ask})
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self._asks.pop(ask, None)
            return None

    def _signal(self, sig: int) -> None:
        if self.pidfd is None:
            return
        try:
            signal.pidfd_send_signal(self.pidfd, sig)
        except (ProcessLookupError, OSError):
            pass

    def _kill(self) -> None:
        self._signal(signal.SIGKILL)
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None
