"""Players away from a started game: their away clocks, and the bot that stands in for a player
away longer than the table's creator allowed (the :class:`engine.lobby.Lobby`'s part for it).

"At the table" means some process has the seat attached now (this one, or any other: the
store keeps who is present, with a heartbeat per process), so the rule holds however many
processes serve the players.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

from .records import TableRecord

if TYPE_CHECKING:
    from engine.core import Table, TableHost
    from engine.store import Store


class AwayRules:
    if TYPE_CHECKING:  # what the Lobby this is a part of gives it
        store: Store
        host: TableHost
        _clock: Callable[[], datetime]

        def _edit(self, table_id: str) -> AbstractContextManager[tuple[object, TableRecord]]: ...
        def _changed(self) -> None: ...
        def record(self, table_id: str) -> TableRecord: ...
        def records(self) -> list[TableRecord]: ...
        def table(self, table_id: str) -> Table | None: ...

    def check_away(self) -> None:
        """Start the away clock of every seat nobody follows, and let a bot play for a player
        away longer than their table allows (the server calls this every few seconds)."""
        now, changed = self._clock(), False
        for record in self.records():
            if record.status != "playing" or record.stand_in_after is None:
                continue
            table = self.host.running(record.id)
            if table is None or table.finished:
                continue
            here = table.attached_seats | self.store.present_seats(record.id)
            if not _away(record, here, now):
                continue
            with self._edit(record.id) as (_tx, fresh):
                steps = _away(fresh, here, now)
                for i, step in steps:
                    _apply(fresh, i, step, now)
            for i, step in steps:
                if step == "back":
                    table.reclaim(i)
                elif step == "stand_in":
                    table.stand_in(i, fresh.stand_in_level)
            changed = changed or bool(steps)
        if changed:
            self._changed()

    def arrive(self, table_id: str, name: str) -> None:
        """``name`` opens their seat at the table: their stand-in stops at once."""
        record = self.record(table_id)
        seat = record.seat_of(name)
        if seat is None:
            return
        table = self.table(table_id)
        if table is None or (record.seats[seat].away_since is None and not record.seats[seat].stand_in):
            return
        with self._edit(table_id) as (_tx, fresh):
            _apply(fresh, seat, "back", None)
        table.reclaim(seat)
        self._changed()


def _away(record: TableRecord, here: frozenset[int], now: datetime) -> list[tuple[int, str]]:
    """What changes for the table's players now: (seat, "back" | "clock" | "stand_in")."""
    steps: list[tuple[int, str]] = []
    after = record.stand_in_after  # set at every table check_away looks at
    for i, seat in enumerate(record.seats):
        if seat.is_bot or not seat.joined:
            continue
        if i in here:
            if seat.away_since is not None or seat.stand_in:
                steps.append((i, "back"))
        elif seat.away_since is None:
            steps.append((i, "clock"))
        elif (
            not seat.stand_in
            and after is not None
            and (now - datetime.fromisoformat(seat.away_since)).total_seconds() >= after
        ):
            steps.append((i, "stand_in"))
    return steps


def _apply(record: TableRecord, i: int, step: str, now: datetime | None) -> None:
    seat = record.seats[i]
    if step == "back":
        seat.away_since, seat.stand_in = None, False
    elif step == "clock":
        assert now is not None, "an away clock starts at a time"
        seat.away_since = now.isoformat(timespec="seconds")
    else:
        seat.stand_in = True
