"""Kept readings of move texts: a load reads every logged move again, and games repeat the same
few texts, so a game whose actions are immutable keeps what each text meant.

    _READINGS = Readings(_parse)

    def parse_action(state, text):
        return _READINGS.read((state.phase, text), state, text)  # the key: all a reading depends on

Only what a text means is kept, never a refusal (an unreadable text raises again each time), and
at most ``limit`` readings: texts a hostile file makes up are read, just not kept.

>>> calls = []
>>> readings = Readings(lambda text: calls.append(text) or text.upper())
>>> readings.read("a3", "a3"), readings.read("a3", "a3"), calls
('A3', 'A3', ['a3'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

LIMIT = 4096


class Readings:
    """``parse(*args)`` kept under ``key``, for a ``parse`` whose result depends only on the key."""

    __slots__ = ("_kept", "_parse", "kept", "limit")

    def __init__(self, parse: Callable[..., Any], limit: int = LIMIT):
        self._kept: dict[Hashable, Any] = {}
        self._parse, self.limit = parse, limit
        self.kept: Callable[[Hashable], Any] = self._kept.get  # the reading kept under a key, or None

    def read(self, key: Hashable, *args: Any) -> Any:
        action = self._kept.get(key)
        if action is None:
            action = self._parse(*args)
            if len(self._kept) < self.limit:
                self._kept[key] = action
        return action

    def __len__(self) -> int:
        return len(self._kept)
