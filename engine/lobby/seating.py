"""Seating at a table, the :class:`engine.lobby.Lobby`'s part for it: a new table with its seats
(players, invitations, bots, open), a player joining or leaving before the game starts, and the
game starting in the same transaction that takes the last seat.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import AbstractContextManager
from copy import copy
from datetime import datetime
from typing import TYPE_CHECKING

from engine.core import GameConfig, Seat
from engine.games import game_ids, get_game
from engine.store.db import Duplicate
from engine.store.tables import StoreWriter, start_lines

from .accounts import valid_name
from .records import SeatRecord, TableRecord

if TYPE_CHECKING:
    from engine.core import Table
    from engine.store import Store


class LobbyError(Exception):
    """Something a player asked of the lobby that cannot be done; the message says why."""


class Seating:
    if TYPE_CHECKING:  # what the Lobby this is a part of gives it
        store: Store
        _records: dict[str, TableRecord]
        _clock: Callable[[], datetime]

        def _edit(self, table_id: str) -> AbstractContextManager[tuple[object, TableRecord]]: ...
        def _changed(self) -> None: ...
        def _host(self, record: TableRecord, match) -> Table: ...
        def record(self, table_id: str) -> TableRecord: ...

    def create(
        self,
        creator: str,
        game_id: str,
        seats: list[str],
        variants=(),
        *,
        stand_in_after: float | None = None,
        stand_in_level: str = "",
    ) -> TableRecord:
        """A new table. ``seats``: one per player, each "me", "open", "bot:<level>" or
        "invite:<name>" (any valid name: one nobody has logged in with yet is held for the first
        key that claims it); the game starts at once when no seat is left open.
        ``stand_in_after``: seconds a player may be away from the table before a bot of
        ``stand_in_level`` plays for them (until they come back); None: never."""
        if game_id not in game_ids():
            raise LobbyError(f"there is no game {game_id!r}")
        game = get_game(game_id)
        if not game.min_players <= len(seats) <= game.max_players:
            raise LobbyError(f"{game.title} is for {game.min_players}–{game.max_players} players")
        records = [self._seat(spec, creator, game) for spec in seats]
        players = [s.player.lower() for s in records if s.player]
        if len(players) != len(set(players)):
            raise LobbyError("a player can take only one seat at a table")
        if stand_in_after is not None and stand_in_level not in game.bot_levels:
            raise LobbyError(f"{game.title} has no {stand_in_level!r} bot to stand in")
        for _attempt in range(20):  # an id another process took a moment ago: draw again
            record = TableRecord(
                self._new_id(),
                game_id,
                creator,
                self._now(),
                [copy(s) for s in records],
                stand_in_after=stand_in_after,
                stand_in_level=stand_in_level,
            )
            try:
                with self.store.transaction() as tx:
                    self.store.put_table(tx, record.to_json(), new=True)
                    started = self._start_if_full(tx, record)
                    if started is not None:
                        self.store.put_table(tx, record.to_json())
                break
            except Duplicate:
                continue
        self._records[record.id] = record
        if started is not None:
            self._host(record, started)
        self._changed()
        return record

    def _seat(self, spec: str, creator: str, game) -> SeatRecord:
        if spec == "me":
            return SeatRecord("human", creator, True)
        if spec == "open":
            return SeatRecord()
        if spec.startswith("bot:") and spec[4:] in game.bot_levels:
            return SeatRecord(spec)
        if spec.startswith("invite:") and valid_name(spec[7:]):
            # names are unique regardless of case: the invitation is for the account's own spelling
            return SeatRecord("human", self.store.player_named(spec[7:]) or spec[7:], False)
        if spec.startswith("invite:"):
            raise LobbyError(f"{spec[7:]!r} is not a player's name (a letter, then letters, digits, _ . -)")
        raise LobbyError(f"a seat is me, open, an invitation or a bot level, not {spec!r}")

    def join(self, table_id: str, name: str) -> int:
        """Take the seat ``name`` is invited to, or the first open one; returns the seat."""
        seat = self.record(table_id).seat_of(name)
        if seat is not None:
            return seat
        with self._edit(table_id) as (tx, record):
            seat = record.seat_of(name)
            if seat is not None:
                return seat
            if record.status != "waiting":
                raise LobbyError("this game has started; you can watch it")
            seat = record.invited(name)
            if seat is None:
                seat = record.free_seat()
            if seat is None:
                raise LobbyError("every seat at this table is taken")
            record.seats[seat] = SeatRecord("human", name, True)
            started = self._start_if_full(tx, record)
        if started is not None:
            self._host(self._records[table_id], started)
        self._changed()
        return seat

    def leave(self, table_id: str, name: str) -> None:
        """Give up a seat at a table that has not started (the last player out removes it)."""
        self.record(table_id)
        with self._edit(table_id) as (tx, record):
            if record.status != "waiting":
                raise LobbyError("the game has started: your seat stays yours")
            seat = record.seat_of(name)
            if seat is None:
                seat = record.invited(name)
            if seat is None:
                raise LobbyError("you have no seat at this table")
            record.seats[seat] = SeatRecord()
        if not any(s.joined for s in record.seats):  # only invitations left
            with self.store.transaction() as tx:
                self.store.delete_table(tx, table_id)
            self._records.pop(table_id, None)
        self._changed()

    def _start_if_full(self, tx, record: TableRecord):
        """The match of a table whose last seat was just taken, its first lines written in ``tx``."""
        if record.status != "waiting" or any(s.is_open or not (s.joined or s.is_bot) for s in record.seats):
            return None
        game = get_game(record.game)
        seats = [Seat(record.seat_name(i), s.kind) for i, s in enumerate(record.seats)]
        match, lines = start_lines(game, GameConfig(len(seats)), seats, record.created)
        self.store.append(record.id, 0, lines, tx)
        match.writer = StoreWriter(self.store, record.id, game, lines)
        record.status, record.lines = "playing", len(lines)
        record.to_act = ",".join(map(str, sorted(match.to_act)))
        return match

    def _new_id(self) -> str:
        while True:
            table_id = "t" + secrets.token_hex(3)
            if table_id not in self._records:
                return table_id

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")
