"""Waking when a SQLite database's write-ahead log is written: Linux inotify on its folder
(through ctypes: the standard library has no binding). Elsewhere ``ok`` is False and ``wait``
just sleeps, so the watcher falls back to asking every so often."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import time
from pathlib import Path

IN_MODIFY, IN_CREATE = 0x2, 0x100
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000


class WalWake:
    def __init__(self, database: Path):
        self.name = (Path(database).name + "-wal").encode()
        self.fd = -1
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
        if self.fd < 0:
            time.sleep(timeout)
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return False
        return self.name in data  # the events name the files: only the log counts

    def close(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1
