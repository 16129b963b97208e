"""A Match: one game being played — its header, its log, its current state and who is watching.

    match = Match.new(get_game("king-up"), GameConfig(3), seats, seed=7)
    match.play(0, "A3")   # seat 0 places Alighiero on floor 3

Every accepted action appends its events to the log (and the save file, when there is one)
before subscribers hear of it. Several apps on one event loop may share a Match.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import IllegalAction, IllegalMove, LogError
from .game import Game, GameConfig, Result, Seed, match_seed, replay, rng_for
from .log import Entry, Header, LoadedLog, LogWriter, Seat, read_log
from .writer import MatchWriter
from .undo import UndoCheck, undo_check

Listener = Callable[["Match", "Change"], None]

__all__ = ["Change", "Listener", "Match", "UndoCheck", "verify"]


@attrs.frozen
class Change:
    """What a subscriber is told: the entries added (or, for an undo, removed) and by whom."""

    kind: str  # "action" or "undo"
    seat: int | None
    entries: tuple[Entry, ...]


class Match:
    def __init__(
        self,
        game: Game,
        header: Header,
        entries: Sequence[Entry] = (),
        writer: MatchWriter | None = None,
        state: Any = None,
    ):
        self.game, self.header, self.writer = game, header, writer
        self.entries: list[Entry] = list(entries)
        self.state = state if state is not None else replay(game, header.config, (e.event for e in entries))
        self._listeners: list[Listener] = []
        self._rng_seed = header.rng_seed
        self._closed = False

    # -- creating and loading -------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        config: GameConfig,
        seats: Sequence[Seat],
        seed: Seed | None = None,
        path: Path | None = None,
        created: str | None = None,
        durable: bool = True,
    ) -> Match:
        """A new match. ``seed`` None (for games against people) draws a fresh 256-bit secret;
        an int derives one reproducibly (selfplay --seed, tests). ``path`` is a new save file."""
        header = Header(game.id, game.rules_version, config, match_seed(seed), tuple(seats), created)
        problem = header.problem(game)
        if problem:
            raise IllegalAction(problem)
        events = game.setup(header.config, rng_for(header.rng_seed, 0))
        entries = [Entry(ev, 0) for ev in events]
        writer = None
        if path is not None:
            writer = LogWriter(path, game, durable, new=True)
            try:
                writer.write_start(header, entries)  # one write: never a header without its set-up
            except BaseException:
                writer.close()
                raise
        match = cls(game, header, (), writer)
        match._fold(entries)
        return match

    @classmethod
    def load(
        cls, path: Path, lookup: Callable[[str], Game], resume: bool = True, durable: bool = True
    ) -> tuple[Match, str | None]:
        """Open a saved game, every move decided again; returns the match and any warning.

        With ``resume`` the match appends to the same file, which it locks (SaveInUse when the
        game is open elsewhere) and first makes whole: a cut-off end is cut away, a missing
        set-up written, with the same warning ``check`` gives.
        """
        writer = LogWriter(Path(path), None, durable) if resume else None
        try:
            loaded = read_log(path, lookup)
            game = lookup(loaded.header.game)
            if writer is not None:
                writer.game = game
                if loaded.whole_bytes is not None:
                    writer.truncate(loaded.whole_bytes)
                if loaded.setup_missing:
                    writer.write_entries(loaded.entries)
        except BaseException:
            if writer is not None:
                writer.close()
            raise
        return cls(game, loaded.header, loaded.entries, writer, loaded.state), loaded.warning

    # -- reading -----------------------------------------------------------------------------
    @property
    def seed(self) -> Seed:
        return self.header.seed

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.header.seats

    @property
    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    @property
    def result(self) -> Result:
        return self.game.result(self.state)

    @property
    def finished(self) -> bool:
        return self.result.finished

    @property
    def events(self) -> list[Any]:
        return [e.event for e in self.entries]

    @property
    def last_act(self) -> int:
        return self.entries[-1].act if self.entries else -1

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.game.legal_actions(self.state, seat))

    def rng(self, salt: str = ""):
        return rng_for(self._rng_seed, len(self.entries), salt)

    def bot_rng(self, seat: int) -> random.Random:
        """The bot on ``seat``'s own random source: the draws of ``rng(f"bot{seat}")`` in a plain
        Random, which holds no key (the keyed one holds the match's secret, from which every
        deal can be computed)."""
        plain = random.Random()
        plain.setstate(self.rng(f"bot{seat}").getstate())
        return plain

    # -- acting ------------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> list[Any]:
        """Apply ``action`` for ``seat``; raises IllegalAction (nothing changes) when not allowed."""
        if self.finished:
            raise IllegalAction("the game is over")
        if seat not in self.to_act:
            who = ", ".join(self.seats[s].name for s in sorted(self.to_act))
            raise IllegalAction(f"it is not your turn (waiting for {who})")
        # Decided before it is formatted: decide refuses every action the engine did not list, so
        # the notation only ever writes a move the rules allow (a room number past the catalogue
        # once crashed the formatting, with the whole state in the traceback).
        events = self._refuse_unlisted(seat, action, self.game.decide, self.state, seat, action, self.rng())
        move = self._refuse_unlisted(seat, action, self.game.format_action, self.state, seat, action)
        act = self.last_act + 1
        self._append(
            [Entry(ev, act, seat, move if i == 0 else None) for i, ev in enumerate(events)],
            seat,
            getattr(events, "after", None),
        )
        return events

    def _refuse_unlisted(self, seat: int, action: Any, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)``; should a game's code fail on an action it did not list (an IndexError
        on a number out of range), that is the player's IllegalMove, never a crash. A listed
        action that fails is the game's bug and is raised as it is."""
        try:
            return call(*args)
        except IllegalAction:
            raise
        except Exception:
            if action not in self.game.legal_actions(self.state, seat):
                raise IllegalMove("that is not a move you can make now") from None
            raise

    def play(self, seat: int, text: str) -> list[Any]:
        """Parse ``text`` in the game's notation and submit it."""
        return self.submit(seat, self.game.parse_action(self.state, seat, text))

    def _append(self, entries: list[Entry], seat: int | None = None, after: Any = None) -> None:
        """Write first (a failed write raises and changes nothing), then fold, then tell."""
        self._check_open()
        if self.writer is not None:
            self.writer.write_entries(entries)
        self._fold(entries, after)
        self._notify(Change("action", seat, tuple(entries)))

    def _fold(self, entries: list[Entry], after: Any = None) -> None:
        """``after``: the state the decider reached folding these very events (see fold.Decided)."""
        if after is not None:
            self.state = after
        else:
            for e in entries:
                self.state = self.game.evolve(self.state, e.event)
        self.entries.extend(entries)

    def _check_open(self) -> None:
        if self._closed:
            raise LogError("this game is closed; the move was not saved")

    # -- undo --------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> UndoCheck:
        """Whether ``seat`` may take back its last action now, and if not, why not.

        Own actions go back while nobody else has acted and nothing hidden was revealed since.
        Another seat's reply (a bot's too) counts as a reveal: going back past it, or past drawn
        cards and revealed votes, only in practice games (see engine.core.undo).
        """
        return undo_check(self.game, self.header, self.entries, self.state, seat, legacy=self.header.legacy)

    def undo(self, seat: int) -> UndoCheck:
        check = self.can_undo(seat)
        if not check:
            raise IllegalAction(f"cannot undo: {check.reason}")
        self._check_open()
        dropped = tuple(e for e in self.entries if e.act >= check.to_act)
        if self.writer is not None:
            self.writer.write_undo(check.to_act, seat)
        self.entries = [e for e in self.entries if e.act < check.to_act]
        self.state = replay(self.game, self.header.config, self.events)
        self._notify(Change("undo", seat, dropped))
        return check

    # -- subscribers -------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(match, change)`` after every change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(self, change)

    def close(self) -> None:
        """End writing: the save file is released; later moves raise instead of going unsaved."""
        self._closed = True
        if self.writer is not None:
            self.writer.close()

    @property
    def closed(self) -> bool:
        return self._closed


def verify(game: Game, loaded: LoadedLog) -> Any:
    """Decide every logged action again and insist it yields exactly the logged events.

    ``read_log`` already does this for every load, so its ``state`` is the answer; a LoadedLog
    built by hand is checked here. Raises LogError naming the first line that does not fit.
    """
    if loaded.state is not None:
        return loaded.state
    from .replayer import Replayer

    replayer = Replayer(game, loaded.header)
    for i, entry in enumerate(loaded.entries):
        record = {"act": entry.act, **game.codec.encode(entry.event)}
        if entry.by is not None:
            record["by"] = entry.by
        if entry.move is not None:
            record["move"] = entry.move
        replayer.feed(record, entry.line if entry.line is not None else i + 2)
    if replayer.pending:
        raise LogError(f"action {replayer.pending_act} should produce more events")
    return replayer.state
