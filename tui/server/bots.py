"""The process pool the server's bots think in, so a thinking bot never stalls a session.

Its workers run at a lower CPU priority (``nice``): a thinking bot uses all the CPU it gets for
as long as its budget lasts, while the event loop (every session's keys and frames) needs a
core only for moments; when both want one, the loop gets it and the bot thinks a little longer.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

#: How much lower the workers' priority is than the server's (Unix ``nice`` steps, 0 to 19).
NICENESS = 10


def _portable(arg: Any) -> Any:
    # The table hands each bot a keyed Random that seeds itself lazily and does not pickle;
    # the worker gets a plain Random in the very same state, so the bot draws the same numbers.
    if isinstance(arg, random.Random) and type(arg) is not random.Random:
        plain = random.Random()
        plain.setstate(arg.getstate())
        return plain
    return arg


def lower_priority(niceness: int) -> None:
    """The pool's initializer: this worker yields the CPU to the server process."""
    if niceness > 0 and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: the bots think at the server's priority
            pass


class BotPool(ProcessPoolExecutor):
    def __init__(self, max_workers: int | None = None, *, niceness: int = NICENESS) -> None:
        super().__init__(max_workers, initializer=lower_priority, initargs=(niceness,))

    def submit(self, fn, /, *args: Any, **kwargs: Any) -> Future:
        return super().submit(fn, *(_portable(a) for a in args), **kwargs)
