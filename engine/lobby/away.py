"""Players away from a started game: their away clocks, and the bot that stands in for a player
away longer than the table's creator allowed (the :class:`engine.lobby.Lobby`'s part for it).

"At the table" means some process has the seat attached now (this one, or any other: the
store keeps who is present, with a heartbeat per process), so the rule holds however many
processes serve the players.
"""
from __future__ import annotations

from datetime import datetime

from .records import TableRecord


class AwayRules:
    def check_away(self) -> None:
        """Start the away clock of every seat nobody follows, and let a bot play for a player
        away longer than their table allows (the server calls this every few seconds)."""
        now, changed = self._clock(), False
        for record in list(self._records.values()):
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
        table = self.table(table_id) if seat is not None else None
        if table is None or (record.seats[seat].away_since is None and not record.seats[seat].stand_in):
            return
        with self._edit(table_id) as (_tx, fresh):
            _apply(fresh, seat, "back", None)
        table.reclaim(seat)
        self._changed()


def _away(record: TableRecord, here: frozenset[int], now: datetime) -> list[tuple[int, str]]:
    """What changes for the table's players now: (seat, "back" | "clock" | "stand_in")."""
    steps = []
    for i, seat in enumerate(record.seats):
        if seat.is_bot or not seat.joined:
            continue
        if i in here:
            if seat.away_since is not None or seat.stand_in:
                steps.append((i, "back"))
        elif seat.away_since is None:
            steps.append((i, "clock"))
        elif not seat.stand_in and (now - datetime.fromisoformat(seat.away_since)
                                    ).total_seconds() >= record.stand_in_after:
            steps.append((i, "stand_in"))
    return steps


def _apply(record: TableRecord, i: int, step: str, now: datetime | None) -> None:
    seat = record.seats[i]
    if step == "back":
        seat.away_since, seat.stand_in = None, False
    elif step == "clock":
        seat.away_since = now.isoformat(timespec="seconds")
    else:
        seat.stand_in = True
