"""The limits the front process holds every client to, before anything parses what they send."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass
class Limits:
    max_connections: int = 200
    max_per_address: int = 20
    failed_auth_per_minute: int = 20
    idle_lobby: float = 15 * 60  # seconds since the last key, in the lobby (or no session)
    idle_table: float = 2 * 60 * 60  # ... at a table (people think)
    max_output_buffer: int = 1 << 20  # bytes queued for a client that does not read
    stalled_output: float = 10.0  # seconds a client may not read before it is dropped
    input_rate: int = 4096  # bytes a second a client may send, on average ...
    input_burst: int = 16384  # ... and at once (a pasted move is a few hundred)
    max_width: int = 400  # the largest terminal drawn; larger ones are clamped
    max_height: int = 150
    idle_check: float = 5.0
    # Bytes a player's process holds of its own (USS: about 28 MiB at a table, more on a large
    # terminal): keys sent within the byte rate but faster than its App takes them queue up there.
    max_session_memory: int = 80 << 20
    memory_check: float = 0.5  # seconds between looks (/proc/PID/statm: microseconds each)
    away_check: float = 5.0  # seconds between the bot pool's checks for players away (stand-ins)


class TokenBucket:
    """Bytes a client may send: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self, n: int) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= n
        return self.tokens >= 0
