"""A Match: one game being played — its header, its log, its current state and who is watching.

    match = Match.new(get_game("king-up"), GameConfig(3), seats, seed=7)
    match.play(0, "A3")   # seat 0 places Alighiero on floor 3

Every accepted action appends its events to the log (and the save file, when there is one)
before subscribers hear of it. Several apps on one event loop may share a Match.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import IllegalAction, LogError
from .game import PRACTICE, Game, GameConfig, Result, replay, rng_for
from .log import Entry, Header, LoadedLog, LogWriter, Seat, read_log

Listener = Callable[["Match", "Change"], None]


@attrs.frozen
class Change:
    """What a subscriber is told: the entries added (or, for an undo, removed) and by whom."""

    kind: str  # "action" or "undo"
    seat: int | None
    entries: tuple[Entry, ...]


@attrs.frozen
class UndoCheck:
    allowed: bool
    reason: str
    to_act: int = 0  # the first action batch an undo would drop

    def __bool__(self) -> bool:
        return self.allowed


class Match:
    def __init__(self, game: Game, header: Header, entries: Sequence[Entry] = (),
                 writer: LogWriter | None = None, state: Any = None):
        self.game, self.header, self.writer = game, header, writer
        self.entries: list[Entry] = list(entries)
        self.state = state if state is not None else replay(game, header.config, (e.event for e in entries))
        self._listeners: list[Listener] = []

    # -- creating and loading -------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, config: GameConfig, seats: Sequence[Seat], seed: int,
            path: Path | None = None, created: str | None = None, durable: bool = True) -> Match:
        if not game.min_players <= config.players <= game.max_players:
            raise IllegalAction(f"{game.title} is for {game.min_players}–{game.max_players} players")
        if len(seats) != config.players:
            raise IllegalAction(f"{config.players} players need {config.players} seats, got {len(seats)}")
        header = Header(game.id, game.rules_version, config, seed, tuple(seats), created)
        writer = LogWriter(path, game, durable) if path is not None else None
        if writer:
            writer.write_header(header)
        match = cls(game, header, (), writer)
        events = game.setup(config, rng_for(seed, 0))
        match._append([Entry(ev, 0) for ev in events])
        return match

    @classmethod
    def load(cls, path: Path, lookup: Callable[[str], Game], resume: bool = True,
             durable: bool = True) -> tuple[Match, str | None]:
        """Continue a saved game: returns the match (appending to the same file) and any warning.

        A recovered file (cut-off last line) is rewritten first, so new lines follow whole ones.
        """
        loaded = read_log(path, lookup)
        game = lookup(loaded.header.game)
        writer = None
        if resume:
            if loaded.warning:
                from .log import write_log_atomic
                write_log_atomic(Path(path), game, loaded.header, loaded.entries)
            writer = LogWriter(Path(path), game, durable)
        return cls(game, loaded.header, loaded.entries, writer), loaded.warning

    # -- reading -----------------------------------------------------------------------------
    @property
    def seed(self) -> int:
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
        return rng_for(self.seed, len(self.entries), salt)

    # -- acting ------------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> list[Any]:
        """Apply ``action`` for ``seat``; raises IllegalAction (nothing changes) when not allowed."""
        if self.finished:
            raise IllegalAction("the game is over")
        if seat not in self.to_act:
            who = ", ".join(self.seats[s].name for s in sorted(self.to_act))
            raise IllegalAction(f"it is not your turn (waiting for {who})")
        move = self.game.format_action(self.state, seat, action)
        events = self.game.decide(self.state, seat, action, self.rng())
        act = self.last_act + 1
        self._append([Entry(ev, act, seat, move if i == 0 else None) for i, ev in enumerate(events)],
                     seat)
        return events

    def play(self, seat: int, text: str) -> list[Any]:
        """Parse ``text`` in the game's notation and submit it."""
        return self.submit(seat, self.game.parse_action(self.state, seat, text))

    def _append(self, entries: list[Entry], seat: int | None = None) -> None:
        if self.writer:
            self.writer.write_entries(entries)
        for e in entries:
            self.state = self.game.evolve(self.state, e.event)
        self.entries.extend(entries)
        self._notify(Change("action", seat, tuple(entries)))

    # -- undo --------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> UndoCheck:
        """Whether ``seat`` may take back its last action now, and if not, why not.

        Own actions may go back while nobody else has acted and nothing hidden was revealed by
        them. Against bots only, the bots' replies go back too ("practice undo"); past a reveal
        only when the match was set up with the ``practice`` variant.
        """
        if self.finished:
            return UndoCheck(False, "the game is over")
        batches = self._batches()
        mine = [act for act, by in batches if by == seat]
        if not mine:
            return UndoCheck(False, "you have no move to take back")
        target = mine[-1]
        later = {by for act, by in batches if act > target}
        if later and not all(self.seats[s].is_bot for s in later):
            names = ", ".join(sorted(self.seats[s].name for s in later if not self.seats[s].is_bot))
            return UndoCheck(False, f"{names} has moved since; only your own last move can be taken back")
        dropped = [e for e in self.entries if e.act >= target]
        if not self.header.config.has(PRACTICE.key) and any(self.game.reveals(e.event) for e in dropped):
            return UndoCheck(False, "hidden information has been revealed since that move")
        return UndoCheck(True, "", target)

    def undo(self, seat: int) -> UndoCheck:
        check = self.can_undo(seat)
        if not check:
            raise IllegalAction(f"cannot undo: {check.reason}")
        dropped = tuple(e for e in self.entries if e.act >= check.to_act)
        if self.writer:
            self.writer.write_undo(check.to_act, seat)
        self.entries = [e for e in self.entries if e.act < check.to_act]
        self.state = replay(self.game, self.header.config, self.events)
        self._notify(Change("undo", seat, dropped))
        return check

    def _batches(self) -> list[tuple[int, int | None]]:
        seen: dict[int, int | None] = {}
        for e in self.entries:
            seen.setdefault(e.act, e.by)
        return [(act, by) for act, by in seen.items() if act > 0]

    # -- subscribers -------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(match, change)`` after every change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(self, change)

    def close(self) -> None:
        if self.writer:
            self.writer.close()
            self.writer = None


