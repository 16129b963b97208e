"""When a server's front forgets old ``changed`` rows (issue 24): the store's ``changed`` table
keeps, for every table and player ever written, the count of its latest write, and was never
pruned. The front that reads the counters after every change keeps a few of the counts it read
with the time it read them; now and then it drops the rows older than what it had read ``keep``
seconds ago (``Store.forget_changes``). Every front of a database does so (on PostgreSQL, one
a host); a front, lobby or session that has not read for that long reads everything again once
(the store says "anyone's" below the floor), so none misses a change.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from .db import StoreError

KEEP = 600.0  # seconds a count stays detailed: far longer than any healthy front lags
EVERY = 60.0  # seconds between two prunes


class Pruner:
    def __init__(
        self, store, keep: float = KEEP, every: float = EVERY, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store, self.keep, self.every, self.clock = store, keep, every, clock
        self._read: deque[tuple[float, int]] = deque()  # (when, the tables' count read then)
        self._last = clock()

    def read(self, count: int | None) -> int:
        """The front read the tables' counter at ``count``; returns the rows dropped now."""
        now = self.clock()
        # a sample every quarter of ``every`` at most (keep / every * 4 of them in all): a floor
        # is always a count read at least ``keep`` seconds ago
        if count is not None and (not self._read or now - self._read[-1][0] >= self.every / 4):
            self._read.append((now, count))
        if now - self._last < self.every:
            return 0
        self._last = now
        floor = None
        while self._read and now - self._read[0][0] >= self.keep:
            floor = self._read.popleft()[1]
        if floor is None:
            return 0
        try:
            return self.store.forget_changes(floor)
        except StoreError:
            return 0  # the database is away: the next prune drops these too
