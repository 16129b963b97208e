"""Tables whose save file is rows of the store, shared by every process that opens them.

A :class:`StoredTable` is the ordinary :class:`engine.core.Table` with three differences:

* its match writes through a :class:`StoreWriter` (a line a row, UNIQUE (table, seq)): when
  another process wrote move N first, ``submit`` reads the table again and decides the action
  afresh on the new position (played if still legal, else the player is told why);
* ``refresh()`` reads the lines other processes wrote and tells subscribers as if the moves had
  been made here (the lobby's watcher calls it at once);
* bots: ``bots="here"`` drives them as a Table does, but only after taking the lease of that
  position (one process decides each move); ``bots="pool"`` never thinks (a BotPool does).
Seats attached here are written as present, so any process can tell who is away.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from engine.core.errors import IllegalAction, LogError
from engine.core.game import Game, GameConfig
from engine.core.log import Entry, Header, Seat, dumps, encode_lines
from engine.core.match import Change, Match
from engine.core.reader import load_text
from engine.core.table import Attachment, Listener, Table

from .db import StoreError
from .store import Conflict, Store

UNDO_LINE = '{"undo"'


class StoreWriter:
    """The writer of a stored table's match: the same lines a save file gets, as rows."""

    path = None  # no file: "save as" copies go elsewhere

    def __init__(self, store: Store, table_id: str, game: Game, lines: Sequence[str]):
        self.store, self.table_id, self.game = store, table_id, game
        self.lines: list[str] = list(lines)  # the table's log so far (read again on refresh)
        self.failed: str | None = None
        self.closed = False

    @property
    def seq(self) -> int:
        return len(self.lines)

    def write_start(self, header: Header, entries: Sequence[Entry]) -> None:
        self._write([dumps(header.to_json())] + encode_lines(self.game, list(entries)))

    def write_entries(self, entries) -> None:
        self._write(encode_lines(self.game, list(entries)))

    def write_undo(self, act: int, by: int | None) -> None:
        self._write([dumps({"undo": act, "by": by})])

    def _write(self, lines: list[str]) -> None:
        if self.closed:
            raise LogError("this table is closed; the move was not saved")
        try:
            self.store.append(self.table_id, self.seq, lines)
        except StoreError as exc:
            self.failed = str(exc)
            raise LogError(f"the move could not be saved ({exc}); the game stops here") from None
        self.lines.extend(lines)

    def close(self) -> None:
        self.closed = True


def start_lines(game: Game, config: GameConfig, seats: Sequence[Seat], created: str | None) -> tuple[Match, list[str]]:
    """A new match (a fresh secret) and its first lines: the header and the set-up."""
    match = Match.new(game, config, seats, None, created=created)
    return match, [dumps(match.header.to_json())] + encode_lines(game, match.entries)


def load_lines(lines: Sequence[str], lookup: Callable[[str], Game]):
    """A table's lines read as a save file is: every move decided again. LogError if not whole."""
    if not lines:
        raise LogError("the table has no saved moves")
    loaded = load_text("".join(line + "\n" for line in lines), b"", lookup)
    if loaded.warning:
        raise LogError(f"the table's saved moves are not whole: {loaded.warning}")
    return loaded


def load_match(store: Store, table_id: str, lookup: Callable[[str], Game]) -> Match:
    lines = store.lines(table_id)
    loaded = load_lines(lines, lookup)
    game = lookup(loaded.header.game)
    return Match(game, loaded.header, loaded.entries, StoreWriter(store, table_id, game, lines), loaded.state)


class StoredTable(Table):
    def __init__(self, match: Match, store: Store, table_id: str, lookup: Callable[[str], Game], *,
                 executor: Executor | None = None, bot_delay: float = 0.0, bots: str = "here"):
        self.store, self.table_id, self.lookup, self.bots_mode = store, table_id, lookup, bots
        self._refreshing = False
        self._present: dict[int, int] = {}
        super().__init__(match, executor=executor, bot_delay=bot_delay)

    @property
    def seq(self) -> int:
        """How many lines of the table's log this process has read or written."""
        return self._match.writer.seq

    # -- other processes' moves ------------------------------------------------------------
    def refresh(self) -> bool:
        """Read the lines other processes wrote since; subscribers are told as for a move made
        here. Returns whether there were any."""
        if self.closed:
            return False
        writer = self._match.writer
        new = self.store.lines(self.table_id, writer.seq)
        if not new:
            return False
        match = self._match
        loaded = load_lines(writer.lines + new, self.lookup)
        before = len(match.entries)
        writer.lines.extend(new)
        extends = not any(line.startswith(UNDO_LINE) for line in new)
        match.entries, match.state = list(loaded.entries), loaded.state
        if extends:
            added = tuple(match.entries[before:])
            change = Change("action", added[-1].by if added else None, added)
        else:
            change = Change("undo", None, ())
        if self._bot_task is not None:  # its position is gone: the decision is stale
            self._cancel_bot()
        self._refreshing = True
        try:
            match._notify(change)
        finally:
            self._refreshing = False
        return True

    def submit(self, seat: int, action: Any) -> None:
        for _ in range(10):
            try:
                return super().submit(seat, action)
            except Conflict:
                self.refresh()
                if seat in self._bots:
                    return  # a bot's answer to a position that is gone; drive_bots starts it again
        raise IllegalAction("the table is too busy to take the move; try again")

    def undo(self, seat: int):
        try:
            return super().undo(seat)
        except Conflict:
            self.refresh()
            raise IllegalAction("another move came first; nothing was taken back") from None

    def _changed(self, match: Match, change: Change) -> None:
        super()._changed(match, change)
        if not self._refreshing:  # the lobby's list: whose turn it is now
            with contextlib.suppress(StoreError):
                self.store.progress(self.table_id, self.seq, match.to_act, match.finished)

    # -- bots ----------------------------------------------------------------------------------
    def drive_bots(self) -> None:
        if self.bots_mode != "here":
            return
        if self._bot_task is not None or self.stopped or self.closed or self.finished:
            return
        if not any(s in self._bots for s in self.to_act):
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        try:
            if not self.store.take_lease(self.table_id, self.seq):
                return  # another process decides this move
        except StoreError:
            return
        super().drive_bots()

    # -- who is here ---------------------------------------------------------------------------
    def attach(self, seat: int | None, listener: Listener) -> Attachment:
        attachment = super().attach(seat, listener)
        if seat is not None:
            self._here(seat, +1)
        return attachment

    def _detach(self, attachment: Attachment) -> None:
        if attachment in self._attachments and attachment.seat is not None:
            self._here(attachment.seat, -1)
        super()._detach(attachment)

    def _here(self, seat: int, delta: int) -> None:
        count = self._present.get(seat, 0) + delta
        self._present[seat] = max(0, count)
        if (count == 1 and delta > 0) or (count == 0 and delta < 0):
            with contextlib.suppress(StoreError):
                self.store.present(self.table_id, seat, count > 0)

    def close(self) -> None:
        if self.closed:
            return
        for seat, count in self._present.items():
            if count > 0:
                with contextlib.suppress(StoreError):
                    self.store.present(self.table_id, seat, False)
        self._present.clear()
        super().close()
