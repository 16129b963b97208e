"""Waiting in tests for a condition, never for a fixed time (a loaded machine runs late, an idle
one wastes the wait): ``until`` polls a condition, ``ticks`` waits out a number of timer ticks
(to see that something does *not* happen while an App's own timers had their chances)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(predicate: Callable[[], object], timeout: float = 15.0, what: str = "condition") -> None:
    """Wait until ``predicate()`` is true; a predicate that returns a coroutine is awaited (the
    server tests ask another process)."""

    async def poll():
        while True:
            result = predicate()
            if asyncio.iscoroutine(result):
                result = await result
            if result:
                return
            await asyncio.sleep(0.02)

    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"{what} not reached within {timeout}s") from None


async def ticks(app, interval: float, count: int) -> None:
    """Until a timer of ``interval`` seconds on ``app`` has fired ``count`` times: as long as the
    app's own timers of that interval had to fire as often, however slow the machine is."""
    fired: list[int] = []
    timer = app.set_interval(interval, lambda: fired.append(1))
    try:
        await until(lambda: len(fired) >= count, what=f"{count} ticks of {interval}s")
    finally:
        timer.stop()
