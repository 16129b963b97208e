"""Learning at once that another process wrote: a thread that waits for the database's word
and then calls back on the event loop.

PostgreSQL: the thread LISTENs on its own connection; every write NOTIFYs at its commit.
SQLite: the thread sleeps until the database's write-ahead log is written (inotify on the data
folder), then asks ``PRAGMA data_version`` on its own connection (it changes when any other
connection commits; asking reads nothing from the file); where inotify is missing it asks every
``interval`` seconds. An idle process costs nothing.
Either way the callback runs on the loop, at most once per burst of writes. The thread also
says, every few seconds, that this process is alive (its open seats count as present).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Callable

from .db import Postgres, SQLite, StoreError
from .wake import WalWake as _WalWake

BEAT = 10.0  # seconds between "alive" rows (processes.ALIVE is three of them)


class Watcher:
    def __init__(
        self, store, callback: Callable[[], None], interval: float = 0.05, loop: asyncio.AbstractEventLoop | None = None
    ):
        self.store, self.callback, self.interval = store, callback, interval
        self.loop = loop or asyncio.get_running_loop()
        self._stop = threading.Event()
        self._pending = False
        self._thread = threading.Thread(target=self._run, name="bergfried-store-watch", daemon=True)
        self._last_beat = 0.0
        self._wake: _WalWake | None = None  # the log watch of the SQLite wait under way
        self.pid = os.getpid()  # a forked child has no thread of its parent's: it watches anew

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        wake = self._wake
        if wake is not None:
            wake.interrupt()  # (asleep on the log for up to a second otherwise: every stop waited it out)
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(5)

    def _run(self) -> None:
        db = self.store.db
        while not self._stop.is_set():
            try:
                if isinstance(db, Postgres):
                    self._listen(db)
                elif isinstance(db, SQLite):
                    self._poll(db)
            except StoreError:
                self._stop.wait(1.0)  # the database is away: try again in a second
            except Exception:  # a connection dropped mid-wait (psycopg's own errors)
                self._stop.wait(1.0)
        with contextlib.suppress(Exception):
            db.close()  # this thread's connection

    def _poll(self, db: SQLite) -> None:
        seen = db.data_version()
        wake = self._wake = _WalWake(db.path)
        self._fire()  # whatever was written before this thread first looked (as _listen does)
        try:
            while not self._stop.is_set():
                # Waiting for the WAL to be written costs nothing while nobody writes; without
                # inotify (or as a safety net for a missed wake-up) the number is asked anyway.
                woken = wake.wait(self.interval if not wake.ok else 1.0)
                for delay in (0.0, 0.005, 0.02, 0.05) if woken else (0.0,):
                    if delay:
                        self._stop.wait(delay)  # the commit's index update may follow its write
                    version = db.data_version()
                    if version != seen:
                        seen = version
                        self._fire()
                        break
                self._beat()
        finally:
            wake.close()

    def _listen(self, db: Postgres) -> None:
        conn = db.listen()
        try:
            self._fire()  # whatever happened while no one listened
            while not self._stop.is_set():
                for _ in conn.notifies(timeout=1.0, stop_after=1):
                    self._fire()
                self._beat(conn)
        finally:
            conn.close()

    def _beat(self, conn=None) -> None:
        """``conn``: the listening connection (PostgreSQL), so a process holds two, not three."""
        now = time.monotonic()
        if self.store.beats and now - self._last_beat >= BEAT:
            self._last_beat = now
            if conn is None:
                self.store.beat()
            else:
                sql, params = self.store.beat_statement()
                conn.execute(self.store.db.sql(sql), params)

    def _fire(self) -> None:
        if self._pending:
            return
        self._pending = True
        try:
            self.loop.call_soon_threadsafe(self._call)
        except RuntimeError:  # the loop is closed: nobody to tell any more
            self._stop.set()

    def _call(self) -> None:
        self._pending = False
        self.callback()
        run_wakers(self.store)


def run_wakers(store) -> None:
    """Tell chat, presence and notices that another process wrote (one query each at most); a
    session told of changes by its server's front calls this as a watcher would."""
    run_online_wakers(store)
    for waker in list(store.wakers):
        try:
            waker()
        except StoreError:
            pass  # the database is away for a moment: the next change tries again


def run_online_wakers(store) -> None:
    """Tell the online list's followers that who is where may have changed (one query each)."""
    for waker in list(store.online_wakers):
        try:
            waker()
        except StoreError:
            pass
