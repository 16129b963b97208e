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
from itertools import count
from typing import Any

from engine.core.errors import IllegalAction, LogError
from engine.core.game import Game, GameConfig
from engine.core.saveformat import Entry, Header, Seat, dumps, encode_lines
from engine.core.match import Change, Match
from engine.core.reader import load_text, parse_line
from engine.core.replayer import Replayer
from engine.core.table import Attachment, Listener, Table

from . import stand_ins
from .db import Duplicate, StoreError
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
        # (seat, entries before it) while a stand-in's move is written: it is written only while
        # the store still says the seat is stood in (its player may have come back, in another
        # process, while the bot decided), and marked as the stand-in's in the same transaction.
        self.stood_in: tuple[int, int] | None = None

    @property
    def seq(self) -> int:
        return len(self.lines)

    def write_start(self, header: Header, entries: Sequence[Entry]) -> None:
        self._write([dumps(header.to_json())] + encode_lines(self.game, list(entries)))

    def write_entries(self, entries, after: tuple[Any, bool] | None = None) -> None:
        """``after``: (who is to act, whether it is over) once these are folded (StoredMatch)."""
        entries = list(entries)
        self._write(encode_lines(self.game, entries), after, len(entries))

    def write_undo(self, act: int, by: int | None) -> None:
        self._write([dumps({"undo": act, "by": by})])

    def _write(self, lines: list[str], after: tuple[Any, bool] | None = None, entries: int = 0) -> None:
        if self.closed:
            raise LogError("this table is closed; the move was not saved")
        try:
            if self.stood_in is None:
                self.store.append(self.table_id, self.seq, lines, after=after)
            else:
                self._append_for_stand_in(lines, after, entries)
        except StoreError as exc:
            self.failed = str(exc)
            raise LogError(f"the move could not be saved ({exc}); the game stops here") from None
        self.lines.extend(lines)

    def _append_for_stand_in(self, lines: list[str], after: tuple[Any, bool] | None, entries: int) -> None:
        """The stand-in's move, only if its player is not back (checked under the lock of the
        table's row, which her return takes too): once ``Lobby.arrive`` commits, no move of her
        stand-in can follow. The table's row is locked before the seat's, in the order every
        edit of a table takes them (``Lobby._edit``): the other order deadlocked on PostgreSQL
        against a player coming back."""
        assert self.stood_in is not None, "only while a stand-in's move is written"
        seat, before = self.stood_in
        try:
            with self.store.transaction() as tx:
                tx.one("SELECT lines FROM game_tables WHERE id = ? FOR UPDATE", (self.table_id,))
                row = tx.one("SELECT stand_in FROM seats WHERE table_id = ? AND seat = ?", (self.table_id, seat))
                if row is None or not row[0]:
                    raise PlayerBack("the player is back at the table: their stand-in's move is dropped")
                self.store.append(self.table_id, self.seq, lines, tx=tx, after=after)
                stand_ins.mark(tx, self.table_id, before, before + entries, seat)
        except Duplicate:
            raise Conflict("another player's move came first; the table was read again") from None

    def close(self) -> None:
        self.closed = True


class PlayerBack(Conflict):
    """A stand-in's move came after its player was back at the table: it is not written."""


def _store_writer(match: Match) -> StoreWriter:
    """The writer of a stored table's match (load_match and the lobby always give it one)."""
    writer = match.writer
    assert isinstance(writer, StoreWriter), "a stored table's match writes to the store"
    return writer


class StoredMatch(Match):
    """A match whose moves tell the store, in the move's own transaction, whose turn it is
    after them (the lobby's list in every process reads that, one write per move)."""

    def _append(self, entries: list[Entry], seat: int | None = None, after: Any = None) -> None:
        self._check_open()
        state = after
        if state is None:  # the decider did not fold them: fold here, once, for both
            state = self.state
            for e in entries:
                state = self.game.evolve(state, e.event)
        _store_writer(self).write_entries(entries, (self.game.to_act(state), self.game.result(state).finished))
        self._fold(entries, state)
        self._notify(Change("action", seat, tuple(entries)))


def start_lines(game: Game, config: GameConfig, seats: Sequence[Seat], created: str | None) -> tuple[Match, list[str]]:
    """A new match (a fresh secret) and its first lines: the header and the set-up."""
    match = StoredMatch.new(game, config, seats, None, created=created)
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
    return StoredMatch(game, loaded.header, loaded.entries, StoreWriter(store, table_id, game, lines), loaded.state)


