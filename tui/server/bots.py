"""The processes the server's bots think in, so a thinking bot never stalls a session.

They are started before the server listens, by *spawning* (a fresh interpreter, not a fork):
they inherit no socket, so a killed server leaves its port free at once and no bot keeps a
closed client's connection open. Each ends when the server does (it watches its parent).

Their workers run at a lower CPU priority (``nice``): a thinking bot uses all the CPU it gets for
as long as its budget lasts, while the players' processes need a core only for moments.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from .template import die_with_parent

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
    """The pool's initializer: this worker dies with the server and yields the CPU to it."""
    die_with_parent()
    if niceness > 0 and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: the bots think at the server's priority
            pass


class BotPool(ProcessPoolExecutor):
    def __init__(self, max_workers: int | None = None, *, niceness: int = NICENESS) -> None:
        super().__init__(
            max_workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=lower_priority,
            initargs=(niceness,),
        )
        self.workers = max_workers or 1

    def submit(self, fn, /, *args: Any, **kwargs: Any) -> Future:
        return super().submit(fn, *(_portable(a) for a in args), **kwargs)
