"""A Table: one game in progress, hosted without any UI.

The table owns its :class:`Match` (and so the save file and its lock), the match's bots and
its subscribers. Screens *attach* to it as a seat or as a spectator and *detach* without
ending it; it lives until the game is over or its host closes it::

    table = Table(match, bot_delay=0.6)
    seat = table.attach(0, print)       # every Update for seat 0 is printed
    table.play(0, "A3")

Subscribers never see raw events: each update holds the subscriber's own view, one
:class:`Step` per event (the event's type name, the view right after it, its move-list line),
and the move-list lines, which are built from public information only. Bots think off the
event loop, in ``executor`` (the loop's default thread pool when None; a process pool works
too), one decision at a time, and the table submits their moves on the loop
(engine.core.table_bots).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import attrs

from .errors import IllegalAction, LogError
from .events import event_name
from .game import PRACTICE, Game, Result
from .log import Header, Seat, write_log_atomic
from .match import Change, Match, UndoCheck
from .moves import MoveLine, move_line, move_list
from .table_bots import TableBots

_log = logging.getLogger(__name__)


class GameStopped(IllegalAction):
    """The table cannot take moves any more: its save file failed, or it was closed."""


@attrs.frozen
class Step:
    """One event of a change, as a subscriber may know it."""

    kind: str  # the event's type name: that it happened is public ("VotesRevealed")
    view: Any  # the subscriber's view right after the event
    line: str | None  # its move-list line, if it has one


@attrs.frozen
class Update:
    """What a subscriber is told after each change at the table.

    ``kind``: "moved" (``steps`` and the new ``lines``), "undone" (``lines`` is the whole
    list again), "thinking" (``seat`` is a bot choosing its move), "stopped" (``message`` says
    why the game cannot go on) or "closed".
    """

    kind: str
    view: Any
    seat: int | None = None
    steps: tuple[Step, ...] = ()
    lines: tuple[MoveLine, ...] = ()
    message: str = ""


Listener = Callable[[Update], None]


class Attachment:
    """One subscriber's place at a table: a seat, or ``None`` for a spectator."""

    def __init__(self, table: Table, seat: int | None, listener: Listener):
        self.table, self.seat, self.listener = table, seat, listener

    def detach(self) -> None:
        """Stop listening; the table and its game go on."""
        self.hold(False)
        self.table._detach(self)

    def hold(self, on: bool = True) -> None:
        """Ask the bots to wait (this screen is covered or too small to follow them), or stop asking."""
        self.table._hold(self, on)


