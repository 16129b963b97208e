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
from itertools import count
from pathlib import Path
from stat import S_ISREG
from typing import Any

from .errors import IllegalAction, LogError
from .game import Game
from .log import Header, LoadedLog, SUFFIX, excerpt, write_log_new
from .replayer import Replayer

MAX_FILE_BYTES = 64 * 2**20
MAX_LINE_CHARS = 2**20
FAST_PARSE_CHARS = 2 * 2**20  # above this, lines are parsed one at a time (bounded memory)


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
        raise NotText(
            f"line {line}: not UTF-8 text (a byte {data[exc.start]:#04x} at offset {exc.start})",
            line=line,
            before=data[: data.rfind(b"\n", 0, exc.start) + 1].decode("utf-8"),
        ) from None


class NotText(LogError):
    """A byte that is no UTF-8; ``before`` is the whole lines ahead of it, which recovery keeps."""

    def __init__(self, message: str, line: int, before: str):
        super().__init__(message, line)
        self.before = before


def _lines(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        end = text.index("\n", start)
        yield text[start:end]
        start = end + 1


def _records(text: str) -> Iterator[tuple[int, Any]]:
    """(line number, record) for each line: one json pass over a small file, else line by line.

    A raw newline never stands inside JSON text, so the whole lines joined with commas are one
    array; it holds one value per line exactly when it holds as many values as there are lines
    (a line with no value leaves two commas together, which is no JSON). A line that is not an
    object is the replayer's to refuse, naming it."""
    if len(text) <= FAST_PARSE_CHARS and (
        len(text) <= MAX_LINE_CHARS or all(len(line) <= MAX_LINE_CHARS for line in text.split("\n"))
    ):
        try:
            # text ends with its newline; join copies the joined lines once, "[" + ... + "]" twice
            fast = _DECODER.decode("".join(("[", text[:-1].replace("\n", ","), "]")))
        except (ValueError, RecursionError):
            fast = None
        if fast is not None and len(fast) == text.count("\n"):
            return zip(count(1), fast)  # iterated in C: no generator between the records and the replayer
    return _records_one_by_one(text)


def _records_one_by_one(text: str) -> Iterator[tuple[int, Any]]:
    for number, line in enumerate(_lines(text), start=1):
        if len(line) > MAX_LINE_CHARS:
            raise LogError(
                f"line {number} is {len(line):,} characters long; a save file's lines are at most {MAX_LINE_CHARS:,}",
                line=number,
            )
        if not line.strip():
            raise LogError(f"line {number} is blank", line=number)
        yield number, parse_line(line, number)


def load_log(
    path: Path, lookup: Callable[[str], Game], expect_game: str | None = None, lenient: bool = False
) -> LoadedLog:
    """See :func:`engine.core.log.read_log`. ``lenient``: stop at the first bad line instead of
    raising, keeping the whole, verified moves before it (the recovery of a damaged file)."""
    damage: LogError | None = None
    try:
        text, tail = read_text(path)
    except NotText as exc:
        if not lenient or exc.line == 1:
            raise
        text, tail, damage = exc.before, b"", exc  # recovery keeps the whole lines before the bad byte
    return load_text(text, tail, lookup, expect_game, lenient, damage)


def load_text(
    text: str,
    tail: bytes,
    lookup: Callable[[str], Game],
    expect_game: str | None = None,
    lenient: bool = False,
    damage: LogError | None = None,
) -> LoadedLog:
    """``load_log`` of a save file's whole lines (``text``, each ending in a newline) and the
    bytes after them (``tail``): a file's, or a table's lines in the server's database.
    ``damage``: what cut the text short (a bad byte), told when nothing else went wrong first."""
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
    header = Header.from_json(first[1])
    if expect_game is not None and header.game != expect_game:
        raise LogError(f"line 1: this is a {header.game} game, not {expect_game}", line=1)
    try:
        game = lookup(header.game)
    except KeyError:
        raise LogError(f"line 1: unknown game {excerpt(header.game)}", line=1) from None
    problem = header.problem(game)
    if problem:
        raise LogError(f"line 1: {problem}", line=1)
    try:  # a set-up the game refuses is the file's problem, told like any other
        replayer = Replayer(game, header)
    except IllegalAction as exc:
        raise LogError(f"line 1: {exc}", line=1) from None
    error: LogError | None = None
    try:
        replayer.feed_all(records)
    except LogError as exc:
        if not lenient:
            raise
        error = exc
    error = error or damage
    notes = []
    if error is not None:
        notes.append(f"{error}; the game is kept up to the last whole move before it")
    if tail and error is None:
        if len(tail) > MAX_LINE_CHARS:
            line = replayer.lines + 2
            raise LogError(
                f"line {line} is {len(tail):,} bytes long without an end; a save file's lines are "
                f"at most {MAX_LINE_CHARS:,}",
                line=line,
            )
        notes.append(f"line {replayer.lines + 2} was cut off mid-write and was dropped")
    if replayer.pending:
        notes.append(f"the last move (action {replayer.pending_act}) was written only in part")
        replayer.drop_pending()
    setup_missing = not replayer.entries
    if setup_missing:
        notes.append("the set-up was never written; the game starts again from its header")
        try:
            replayer.make_setup()
        except IllegalAction as exc:
            raise LogError(f"line 1: {exc}", line=1) from None
    warning = "; ".join(notes) + "; the game is recovered up to the last whole move" if notes else None
    whole = _offset_after(text, replayer.kept_line) if notes else None
    return LoadedLog(header, tuple(replayer.entries), warning, replayer.state, whole, setup_missing)


def recover_log(path: Path, lookup: Callable[[str], Game]) -> Path:
    loaded = load_log(path, lookup, lenient=True)
    game = lookup(loaded.header.game)
    name = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    return write_log_new(path.with_name(name + ".recovered" + SUFFIX), game, loaded.header, loaded.entries)


def _offset_after(text: str, line: int) -> int:
    """The byte offset just after line ``line`` (1-based) of ``text``."""
    end = -1
    for _ in range(line):
        end = text.index("\n", end + 1)
    return len(text[: end + 1].encode("utf-8"))
