"""Waking when a SQLite database's write-ahead log is written: Linux inotify on its folder
(through ctypes: the standard library has no binding). Elsewhere ``ok`` is False and ``wait``
just sleeps, so the watcher falls back to asking every so often. ``interrupt`` ends a wait at
once (a pipe beside the inotify descriptor), so a watcher stops without sleeping out its wait."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import threading
import time
from pathlib import Path

IN_MODIFY, IN_CREATE = 0x2, 0x100
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000


class WalWake:
    def __init__(self, database: Path):
        self.name = (Path(database).name + "-wal").encode()
        self.fd = -1
        self._wakeup, self._waker = os.pipe()
        self._lock = threading.Lock()  # interrupt (another thread) never writes to a closed pipe
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
            if fd >= 0 and libc.inotify_add_watch(fd, os.fsencode(Path(database).parent), IN_MODIFY | IN_CREATE) >= 0:
                self.fd = fd
            elif fd >= 0:
                os.close(fd)
        except (OSError, AttributeError):
            self.fd = -1

    @property
    def ok(self) -> bool:
        return self.fd >= 0

    def wait(self, timeout: float) -> bool:
        """Sleep until the log is written or ``timeout`` passes; True if it was written."""
        watched = [fd for fd in (self._wakeup, self.fd) if fd >= 0]
        if not watched:  # closed
            time.sleep(timeout)
            return False
        ready, _, _ = select.select(watched, [], [], timeout)
        if self._wakeup in ready:
            with contextlib.suppress(OSError):
                os.read(self._wakeup, 64)
            return False
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return False
        return self.name in data  # the events name the files: only the log counts

    def interrupt(self) -> None:
        """End a ``wait`` under way (or the next one) now; from any thread."""
        with self._lock:
            if self._waker >= 0:
                with contextlib.suppress(OSError):
                    os.write(self._waker, b"!")

    def close(self) -> None:
        with self._lock:
            for fd in (self.fd, self._wakeup, self._waker):
                if fd >= 0:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self.fd = self._wakeup = self._waker = -1
