"""Garbage collection kept off a thinking bot's clock.

A full collection walks every object of the process, and a long session's caches hold hundreds of
thousands: one collection in the middle of a rollout step cost 0.1 s on an idle machine and
seconds under load (Castle Builder decisions of 4.8 and 5.5 s at a budget of 1 s), and no
deadline can stop it. While a search runs, the objects that existed before it are frozen
(``gc.freeze``), so the collections it triggers walk only what the search made; they are handed
back to the collector (``gc.unfreeze``) when the last of the searches running at once (a hint may
search beside a bot) ends. Freezing and thawing move whole lists: they cost nothing.

    >>> freeze(); thaw()
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_running = [0]  # searches running


def freeze() -> None:
    """Leave the objects made so far out of garbage collection until ``thaw``. Called first
    thing, before the search allocates: an allocation may start a collection (so the lock is
    taken without ``with``, whose bound exit method is an allocation)."""
    _lock.acquire()
    try:
        if _running[0] == 0:
            gc.freeze()
        _running[0] += 1
    finally:
        _lock.release()


def thaw() -> None:
    with _lock:
        _running[0] -= 1
        if _running[0] == 0:
            gc.unfreeze()
