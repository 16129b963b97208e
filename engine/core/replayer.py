"""Folding a save file's records into a verified game: each action is decided again from its
notation and must give exactly the logged events; each undo line must be one the undo policy
allows. Used by every load (engine.core.reader) and by ``verify``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .errors import IllegalAction, LogError
from .fold import Decided
from .game import Game, rng_for
from .log import Entry, Header, excerpt
from .undo import undo_check

_EVENT_KEYS = frozenset({"act", "n", "by", "move", "type", "v", "data"})
_UNDO_KEYS = frozenset({"undo", "by"})
MAX_UNDOS = 5000


class Replayer:
    """Folds records into a verified game: each action is decided again and must give exactly the
    logged events; each undo line must be one the policy allows. Raises LogError at the first
    line that does not fit; ``entries`` then holds the whole, verified moves before it."""

    def __init__(self, game: Game, header: Header):
        self.game, self.header = game, header
        self.seed = header.rng_seed
        self.players = header.config.players
        self.state = game.initial_state(header.config)
        self.entries: list[Entry] = []
        # act -> (entries before it, state before it): where an undo line, or a move written in
        # part, goes back to (states are immutable and share what did not change)
        self.before: dict[int, tuple[int, Any]] = {}
        self.undos = 0
        self.lines = 0  # lines read after the header
        self.kept_line = 1  # the last line that ends a whole action (or an undo); 1 is the header
        self.expected: list[Any] = []  # the events of the action being read
        self._records: list[dict] | None = []  # ... as the lines Bergfried writes for them (made when asked)
        self.pending_act: int | None = None  # the action being read, until all its lines are in
        self._by: int | None = None
        self._move: str | None = None
        self._k = 0  # lines of it read so far
        self._after: Any = None  # the state after the action being read, if its decider gave it
        self._evolve = game.evolve

    @property
    def pending(self) -> bool:
        return self.pending_act is not None

    @property
    def _act(self) -> int:
        """The action being read; asked for only while one is."""
        assert self.pending_act is not None, "no action is being read"
        return self.pending_act

    def feed_all(self, records: Iterable[tuple[int, Any]]) -> None:
        """``feed`` every record (numbered lines, in order)."""
        number = 1
        try:
            for number, record in records:
                self.feed(record, number)
        except LogError as exc:
            if self.pending_act and exc.line is not None and exc.line > number:
                # A line that is no record (no JSON) inside a move damages that move: it is dropped
                # as the file's damage, not reported as a move written in part (the set-up is).
                self.drop_pending()
            raise
        finally:
            self.lines = number - 1

    def feed(self, record: Any, number: int) -> None:
        # The common case first: the next line of an action is exactly the record expected.
        if self.pending_act is not None and type(record) is dict and self._is_expected(record, self._k):
            return self._accept(number)
        if not isinstance(record, dict):
            raise LogError(f"line {number}: not an event record", line=number)
        if "undo" in record:
            self._undo(record, number)
            self.kept_line = number
        elif self.pending_act is not None:
            self._check_event(record, number)  # raises unless it only looks different
            self._accept(number)
        else:
            self._start_action(record, number)

    def _accept(self, number: int) -> None:
        k = self._k
        event = self.expected[k]
        if self._after is None:
            self.state = self._evolve(self.state, event)
        self.entries.append(Entry(event, self._act, self._by, self._move if k == 0 else None, number))
        self._k = k = k + 1
        if k == len(self.expected):
            if self._after is not None:  # the decider folded these very events already
                self.state, self._after = self._after, None
            self.pending_act = None
            self.kept_line = number

    # -- actions ------------------------------------------------------------------------------
    def _start_action(self, record: dict, number: int) -> None:
        act = record.get("act")
        last = self.entries[-1].act if self.entries else -1
        if act == last and type(act) is int:
            raise LogError(f"line {number}: action {act} has more events than its move produces", line=number)
        if type(act) is not int or act != last + 1:
            raise LogError(f"line {number}: action number {excerpt(act)} out of sequence (after {last})", line=number)
        by, move = record.get("by"), record.get("move")
        position = len(self.entries)
        if act == 0:
            if by is not None or move is not None:
                raise LogError(f"line {number}: the set-up has no seat or move", line=number)
            expected = self.game.setup(self.header.config, rng_for(self.seed, 0))
        else:
            if type(by) is not int or not 0 <= by < self.players:
                raise LogError(f"line {number}: the seat is {excerpt(by)}", line=number)
            if type(move) is not str or len(move) > 200:
                raise LogError(f"line {number}: the move is {excerpt(move)}", line=number)
            if by not in self.game.to_act(self.state):
                raise LogError(f"line {number}: seat {by + 1} moved out of turn", line=number)
            expected = self._decide(by, move, number)
        if not expected:
            raise LogError(f"line {number}: move {excerpt(move)} produces no events", line=number)
        self._begin(record, number, act, by, move, position, expected, None)

    def _begin(
        self,
        record: dict,
        number: int,
        act: int,
        by: int | None,
        move: str | None,
        position: int,
        expected: list,
        records: list[dict] | None,
    ) -> None:
        """Read the first line of an action whose events are ``expected``."""
        self._keep(act, position, self.state)
        self.expected, self._records = expected, records
        self.pending_act, self._by, self._move, self._k = act, by, move, 0
        self._after = expected.after if type(expected) is Decided else None
        if not self._is_expected(record, 0):
            self._check_event(record, number)
        self._accept(number)

    def _keep(self, act: int, position: int, state: Any) -> None:
        """Remember the position before action ``act``."""
        self.before[act] = (position, state)

    @property
    def records(self) -> list[dict]:
        """The lines Bergfried writes for the events of the action being read."""
        if self._records is None:
            self._records = expected_records(self.game, self.expected, self._act, self._by, self._move)
        return self._records

    def _is_expected(self, record: dict, k: int) -> bool:
        """Whether the line is exactly the one Bergfried writes for the action's ``k``-th event."""
        return record == self.records[k]

    def _decide(self, by: int, move: str, number: int) -> list:
        state, rng = self.state, rng_for(self.seed, len(self.entries))  # the move's position in the log
        try:
            action = self.game.parse_action(state, by, move)
            events = self.game.decide(state, by, action, rng)
            return events if type(events) in (Decided, list) else list(events)  # a generator runs here
        except Exception as exc:
            raise refusal(exc, move, number) from None

    def _check_event(self, record: dict, number: int) -> None:
        """A line that is not byte-for-byte the expected record: accept what only looks different
        (an older file without counts, an older event schema), refuse the rest naming why."""
        k, expected = self._k, self.records[self._k]
        extra = record.keys() - _EVENT_KEYS
        if extra:
            raise LogError(f"line {number}: unknown field {excerpt(sorted(extra)[0])}", line=number)
        act = record.get("act")
        if act != self.pending_act or type(act) is not int:
            raise LogError(
                f"line {number}: action {self.pending_act} stops short of the "
                f"{len(self.records)} events its move produces",
                line=number,
            )
        for key in ("by", "move", "n"):
            if key in record and (record[key] != expected.get(key) or type(record[key]) is not type(expected.get(key))):
                if key == "n" and type(record[key]) is int:
                    raise LogError(
                        f"line {number}: the line announces {record[key]} events; "
                        f"{self._what()} produces {len(self.records)}",
                        line=number,
                    )
                raise LogError(
                    f"line {number}: the {key} is {excerpt(record[key])}, not what this action has", line=number
                )
            if key not in record and key in expected and key != "n":
                raise LogError(f"line {number}: the line has no {key}", line=number)
        if not self._same_event(record, k):
            raise LogError(
                f"line {number}: {mismatch(self.game.codec.names, record, expected, self._what())}", line=number
            )

    def _same_event(self, record: dict, k: int) -> bool:
        """The slow comparison, for events whose encoding holds tuples or an older schema."""
        expected = self.records[k]
        try:
            if record.get("v", 1) == expected["v"]:
                plain = json.loads(json.dumps(expected["data"]))
                return record.get("type") == expected["type"] and record.get("data") == plain
            return self.game.codec.decode(record) == self.expected[k]
        except (LogError, ValueError, TypeError, RecursionError):
            return False

    def _what(self) -> str:
        if self.pending_act == 0:
            return "the set-up"
        assert self._by is not None, "every move after the set-up is made by a seat"
        return f"move {excerpt(self._move)} by seat {self._by + 1}"

    def drop_pending(self) -> None:
        self._back_to(self._act)
        self.pending_act, self._after = None, None

    def _back_to(self, act: int) -> None:
        """Drop action ``act`` and everything after it; states are immutable, so the one kept
        from before it is the position to go on from."""
        start = max(a for a in self.before if a <= act)  # act 0, the set-up, is always kept
        position, state = self.before[start]
        entries, evolve = self.entries, self.game.evolve
        while position < len(entries) and entries[position][1] < act:  # [1]: the entry's act
            state = evolve(state, entries[position][0])
            position += 1
        self.state = state
        del entries[position:]
        for later in [a for a in self.before if a >= act]:
            del self.before[later]

    def make_setup(self) -> None:
        """A header without its set-up: the set-up is made again, as Match.new made it."""
        events = self.game.setup(self.header.config, rng_for(self.seed, 0))
        for ev in events:
            self.state = self.game.evolve(self.state, ev)
        self.entries = [Entry(ev, 0) for ev in events]

    # -- undo ---------------------------------------------------------------------------------
    def _undo(self, record: dict, number: int) -> None:
        if self.pending:
            raise LogError(
                f"line {number}: action {self.pending_act} stops short of the "
                f"{len(self.records)} events its move produces",
                line=number,
            )
        act, by = record.get("undo"), record.get("by")
        if record.keys() - _UNDO_KEYS or type(act) is not int or type(by) is not int or not 0 <= by < self.players:
            raise LogError(f"line {number}: not an undo line Bergfried writes", line=number)
        self.undos += 1
        if self.undos > MAX_UNDOS:  # each is checked against the whole game: bound the work
            raise LogError(f"line {number}: more than {MAX_UNDOS:,} undo lines; no game has that many", line=number)
        check = undo_check(self.game, self.header, self.entries, self.state, by, legacy=self.header.legacy)
        if not check or check.to_act != act:
            why = check.reason if not check else f"seat {by + 1} could only take back to action {check.to_act}"
            raise LogError(f"line {number}: undo to action {act} is not allowed: {why}", line=number)
        self._back_to(act)


