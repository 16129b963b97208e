"""The tables of a server: created, joined, watched and restored after a restart.

A table first *waits*: it is only a record (game, seats: a player, an invitation, a bot or
open). When its last seat is taken the game starts: a save file under ``tables/`` with the
players' names in its header, hosted by the :class:`TableHost` (which locks the file while it
is open). ``tables.json`` keeps the records, so a restart reopens every game in progress.

A table's creator may let a bot stand in for a player who stays away from the started game
longer than they chose (:meth:`Lobby.check_away`); the player takes the seat back by coming
to the table (:meth:`Lobby.arrive`). The rule, the stand-ins and the away clocks are kept in
``tables.json`` too.
"""
from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime, UTC
from pathlib import Path

from engine.core import GameConfig, LogError, Seat, Table, TableHost
from engine.games import game_ids, get_game

from .accounts import valid_name

REGISTRY = "tables.json"


class LobbyError(Exception):
    """Something a player asked of the lobby that cannot be done; the message says why."""


@dataclass
class SeatRecord:
    kind: str = "human"            # "human" or "bot:<level>"
    player: str | None = None      # the account sitting here (or the name invited here)
    joined: bool = False           # False while only invited
    away_since: str | None = None  # when the player was last seen at the table (if not there now)
    stand_in: bool = False         # a bot plays this seat until its player comes back

    @property
    def is_open(self) -> bool:
        return self.kind == "human" and self.player is None

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")


@dataclass
class TableRecord:
    id: str
    game: str
    creator: str
    created: str
    seats: list[SeatRecord]
    status: str = "waiting"        # waiting, playing, finished, damaged
    message: str = ""              # why a damaged table cannot be opened
    stand_in_after: float | None = None  # seconds a player may be away before a bot plays for them
    stand_in_level: str = ""             # that bot's level

    @property
    def path_name(self) -> str:
        return f"{self.id}.jsonl"

    def seat_of(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == name and s.joined), None)

    def invited(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == name and not s.joined), None)

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.is_open), None)

    def seat_name(self, i: int) -> str:
        s = self.seats[i]
        if s.is_bot:
            return f"{s.kind[4:].capitalize()} bot {i + 1}"
        return s.player or f"(open seat {i + 1})"

    def shown_name(self, i: int) -> str:
        """The seat's name in the lobby: a stand-in says so."""
        return self.seat_name(i) + (" (a bot for now)" if self.seats[i].stand_in else "")

    @classmethod
    def from_json(cls, data: dict) -> TableRecord:
        seats = [SeatRecord(**s) for s in data.pop("seats")]
        return cls(seats=seats, **data)


@dataclass(frozen=True)
class TableSummary:
    """One line of the lobby as one player sees it."""

    id: str
    title: str
    status: str
    seats: tuple[str, ...]       # a name per seat ("(open seat 2)", "Greedy bot 3")
    free: int
    bots: int
    watchers: int
    to_act: tuple[str, ...]      # whose turn it is, by name
    your_seat: int | None        # the viewer's seat, if they sit here
    invited: bool                # the viewer is invited to a seat here
    your_turn: bool

    @property
    def yours(self) -> bool:
        return self.your_seat is not None or self.invited


