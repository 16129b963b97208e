"""Reading a save file: bytes -> lines -> records -> a verified game, or an error naming a line.

Every load decides each logged move again from its notation (``rng_for`` of the header's
secret and the position) and insists on exactly the logged events; every undo line is asked of
the undo policy again. So an edited file opens as the game it says, or not at all.

Limits keep a hostile file from hanging or exhausting the reader: only regular files, at most
MAX_FILE_BYTES in all and MAX_LINE_CHARS a line, JSON without NaN/Infinity or endless nesting.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from stat import S_ISREG
from typing import Any

from .errors import IllegalAction, LogError
from .game import Game, rng_for
from .log import Entry, Header, LoadedLog, SUFFIX, excerpt, write_log_new
from .undo import undo_check

MAX_FILE_BYTES = 64 * 2**20
MAX_LINE_CHARS = 2**20
FAST_PARSE_CHARS = 8 * 2**20  # above this, lines are parsed one at a time (bounded memory)
_EVENT_KEYS = frozenset({"act", "n", "by", "move", "type", "v", "data"})
_UNDO_KEYS = frozenset({"undo", "by"})


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save file holds")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float)


def parse_line(text: str, number: int) -> Any:
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise LogError(f"line {number}: not JSON ({exc.msg}, column {exc.colno})", line=number) from None
    except RecursionError:
        raise LogError(f"line {number}: nested too deeply to be a save file's line", line=number) from None
    except ValueError as exc:  # NaN, 1e999, an integer of thousands of digits
        raise LogError(f"line {number}: {excerpt(str(exc), 80)}", line=number) from None


def read_text(path: Path) -> tuple[str, bytes]:
    """The whole lines of a save file as text, and the bytes after its last newline (a cut tail)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise LogError(f"cannot read {Path(path).name}: {exc.strerror or exc}") from None
    try:
        stat = os.fstat(fd)
        if not S_ISREG(stat.st_mode):
            raise LogError(f"{Path(path).name} is not a regular file")
        if stat.st_size > MAX_FILE_BYTES:
            raise LogError(f"{Path(path).name} is {stat.st_size:,} bytes; a save file is at most {MAX_FILE_BYTES:,}")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(2**20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise LogError(f"cannot read {Path(path).name}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_FILE_BYTES:
        raise LogError(f"{Path(path).name} grew past {MAX_FILE_BYTES:,} bytes while being read")
    if data.startswith(b"\xef\xbb\xbf"):
        raise LogError("line 1: the file starts with a byte-order mark (BOM); save files are plain UTF-8", line=1)
    end = data.rfind(b"\n") + 1
    try:
        return data[:end].decode("utf-8"), data[end:]
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise LogError(f"line {line}: not UTF-8 text (a byte {data[exc.start]:#04x} at offset {exc.start})",
                       line=line) from None


def _lines(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        end = text.index("\n", start)
        yield text[start:end]
        start = end + 1


def _records(text: str) -> Iterator[tuple[int, str, Any]]:
    """(line number, text, record) for each line; one json pass over a small file, else line by line."""
    fast = None
    if len(text) <= FAST_PARSE_CHARS:
        lines = text.split("\n")[:-1]
        if len(text) <= MAX_LINE_CHARS or all(len(line) <= MAX_LINE_CHARS for line in lines):
            try:
                fast = json.loads("[" + ",".join(lines) + "]", parse_constant=_no_constant,
                                  parse_float=_finite_float)
            except (ValueError, RecursionError):
                fast = None
            if fast is not None and (len(fast) != len(lines) or not all(isinstance(r, dict) for r in fast)):
                fast = None
        if fast is not None:
            yield from zip(range(1, len(lines) + 1), lines, fast)
            return
    for number, line in enumerate(_lines(text), start=1):
        if len(line) > MAX_LINE_CHARS:
            raise LogError(f"line {number} is {len(line):,} characters long; a save file's lines are at most "
                           f"{MAX_LINE_CHARS:,}", line=number)
        if not line.strip():
            raise LogError(f"line {number} is blank", line=number)
        yield number, line, parse_line(line, number)


def load_log(path: Path, lookup: Callable[[str], Game], expect_game: str | None = None,
             lenient: bool = False) -> LoadedLog:
    """See :func:`engine.core.log.read_log`. ``lenient``: stop at the first bad line instead of
    raising, keeping the whole, verified moves before it (the recovery of a damaged file)."""
    text, tail = read_text(path)
    records = _records(text)
    try:
        first = next(records, None)
    except LogError:
        if text.startswith('{"format"'):
            raise  # a header, damaged: say how
        raise LogError("line 1: not a Bergfried save file (the first line is not a header)", line=1) from None
    if first is None:
        if tail:
            raise LogError("line 1: the header was cut off mid-write; nothing can be recovered", line=1)
        raise LogError("line 1: the file is empty", line=1)
    header = Header.from_json(first[2])
    if expect_game is not None and header.game != expect_game:
        raise LogError(f"line 1: this is a {header.game} game, not {expect_game}", line=1)
    try:
        game = lookup(header.game)
    except KeyError:
        raise LogError(f"line 1: unknown game {excerpt(header.game)}", line=1) from None
    problem = header.problem(game)
    if problem:
        raise LogError(f"line 1: {problem}", line=1)
    replayer = Replayer(game, header)
    error: LogError | None = None
    try:
        replayer.feed_all(records)
    except LogError as exc:
        if not lenient:
            raise
        error = exc
    notes = []
    if error is not None:
        notes.append(f"{error}; the game is kept up to the last whole move before it")
    if tail and error is None:
        if len(tail) > MAX_LINE_CHARS:
            line = replayer.lines + 2
            raise LogError(f"line {line} is {len(tail):,} bytes long without an end; a save file's lines are "
                           f"at most {MAX_LINE_CHARS:,}", line=line)
        notes.append(f"line {replayer.lines + 2} was cut off mid-write and was dropped")
    if replayer.pending:
        notes.append(f"the last move (action {replayer.pending_act}) was written only in part")
        replayer.drop_pending()
    setup_missing = not replayer.entries
    if setup_missing:
        notes.append("the set-up was never written; the game starts again from its header")
        replayer.make_setup()
    warning = "; ".join(notes) + "; the game is recovered up to the last whole move" if notes else None
    whole = _offset_after(text, replayer.kept_line) if notes else None
    return LoadedLog(header, tuple(replayer.entries), warning, replayer.state, whole, setup_missing)


def recover_log(path: Path, lookup: Callable[[str], Game] | None) -> Path:
    if lookup is None:
        from engine.games import get_game as lookup
    loaded = load_log(path, lookup, lenient=True)
    game = lookup(loaded.header.game)
    name = path.name[:-len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    return write_log_new(path.with_name(name + ".recovered" + SUFFIX), game, loaded.header, loaded.entries)


def _expected_records(game: Game, events: list, act: int, by: int | None, move: str | None) -> list[dict]:
    """The records Bergfried writes for an action's events (see engine.core.log.encode_entry)."""
    encode = game.codec.encode
    if by is None:
        out = [{"act": act, **encode(ev)} for ev in events]
    else:
        out = [{"act": act, "by": by, **encode(ev)} for ev in events]
    first = {"act": act, "n": len(events)}
    if by is not None:
        first["by"] = by
    if move is not None:
        first["move"] = move
    first.update(out[0])
    out[0] = first
    return out


def _offset_after(text: str, line: int) -> int:
    """The byte offset just after line ``line`` (1-based) of ``text``."""
    end = -1
    for _ in range(line):
        end = text.index("\n", end + 1)
    return len(text[:end + 1].encode("utf-8"))


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
        self.before: dict[int, tuple[int, Any]] = {}  # act -> (number of entries before it, unused)
        self.lines = 0  # lines read after the header
        self.kept_line = 1  # the last line that ends a whole action (or an undo); 1 is the header
        self.expected: list[Any] = []  # the events of the action being read
        self.records: list[dict] = []  # ... as the lines Bergfried writes for them
        self.pending_act: int | None = None  # the action being read, until all its lines are in
        self._by: int | None = None
        self._move: str | None = None
        self._k = 0  # lines of it read so far

    @property
    def pending(self) -> bool:
        return self.pending_act is not None

    def feed_all(self, records: Iterator[tuple[int, str, Any]]) -> None:
        """``feed`` for every record, with the common case (the next line of an action is exactly
        the record expected) taken inline: loading is dominated by it."""
        evolve, append = self.game.evolve, self.entries.append
        for number, _, record in records:
            act = self.pending_act
            if act is not None and record == self.records[self._k]:
                k = self._k
                event = self.expected[k]
                self.state = evolve(self.state, event)
                append(Entry(event, act, self._by, self._move if k == 0 else None, number))
                self._k = k = k + 1
                if k == len(self.expected):
                    self.pending_act = None
                    self.kept_line = number
            else:
                self.feed(record, number)

    def feed(self, record: Any, number: int) -> None:
        # The common case first: the next line of an action is exactly the record expected.
        if self.pending_act is not None and type(record) is dict and record == self.records[self._k]:
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
        self.state = self.game.evolve(self.state, event)
        self.entries.append(Entry(event, self.pending_act, self._by, self._move if k == 0 else None, number))
        self._k = k + 1
        if self._k == len(self.expected):
            self.pending_act = None
            self.kept_line = number

    # -- actions ------------------------------------------------------------------------------
    def _start_action(self, record: dict, number: int) -> None:
        act = record.get("act")
        last = self.entries[-1].act if self.entries else -1
        if act == last and type(act) is int:
            raise LogError(f"line {number}: action {act} has more events than its move produces", line=number)
        if type(act) is not int or act != last + 1:
            raise LogError(f"line {number}: action number {excerpt(act)} out of sequence (after {last})",
                           line=number)
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
            expected = self._decide(by, move, position, number)
        if not expected:
            raise LogError(f"line {number}: move {excerpt(move)} produces no events", line=number)
        self.before[act] = (position, None)
        self.expected = expected
        self.records = _expected_records(self.game, expected, act, by, move)
        self.pending_act, self._by, self._move, self._k = act, by, move, 0
        if record != self.records[0]:
            self._check_event(record, number)
        self._accept(number)

    def _decide(self, by: int, move: str, position: int, number: int) -> list:
        state = self.state
        try:
            action = self.game.parse_action(state, by, move)
            return list(self.game.decide(state, by, action, rng_for(self.seed, position)))
        except IllegalAction as exc:
            raise LogError(f"line {number}: move {excerpt(move)} is illegal in its position: "
                           f"{excerpt(str(exc), 80)}", line=number) from None
        except Exception as exc:  # a game's rules failing on a strange move must not crash a load
            raise LogError(f"line {number}: move {excerpt(move)} could not be replayed "
                           f"({type(exc).__name__})", line=number) from None

    def _check_event(self, record: dict, number: int) -> None:
        """A line that is not byte-for-byte the expected record: accept what only looks different
        (an older file without counts, an older event schema), refuse the rest naming why."""
        k, expected = self._k, self.records[self._k]
        extra = record.keys() - _EVENT_KEYS
        if extra:
            raise LogError(f"line {number}: unknown field {excerpt(sorted(extra)[0])}", line=number)
        act = record.get("act")
        if act != self.pending_act or type(act) is not int:
            raise LogError(f"line {number}: action {self.pending_act} stops short of the "
                           f"{len(self.records)} events its move produces", line=number)
        for key in ("by", "move", "n"):
            if key in record and (record[key] != expected.get(key) or type(record[key]) is not type(expected.get(key))):
                if key == "n" and type(record[key]) is int:
                    raise LogError(f"line {number}: the line announces {record[key]} events; "
                                   f"{self._what()} produces {len(self.records)}", line=number)
                raise LogError(f"line {number}: the {key} is {excerpt(record[key])}, not what this action has",
                               line=number)
            if key not in record and key in expected and key != "n":
                raise LogError(f"line {number}: the line has no {key}", line=number)
        if not self._same_event(record, k):
            raise LogError(f"line {number}: {self._mismatch(record, expected)}", line=number)

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

    def _mismatch(self, record: dict, encoded: dict) -> str:
        kind, version = record.get("type"), record.get("v", 1)
        if type(kind) is not str or kind not in self.game.codec.names:
            return f"unknown event type {excerpt(kind)}"
        if kind == encoded["type"] and type(version) is int and version > encoded["v"]:
            return f"event {kind!r} has schema version {version}; this Bergfried reads up to {encoded['v']}"
        return f"{kind} is not what {self._what()} produces in its position"

    def _what(self) -> str:
        return "the set-up" if self.pending_act == 0 else f"move {excerpt(self._move)} by seat {self._by + 1}"

    def drop_pending(self) -> None:
        self._back_to(self.before[self.pending_act][0])
        self.pending_act = None

    def _back_to(self, position: int) -> None:
        """Drop the entries from ``position`` on and fold the rest again, as Match.undo does
        (a state kept from earlier is not trusted: a game's state may share parts it changes)."""
        del self.entries[position:]
        state = self.game.initial_state(self.header.config)
        for e in self.entries:
            state = self.game.evolve(state, e.event)
        self.state = state

    def make_setup(self) -> None:
        """A header without its set-up: the set-up is made again, as Match.new made it."""
        events = self.game.setup(self.header.config, rng_for(self.seed, 0))
        for ev in events:
            self.state = self.game.evolve(self.state, ev)
        self.entries = [Entry(ev, 0) for ev in events]

    # -- undo ---------------------------------------------------------------------------------
    def _undo(self, record: dict, number: int) -> None:
        if self.pending:
            raise LogError(f"line {number}: action {self.pending_act} stops short of the "
                           f"{len(self.records)} events its move produces", line=number)
        act, by = record.get("undo"), record.get("by")
        if record.keys() - _UNDO_KEYS or type(act) is not int or type(by) is not int \
                or not 0 <= by < self.players:
            raise LogError(f"line {number}: not an undo line Bergfried writes", line=number)
        check = undo_check(self.game, self.header, self.entries, self.state, by, legacy=self.header.legacy)
        if not check or check.to_act != act:
            why = check.reason if not check else f"seat {by + 1} could only take back to action {check.to_act}"
            raise LogError(f"line {number}: undo to action {act} is not allowed: {why}", line=number)
        self._back_to(self.before[act][0])
        for later in [a for a in self.before if a >= act]:
            del self.before[later]
