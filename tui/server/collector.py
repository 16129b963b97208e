"""The garbage collector in a server of many Apps.

Each session's App is tens of thousands of objects that live as long as the session. Python's
full collection walks every one of them: with 50 sessions a pass paused the event loop (every
session's keys and frames) for up to half a second, and one came every few logins. So what has
lived a second is *frozen* every second (``gc.freeze``: left out of every collection; objects
freed by their reference count still go at once). Frozen cycles are never collected, so once
in a while (10 sessions ended, or five minutes since the last time) everything is unfrozen,
collected in one pass, and frozen again. Young collections come every 10,000 new objects
instead of 700 (an App's start makes about a hundred thousand): fewer of the start's objects
are walked twice, and the slowest logins came down (the median stayed). The older generations
are left to those passes: what survives a young collection is frozen within a second anyway,
and a collection of the middle generation (every 20 young ones, every few logins) walked up to
a second of sessions' starts, 5-10 ms, to find almost nothing (0-300 objects).

    collector = Collector()
    collector.start()             # the server's thresholds
    collector.tick()              # every second
    collector.session_ended()     # counts toward the next full pass
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


class Collector:
    def __init__(
        self, *, ended_batch: int = 10, period: float = 300.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.ended_batch, self.period, self._clock = ended_batch, period, clock
        self._ended = 0  # sessions ended since the last full pass
        self._last_pass = clock()
        self._thresholds: tuple[int, ...] | None = None

    def start(self) -> None:
        self._thresholds = gc.get_threshold()
        gc.set_threshold(10_000, 1_000_000, 1_000_000)

    def session_ended(self) -> None:
        self._ended += 1

    def tick(self) -> None:
        """Called every second or so by the server."""
        if self._ended >= self.ended_batch or self._clock() - self._last_pass >= self.period:
            gc.unfreeze()
            gc.collect()
            self._ended, self._last_pass = 0, self._clock()
        gc.freeze()

    def close(self) -> None:
        gc.unfreeze()
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