class Lobby:
    def __init__(self, data_dir: Path, host: TableHost, clock: Callable[[], datetime] | None = None):
        self.dir = Path(data_dir)
        self.tables_dir = self.dir / "tables"
        self.host = host
        self._clock = clock or (lambda: datetime.now(UTC))
        self._records: dict[str, TableRecord] = {}
        self._watchers: dict[str, int] = {}
        self._listeners: list[Callable[[], None]] = []
        self._load()

    # -- the registry on disk ------------------------------------------------------------------
    def _load(self) -> None:
        try:
            data = json.loads((self.dir / REGISTRY).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        for item in data.get("tables", []):
            record = TableRecord.from_json(item)
            self._records[record.id] = record

    def _save(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        tmp = self.dir / (REGISTRY + ".tmp")
        tmp.write_text(json.dumps({"tables": [asdict(r) for r in self._records.values()]}, indent=1),
                       encoding="utf-8")
        tmp.replace(self.dir / REGISTRY)

    def restore(self) -> list[str]:
        """Reopen every game in progress (after a restart); returns the problems, one a line."""
        problems = []
        for record in self._records.values():
            if record.status == "playing":
                try:
                    self._open(record)
                except LogError as exc:
                    record.status, record.message = "damaged", str(exc)
                    problems.append(f"table {record.id}: {exc}")
        self._save()
        return problems

    def _open(self, record: TableRecord) -> Table:
        table, _warning = self.host.open(self.tables_dir / record.path_name)
        self._watch_table(record, table)
        for i, seat in enumerate(record.seats):  # the stand-ins chosen before a restart go on
            if seat.stand_in:
                table.stand_in(i, record.stand_in_level)
        return table

    def _watch_table(self, record: TableRecord, table: Table) -> None:
        def changed(update) -> None:
            if table.finished and record.status == "playing":
                record.status = "finished"
                self._save()
            self._changed()
        # A lobby listener as a spectator: it sees only public views, to keep the list current.
        table.attach(None, changed)
        if table.finished:
            record.status = "finished"

    # -- listening ----------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` after any change to any table; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    # -- reading ------------------------------------------------------------------------------
    def record(self, table_id: str) -> TableRecord:
        try:
            return self._records[table_id]
        except KeyError:
            raise LobbyError(f"there is no table {table_id}") from None

    def table(self, table_id: str) -> Table | None:
        """The running table of a game in progress (or just finished), if it is open."""
        record = self.record(table_id)
        if record.status not in ("playing", "finished"):
            return None
        table = self.host.running(self.tables_dir / record.path_name)
        if table is None and record.status == "playing":
            table = self._open(record)
        return table

    def summaries(self, viewer: str) -> list[TableSummary]:
        """Every table, the viewer's first (those where it is their turn at the top)."""
        out = [self._summary(r, viewer) for r in self._records.values() if r.status != "damaged"]
        out.sort(key=lambda s: (not s.yours, not s.your_turn, s.status == "finished", s.id))
        return out

    def _summary(self, record: TableRecord, viewer: str) -> TableSummary:
        names = tuple(record.shown_name(i) for i in range(len(record.seats)))
        to_act: tuple[str, ...] = ()
        table = self.host.running(self.tables_dir / record.path_name)
        if table is not None and not table.finished:
            to_act = tuple(names[s] for s in sorted(table.to_act))
        seat = record.seat_of(viewer)
        return TableSummary(
            id=record.id, title=get_game(record.game).title, status=record.status, seats=names,
            free=sum(s.is_open for s in record.seats), bots=sum(s.is_bot for s in record.seats),
            watchers=self._watchers.get(record.id, 0), to_act=to_act, your_seat=seat,
            invited=record.invited(viewer) is not None,
            your_turn=seat is not None and table is not None and seat in table.to_act)

    def your_turn_count(self, viewer: str) -> int:
        return sum(s.your_turn for s in self.summaries(viewer))

    # -- acting -------------------------------------------------------------------------------
    def create(self, creator: str, game_id: str, seats: list[str], variants=(), *,
               stand_in_after: float | None = None, stand_in_level: str = "") -> TableRecord:
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
        records = []
        for spec in seats:
            if spec == "me":
                records.append(SeatRecord("human", creator, True))
            elif spec == "open":
                records.append(SeatRecord())
            elif spec.startswith("bot:") and spec[4:] in game.bot_levels:
                records.append(SeatRecord(spec))
            elif spec.startswith("invite:") and valid_name(spec[7:]):
                records.append(SeatRecord("human", spec[7:], False))
            elif spec.startswith("invite:"):
                raise LobbyError(f"{spec[7:]!r} is not a player's name (a letter, then letters, "
                                 f"digits, _ . -)")
            else:
                raise LobbyError(f"a seat is me, open, an invitation or a bot level, not {spec!r}")
        players = [s.player for s in records if s.player]
        if len(players) != len(set(players)):
            raise LobbyError("a player can take only one seat at a table")
        if stand_in_after is not None and stand_in_level not in game.bot_levels:
            raise LobbyError(f"{game.title} has no {stand_in_level!r} bot to stand in")
        record = TableRecord(self._new_id(), game_id, creator, self._now(), records,
                             stand_in_after=stand_in_after, stand_in_level=stand_in_level)
        self._records[record.id] = record
        self._start_if_full(record)
        self._save()
        self._changed()
        return record

    def join(self, table_id: str, name: str) -> int:
        """Take the seat ``name`` is invited to, or the first open one; returns the seat."""
        record = self.record(table_id)
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
        self._start_if_full(record)
        self._save()
        self._changed()
        return seat

    def leave(self, table_id: str, name: str) -> None:
        """Give up a seat at a table that has not started (the last player out removes it)."""
        record = self.record(table_id)
        if record.status != "waiting":
            raise LobbyError("the game has started: your seat stays yours")
        seat = record.seat_of(name)
        if seat is None:
            seat = record.invited(name)
        if seat is None:
            raise LobbyError("you have no seat at this table")
        record.seats[seat] = SeatRecord()
        if not any(s.joined for s in record.seats):  # only invitations left
            del self._records[table_id]
        self._save()
        self._changed()

    def watching(self, table_id: str, delta: int) -> None:
        self._watchers[table_id] = max(0, self._watchers.get(table_id, 0) + delta)
        self._changed()

    # -- players away: a bot stands in ----------------------------------------------------------
    def check_away(self) -> None:
        """Start the away clock of every seat nobody follows, and let a bot play for a player
        away longer than their table allows (the server calls this every few seconds)."""
        now, changed = self._clock(), False
        for record in self._records.values():
            after = record.stand_in_after
            if record.status != "playing" or after is None:
                continue
            table = self.host.running(self.tables_dir / record.path_name)
            if table is None or table.finished:
                continue
            here = table.attached_seats
            for i, seat in enumerate(record.seats):
                if seat.is_bot or not seat.joined:
                    continue
                if i in here:
                    changed |= self._back(record, table, i)
                elif seat.away_since is None:
                    seat.away_since, changed = now.isoformat(timespec="seconds"), True
                elif not seat.stand_in and (now - datetime.fromisoformat(seat.away_since)
                                            ).total_seconds() >= after:
                    seat.stand_in, changed = True, True
                    table.stand_in(i, record.stand_in_level)
        if changed:
            self._save()
            self._changed()

    def arrive(self, table_id: str, name: str) -> None:
        """``name`` opens their seat at the table: their stand-in stops at once."""
        record = self.record(table_id)
        seat = record.seat_of(name)
        table = self.table(table_id) if seat is not None else None
        if table is not None and seat is not None and self._back(record, table, seat):
            self._save()
            self._changed()

    def _back(self, record: TableRecord, table: Table, i: int) -> bool:
        seat = record.seats[i]
        if seat.away_since is None and not seat.stand_in:
            return False
        seat.away_since, seat.stand_in = None, False
        table.reclaim(i)
        return True

    def _start_if_full(self, record: TableRecord) -> None:
        if record.status != "waiting" or any(s.is_open or not (s.joined or s.is_bot) for s in record.seats):
            return
        game = get_game(record.game)
        seats = [Seat(record.seat_name(i), s.kind) for i, s in enumerate(record.seats)]
        config = GameConfig(len(seats))
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        table = self.host.new(game, config, seats, None, self.tables_dir / record.path_name,
                              created=record.created)
        record.status = "playing"
        self._watch_table(record, table)

    def _new_id(self) -> str:
        while True:
            table_id = "t" + secrets.token_hex(3)
            if table_id not in self._records:
                return table_id

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    def close(self) -> None:
        self._save()
        self.host.close_all()
