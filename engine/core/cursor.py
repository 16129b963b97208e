"""Step through a finished or unfinished log: forward, back, seek, and jump by turn or round.

    cursor = ReplayCursor(game, header.config, events)
    cursor.seek(120); cursor.back(); cursor.next_boundary("round")

Position ``p`` is the state after the first ``p`` events (0 is before setup; a replay starts
past the set-up, :func:`set_up_length`). Snapshots every ``SNAPSHOT_EVERY`` events bound a
seek to folding at most that many events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import Game, GameConfig

SNAPSHOT_EVERY = 64


def set_up_length(entries: Sequence[Any]) -> int:
    """How many of a log's first events set the table up before anyone's first move (act 0).
    A replay starts after the last of them it describes: at move 0, with the table set up, so
    that its first step is move 1 (it started on an empty table and stepped to the set-up)."""
    return next((i for i, entry in enumerate(entries) if entry.act > 0), len(entries))


def start_label(set_up: Sequence[str]) -> str:
    """The first step's line: "start", and what the set-up said ("start · first player Ann")."""
    return " · ".join(["start", *set_up])


class ReplayCursor:
    def __init__(self, game: Game, config: GameConfig, events: Sequence[Any]):
        self.game, self.config = game, config
        self.events = list(events)
        self._snapshots: dict[int, Any] = {0: game.initial_state(config)}
        self._boundaries = [(i, game.boundary(ev)) for i, ev in enumerate(self.events)]
        self.position = 0
        self.state = self._snapshots[0]

    @classmethod
    def open(cls, path, lookup) -> tuple[ReplayCursor, Any]:
        """A cursor over a save file, loaded as every load is (each move decided again, undo lines
        checked); returns the cursor and the LoadedLog (its header and any warning)."""
        from .log import read_log

        loaded = read_log(path, lookup)
        game = lookup(loaded.header.game)
        cursor = cls(game, loaded.header.config, [e.event for e in loaded.entries])
        cursor._snapshots[len(cursor.events)] = loaded.state  # the verified end, for free
        return cursor, loaded

    def __len__(self) -> int:
        return len(self.events)

    def seek(self, position: int) -> Any:
        position = max(0, min(position, len(self.events)))
        if position == self.position:
            return self.state
        if self.position < position and position - self.position <= SNAPSHOT_EVERY:
            start, state = self.position, self.state
        else:
            start = max(p for p in self._snapshots if p <= position)
            state = self._snapshots[start]
            if start + SNAPSHOT_EVERY < position:
                start, state = self._fill_snapshots(start, state, position)
        for i in range(start, position):
            state = self.game.evolve(state, self.events[i])
        self.position, self.state = position, state
        return state

    def _fill_snapshots(self, start: int, state: Any, target: int) -> tuple[int, Any]:
        """Fold forward to ``target``, leaving a snapshot every SNAPSHOT_EVERY events on the way."""
        while start + SNAPSHOT_EVERY <= target:
            for i in range(start, start + SNAPSHOT_EVERY):
                state = self.game.evolve(state, self.events[i])
            start += SNAPSHOT_EVERY
            self._snapshots[start] = state
        return start, state

    def forward(self, steps: int = 1) -> Any:
        return self.seek(self.position + steps)

    def back(self, steps: int = 1) -> Any:
        return self.seek(self.position - steps)

    def start(self) -> Any:
        return self.seek(0)

    def end(self) -> Any:
        return self.seek(len(self.events))

    @property
    def at_end(self) -> bool:
        return self.position == len(self.events)

    def boundaries(self, kind: str) -> list[int]:
        """Positions just before each event that starts a ``kind`` ('turn' also counts rounds)."""
        kinds = {"round"} if kind == "round" else {"round", "turn"}
        return [i for i, b in self._boundaries if b in kinds]

    def next_boundary(self, kind: str = "turn") -> Any:
        later = [p for p in self.boundaries(kind) if p > self.position]
        return self.seek(later[0] if later else len(self.events))

    def previous_boundary(self, kind: str = "turn") -> Any:
        earlier = [p for p in self.boundaries(kind) if p < self.position]
        return self.seek(earlier[-1] if earlier else 0)
