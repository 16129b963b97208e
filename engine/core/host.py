"""The tables one process hosts, by save file: opening a game that is already open attaches to
its table instead of writing the file twice.

    host = TableHost(get_game, bot_delay=0.6)
    table, warning = host.open(path)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from .game import Game, GameConfig
from .log import Seat
from .match import Match
from .table import Table


class TableHost:
    def __init__(
        self,
        lookup: Callable[[str], Game],
        *,
        executor: Executor | None = None,
        bot_delay: float = 0.0,
        durable: bool = True,
    ):
        self.lookup, self.executor, self.bot_delay, self.durable = lookup, executor, bot_delay, durable
        self._tables: dict[Path | str, Table] = {}

    def _key(self, path: Path | str) -> Path | str:
        """A save file's resolved path, or (a str) the id of a table in a store."""
        return path if isinstance(path, str) else Path(path).expanduser().resolve()

    def running(self, path: Path | str) -> Table | None:
        """The open table playing ``path``, if this process hosts one."""
        table = self._tables.get(self._key(path))
        if table is not None and (table.closed or table.stopped):
            del self._tables[self._key(path)]
            return None
        return table

    def new(
        self, game: Game, config: GameConfig, seats: Sequence[Seat], seed: Any, path: Path, created: str | None = None
    ) -> Table:
        match = Match.new(game, config, seats, seed, path=path, created=created, durable=self.durable)
        return self._host(path, match)

    def open(self, path: Path) -> tuple[Table, str | None]:
        """The table of a saved game: the running one, or a new one continuing the file.

        Raises LogError (with the engine's message) when the file cannot be continued.
        """
        table = self.running(path)
        if table is not None:
            return table, None
        match, warning = Match.load(Path(path), self.lookup, durable=self.durable)
        return self._host(path, match), warning

    def _host(self, path: Path, match: Match) -> Table:
        return self.adopt(path, Table(match, executor=self.executor, bot_delay=self.bot_delay))

    def adopt(self, key: Path | str, table: Table) -> Table:
        """Host ``table`` under ``key`` (a save file's path, or a stored table's id)."""
        self._tables[self._key(key)] = table
        return table

    def tables(self) -> list[Table]:
        return [t for t in self._tables.values() if not t.closed]

    def close_all(self) -> None:
        for table in list(self._tables.values()):
            table.close()
        self._tables.clear()