# -- what a move's lines should be, and what a load says when they are not --------------------
def expected_records(game: Game, events: list, act: int, by: int | None, move: str | None) -> list[dict]:
    """The records Bergfried writes for an action's events (see engine.core.log.encode_entry), as
    JSON reads them back: a logged line that is exactly right compares equal at once."""
    plain = game.codec.plain
    if by is None:  # the set-up: no seat, no move
        first = {"act": act, "n": len(events), **plain(events[0])}
        return [first] + [{"act": act, **plain(ev)} for ev in events[1:]]
    first = plain(events[0])
    first["act"], first["n"], first["by"], first["move"] = act, len(events), by, move
    if len(events) == 1:
        return [first]
    records = [first]
    for ev in events[1:]:
        record = plain(ev)
        record["act"], record["by"] = act, by
        records.append(record)
    return records


def mismatch(names: frozenset[str], record: dict, encoded: dict, what: str) -> str:
    """Why a line's event is not ``encoded``, the record ``what`` (the set-up, a move) produces."""
    kind, version = record.get("type"), record.get("v", 1)
    if type(kind) is not str or kind not in names:
        return f"unknown event type {excerpt(kind)}"
    if kind == encoded["type"] and type(version) is int and version > encoded["v"]:
        return f"event {kind!r} has schema version {version}; this Bergfried reads up to {encoded['v']}"
    return f"{kind} is not what {what} produces in its position"


def refusal(exc: Exception, move: str, number: int) -> LogError:
    """What a load says when deciding a logged move again fails."""
    if isinstance(exc, IllegalAction):
        return LogError(
            f"line {number}: move {excerpt(move)} is illegal in its position: {excerpt(str(exc), 80)}", line=number
        )
    # a game's rules failing on a strange move must not crash a load
    return LogError(f"line {number}: move {excerpt(move)} could not be replayed ({type(exc).__name__})", line=number)