class Table(TableBots):
    def __init__(self, match: Match, *, executor: Executor | None = None, bot_delay: float = 0.0):
        self._match = match
        self._executor = executor
        self.bot_delay = bot_delay
        self._bots = {i: match.game.make_bot(s.bot_level) for i, s in enumerate(match.seats) if s.bot_level is not None}
        self.stand_ins: set[int] = set()  # human seats a bot plays for while their player is away
        self._attachments: list[Attachment] = []
        self._lines = move_list(match.game, match.header, match.entries)
        self._known = match.state
        self._bot_task: asyncio.Task | None = None
        self._hurry: asyncio.Event | None = None
        self._holds: set[Attachment] = set()
        self._released: asyncio.Event | None = None
        self._last_change = time.monotonic()
        self.thinking: int | None = None
        self.stopped: str | None = None  # why the game cannot go on, once it cannot
        self.closed = False
        self._unsubscribe = match.subscribe(self._changed)

    # -- what anyone at the table may read ----------------------------------------------------
    @property
    def game(self) -> Game:
        return self._match.game

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._match.seats

    @property
    def players(self) -> int:
        return self._match.header.config.players

    @property
    def practice(self) -> bool:
        return self._match.header.config.has(PRACTICE.key)

    @property
    def to_act(self) -> frozenset[int]:
        return self._match.to_act

    @property
    def result(self) -> Result:
        return self._match.result

    @property
    def finished(self) -> bool:
        return self._match.finished

    @property
    def version(self) -> int:
        """How many events the log holds: a stale bot answer or screen compares it."""
        return len(self._match.entries)

    @property
    def save_path(self):
        writer = self._match.writer
        return writer.path if writer is not None else None

    def view(self, seat: int | None) -> Any:
        return self._match.view(seat)

    def legal_actions(self, seat: int | None) -> list[Any]:
        if seat is None or self.stopped or self.closed:
            return []
        return self._match.legal_actions(seat)

    def move_lines(self) -> tuple[MoveLine, ...]:
        return tuple(self._lines)

    def format_action(self, seat: int, action: Any) -> str:
        return self.game.format_action(self._match.state, seat, action)

    def save_copy(self, target) -> None:
        """Write the game so far to ``target`` (temp file and rename); never onto its own file,
        which is then the newer of the two."""
        from pathlib import Path

        target = Path(target).expanduser()
        own = self.save_path
        if own is not None and target.resolve() == Path(own).resolve():
            raise GameStopped("that is this game's own file, which is saved already; choose another name")
        write_log_atomic(target, self.game, self._match.header, self._match.entries)
        if own is not None:
            # A copy is a snapshot: the game stays the newer file (Continue resumes the newest), even
            # where file times are coarser than the clock; a file gone is for its next move to report
            with contextlib.suppress(OSError):
                now = max(time.time_ns(), os.stat(target).st_mtime_ns + 1)
                os.utime(own, ns=(now, now))

    def finished_log(self) -> tuple[Header, tuple]:
        """The whole log, for the replay viewer: only once the game is over (it holds every secret)."""
        if not self.finished:
            raise GameStopped("the log of a game in progress stays at the table")
        return self._match.header, tuple(self._match.entries)

    # -- acting ----------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat``; IllegalAction (nothing changes) when it may not."""
        self._check_open()
        written = self.version
        try:
            self._match.submit(seat, action)
        except (LogError, OSError) as exc:
            if self.version != written:
                raise  # the move is saved: what failed after it is not the save
            self._stop(f"The game could not be saved and has stopped: {exc}")
            raise GameStopped(self.stopped) from None

    def play(self, seat: int, text: str) -> None:
        """Read ``text`` in the game's notation and play it for ``seat``."""
        self._check_open()
        self.submit(seat, self.game.parse_action(self._match.state, seat, text))

    def can_undo(self, seat: int) -> UndoCheck:
        if self.stopped or self.closed:
            return UndoCheck(False, self.stopped or "the table is closed")
        return self._match.can_undo(seat)

    def undo(self, seat: int) -> UndoCheck:
        self._check_open()
        self._cancel_bot()
        try:
            return self._match.undo(seat)
        except (LogError, OSError) as exc:
            self._stop(f"The game could not be saved and has stopped: {exc}")
            raise GameStopped(self.stopped) from None

    def _check_open(self) -> None:
        if self.stopped or self.closed:
            raise GameStopped(self.stopped or "this table is closed")

    # -- subscribers -------------------------------------------------------------------------
    def attach(self, seat: int | None, listener: Listener) -> Attachment:
        """Listen as ``seat`` (None: a spectator); the bots start if it is their turn."""
        if seat is not None and not 0 <= seat < len(self.seats):
            raise ValueError(f"there is no seat {seat + 1} at this table")
        attachment = Attachment(self, seat, listener)
        self._attachments.append(attachment)
        self.drive_bots()
        return attachment

    def _detach(self, attachment: Attachment) -> None:
        if attachment in self._attachments:
            self._attachments.remove(attachment)

    def _hold(self, attachment: Attachment, on: bool) -> None:
        if on:
            self._holds.add(attachment)
        else:
            self._holds.discard(attachment)
            if not self._holds and self._released is not None:
                self._released.set()

    @property
    def attached(self) -> int:
        return len(self._attachments)

    @property
    def attached_seats(self) -> frozenset[int]:
        """The seats someone follows now (spectators not counted)."""
        return frozenset(a.seat for a in self._attachments if a.seat is not None)

    def _changed(self, match: Match, change: Change) -> None:
        self._last_change = time.monotonic()
        if change.kind == "action":
            self._moved(match, change)
        else:
            self._lines = move_list(match.game, match.header, match.entries)
            for a in list(self._attachments):
                self._tell(a, Update("undone", match.view(a.seat), change.seat, (), tuple(self._lines)))
        self._known = match.state
        self.drive_bots()
        if match.finished:
            self._match.close()  # the save file is complete; the state stays readable

    def _moved(self, match: Match, change: Change) -> None:
        game, names = match.game, [s.name for s in match.seats]
        seats = {a.seat for a in self._attachments}
        steps: dict[int | None, list[Step]] = {s: [] for s in seats}
        new_lines: list[MoveLine] = []
        state, start = self._known, len(match.entries) - len(change.entries)
        for offset, entry in enumerate(change.entries):
            line = move_line(game, state, entry, start + offset, names)
            state = game.evolve(state, entry.event)
            if line is not None:
                new_lines.append(line)
            kind = event_name(entry.event)
            for s in seats:
                steps[s].append(Step(kind, game.view(state, s), line.text if line else None))
        self._lines.extend(new_lines)
        for a in list(self._attachments):
            own = tuple(steps[a.seat])
            self._tell(
                a, Update("moved", own[-1].view if own else match.view(a.seat), change.seat, own, tuple(new_lines))
            )

    def _tell_all(self, kind: str, seat: int | None = None, message: str = "") -> None:
        for a in list(self._attachments):
            self._tell(a, Update(kind, self._match.view(a.seat), seat, message=message))

    def _tell(self, attachment: Attachment, update: Update) -> None:
        """A subscriber that can no longer be told (its terminal or connection is gone) leaves the
        table; the move it was told of is saved, and the game goes on for everyone else."""
        try:
            attachment.listener(update)
        except OSError as exc:
            _log.warning("a subscriber could not be told of a move and left the table: %s", exc)
            attachment.detach()

    # -- ending --------------------------------------------------------------------------------
    def _stop(self, message: str) -> None:
        self.stopped = message
        self._cancel_bot()
        self._match.close()
        self._tell_all("stopped", message=message)

    def close(self) -> None:
        """End hosting: bots stop, the save file is closed (every move is already on disk)."""
        if self.closed:
            return
        self._cancel_bot()
        self.closed = True
        self._unsubscribe()
        self._match.close()
        self._tell_all("closed")
        self._attachments.clear()