class StoredTable(Table):
    def __init__(
        self,
        match: Match,
        store: Store,
        table_id: str,
        lookup: Callable[[str], Game],
        *,
        executor: Executor | None = None,
        bot_delay: float = 0.0,
        bots: str = "here",
    ):
        self.store, self.table_id, self.lookup, self.bots_mode = store, table_id, lookup, bots
        self._refreshing = False
        self._reader: Replayer | None = None  # reads other processes' lines on from where it was
        self._read = 0  # how many of the table's lines it has read
        self._present: dict[int, int] = {}
        self.on_decide: Callable[[str, int], None] | None = None  # told (table, line) as a bot starts
        super().__init__(match, executor=executor, bot_delay=bot_delay)

    @property
    def seq(self) -> int:
        """How many lines of the table's log this process has read or written."""
        return _store_writer(self._match).seq

    # -- other processes' moves ------------------------------------------------------------
    def refresh(self) -> bool:
        """Read the lines other processes wrote since; subscribers are told as for a move made
        here. Returns whether there were any."""
        if self.closed:
            return False
        writer = _store_writer(self._match)
        new = self.store.lines(self.table_id, writer.seq)
        if not new:
            return False
        match = self._match
        entries, state = self._read_on(writer.lines, new)
        before = len(match.entries)
        writer.lines.extend(new)
        extends = not any(line.startswith(UNDO_LINE) for line in new)
        match.entries, match.state = entries, state
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

    def _read_on(self, lines: list[str], new: list[str]) -> tuple[list[Entry], Any]:
        """The game after ``new`` lines follow ``lines``, every move decided again as a load
        does. The reader stays, so each line is read once (a reload per move cost up to 13 ms
        late in a game), this process's own lines too, when the next other's come."""
        reader = self._reader
        if reader is None:
            reader = self._reader = Replayer(self.game, self._match.header)
            self._read = 1  # the header
        unread = lines[self._read :] + new
        try:
            reader.feed_all(
                zip(count(self._read + 1), (parse_line(t, n) for n, t in enumerate(unread, self._read + 1)))
            )
        except LogError:
            self._reader = None  # it may hold part of a move: the next refresh starts afresh
            raise
        if reader.pending:
            self._reader = None
            raise LogError(f"line {reader.lines + 1}: a move is not whole in the store")
        self._read += len(unread)
        return list(reader.entries), reader.state

    def catch_up(self) -> bool:
        """``refresh``; lines that do not read as the game stop the table (loudly, for every
        subscriber) instead of raising into whoever asked."""
        try:
            return self.refresh()
        except LogError as exc:
            self._stop(f"The game's saved moves cannot be read: {exc}")
            return True

    def end(self, message: str) -> None:
        """The table ends here and now (the host closed it): every subscriber is told why."""
        if not self.stopped and not self.closed:
            self._stop(message)

    def submit(self, seat: int, action: Any) -> None:
        writer = _store_writer(self._match)
        for _ in range(10):
            writer.stood_in = (seat, self.version) if seat in self.stand_ins else None
            try:
                super().submit(seat, action)
                return
            except PlayerBack:
                # The store says so before this process's lobby does: the stand-in stops now
                # (else it decided this move again and again until the lobby read her return).
                self.reclaim(seat)
                return
            except Conflict:
                self.catch_up()
                if seat in self._bots:
                    return  # a bot's answer to a position that is gone
            finally:
                writer.stood_in = None
        raise IllegalAction("the table is too busy to take the move; try again")

    def undo(self, seat: int):
        try:
            return super().undo(seat)
        except Conflict:
            self.catch_up()
            raise IllegalAction("another move came first; nothing was taken back") from None

    def _changed(self, match: Match, change: Change) -> None:
        super()._changed(match, change)
        if change.kind == "undo" and not self._refreshing:  # a move says it in its own write
            with contextlib.suppress(StoreError):
                self.store.progress(self.table_id, self.seq, match.to_act, match.finished)
            with contextlib.suppress(StoreError):
                stand_ins.forget_after(self.store, self.table_id, len(match.entries))

    # -- bots ----------------------------------------------------------------------------------
    def drive_bots(self) -> None:
        if self.bots_mode != "here":
            self._pool_thinking()
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
        task = self._bot_task
        if task is None:
            self._decided()
            return
        task.add_done_callback(self._decided)
        if self.on_decide is not None:
            self.on_decide(self.table_id, self.seq)

    def _decided(self, _task: object = None) -> None:
        """A decision here ended (played, dropped or cancelled): unless the next one began (it
        goes on under the same lease lock), another process may decide this table's next move."""
        if self._bot_task is None:
            with contextlib.suppress(StoreError):
                self.store.let_go(self.table_id)

    def hurry(self) -> None:
        """Play the bot's move now: here, or (bots elsewhere) by asking the worker deciding it."""
        if self.bots_mode == "here":
            super().hurry()
        elif self.thinking is not None:
            with contextlib.suppress(StoreError):
                self.store.hurry(self.table_id, self.seq)

    async def _pause(self) -> None:
        """A hurry asked (in any process) while the bot was still thinking skips its pause."""
        if self.bot_delay > 0:
            with contextlib.suppress(StoreError):
                if self.store.hurried(self.table_id) == self.seq:
                    self._last_change -= self.bot_delay
        await super()._pause()

    def _pool_thinking(self) -> None:
        """(bots elsewhere) While a bot owes a move, a bot worker is deciding it (or about to):
        subscribers are told it is thinking, as they are of this process's own bots."""
        if self.closed:
            return
        seat = (
            None if self.finished or self.stopped else next((s for s in sorted(self.to_act) if s in self._bots), None)
        )
        if seat != self.thinking:
            self.thinking = seat
            if seat is not None:
                self._tell_all("thinking", seat)

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
        here = self._present.get(seat, 0) + delta
        self._present[seat] = max(0, here)
        if (here == 1 and delta > 0) or (here == 0 and delta < 0):
            with contextlib.suppress(StoreError):
                self.store.present(self.table_id, seat, here > 0)

    def close(self) -> None:
        if self.closed:
            return
        for seat, here in self._present.items():
            if here > 0:
                with contextlib.suppress(StoreError):
                    self.store.present(self.table_id, seat, False)
        self._present.clear()
        super().close()
