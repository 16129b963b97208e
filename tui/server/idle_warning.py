"""The warning before an idle disconnect (issue 29): a minute before the front would close a
session that has sent no key (``Limits.idle_lobby`` in the lobby, ``idle_table`` at a table), it
tells the session's App, which shows the player how long is left; any key resets the clock and
a new warning is due before the next disconnect.

Only the front knows the idle clock (it counts the client's bytes) and the limits; the App
knows where the player is, so the front asks it (the same status question the disconnect asks).
"""

from __future__ import annotations

import time
from typing import Any

#: How far ahead of the disconnect the player is warned (at most half the limit itself).
AHEAD = 60.0


def ahead(limit: float) -> float:
    return min(AHEAD, limit / 2)


async def warn_idle(service: Any) -> None:
    """Warn every session within a minute of its idle disconnect, once per quiet spell."""
    limits, now = service.limits, time.monotonic()
    for session in list(service.sessions):
        idle = now - session.last_input
        if idle < limits.idle_lobby - ahead(limits.idle_lobby):
            continue
        if getattr(session, "idle_warned", None) == session.last_input:
            continue  # warned already since the last key
        limit = limits.idle_lobby
        if idle < limits.idle_table:
            status = await session.status(timeout=2.0)
            if status is not None and status.get("play") is not None:
                limit = limits.idle_table  # at a table, where people think longer
        left = limit - idle
        if 0 < left <= ahead(limit):
            session.idle_warned = session.last_input
            session.tell({"idle_warning": left, "limit": limit})


def warning_text(left: float, limit: float) -> str:
    """What the player reads: how long they have been quiet and how long is left."""
    quiet = f"{limit / 60:.0f} minutes" if limit >= 120 else f"{limit:.0f} seconds"
    return (
        f"No key for almost {quiet}: you will be disconnected in {max(left, 1):.0f} s "
        "(your seats are kept). Press any key to stay."
    )