def verify(game: Game, loaded: LoadedLog) -> Any:
    """Decide every logged action again and insist it yields exactly the logged events.

    Returns the final state; raises LogError naming the first line that does not follow the rules.
    """
    header, entries = loaded.header, loaded.entries
    state = game.initial_state(header.config)
    i = 0
    while i < len(entries):
        act = entries[i].act
        j = i
        while j < len(entries) and entries[j].act == act:
            j += 1
        batch = entries[i:j]
        expected = _expected_events(game, header, state, batch, i)
        for k, entry in enumerate(batch):
            if k >= len(expected) or expected[k] != entry.event:
                raise _bad(entry, i + k, f"{game.codec.encode(entry.event)['type']} is not what "
                                         f"{_what(batch)} produces in its position")
            state = game.evolve(state, entry.event)
        if len(expected) > len(batch):
            missing = len(expected) - len(batch)
            raise _bad(batch[-1], j - 1, f"{_what(batch)} should produce {missing} more event(s)")
        i = j
    return state


def _expected_events(game: Game, header: Header, state: Any, batch: Sequence[Entry], position: int) -> list:
    first = batch[0]
    if first.act == 0:
        if position != 0:
            raise _bad(first, position, "setup events after the game began")
        return game.setup(header.config, rng_for(header.seed, 0))
    if first.by is None or first.move is None:
        raise _bad(first, position, "an action without its seat or move")
    if first.by not in game.to_act(state):
        raise _bad(first, position, f"seat {first.by} moved out of turn")
    try:
        action = game.parse_action(state, first.by, first.move)
        return game.decide(state, first.by, action, rng_for(header.seed, position))
    except IllegalAction as exc:
        raise _bad(first, position, f"move {first.move!r} is illegal in its position: {exc}") from None


def _what(batch: Sequence[Entry]) -> str:
    first = batch[0]
    return "the setup" if first.act == 0 else f"move {first.move!r} by seat {first.by}"


def _bad(entry: Entry, index: int, text: str) -> LogError:
    where = f"line {entry.line}" if entry.line is not None else f"event {index + 1}"
    return LogError(f"{where}: {text}", line=entry.line)
