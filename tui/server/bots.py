"""The process pool the server's bots think in, so a thinking bot never stalls a session."""
from __future__ import annotations

import random
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any


def _portable(arg: Any) -> Any:
    # The table hands each bot a keyed Random that seeds itself lazily and does not pickle;
    # the worker gets a plain Random in the very same state, so the bot draws the same numbers.
    if isinstance(arg, random.Random) and type(arg) is not random.Random:
        plain = random.Random()
        plain.setstate(arg.getstate())
        return plain
    return arg


class BotPool(ProcessPoolExecutor):
    def submit(self, fn, /, *args: Any, **kwargs: Any) -> Future:
        return super().submit(fn, *(_portable(a) for a in args), **kwargs)
