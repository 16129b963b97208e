"""Save files: the event log as JSON Lines — a header line, then one line per event.

Lines are appended, flushed and fsync'd after every action, so a crash loses at most the line
being written. An undo is itself a line (``{"undo": k}``: drop action batches ``k`` onward), so
the file only ever grows; readers fold undo lines away and see what was finally played.

    header, entries, warning = read_log(path, game_lookup)
"""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import LogError
from .game import Game, GameConfig

FORMAT = "bergfried-log"
FORMAT_VERSION = 1


@attrs.frozen
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot:<level>"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def bot_level(self) -> str | None:
        return self.kind[4:] if self.is_bot else None


@attrs.frozen
class Header:
    game: str
    rules_version: int
    config: GameConfig
    seed: int
    seats: tuple[Seat, ...]
    created: str | None = None  # an ISO timestamp from the caller; the engine reads no clock

    def to_json(self) -> dict:
        out = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": self.game,
               "rules_version": self.rules_version,
               "config": {"players": self.config.players, "variants": sorted(self.config.variants)},
               "seed": self.seed, "seats": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        if self.created is not None:
            out["created"] = self.created
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Header:
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise LogError("line 1: not a Bergfried save file (no bergfried-log header)", line=1)
        version = obj.get("format_version")
        if version != FORMAT_VERSION:
            raise LogError(f"line 1: save format version {version!r}; this Bergfried reads version {FORMAT_VERSION}", line=1)
        try:
            cfg = obj["config"]
            return cls(game=obj["game"], rules_version=int(obj["rules_version"]),
                       config=GameConfig(int(cfg["players"]), frozenset(cfg.get("variants", ()))),
                       seed=int(obj["seed"]),
                       seats=tuple(Seat(s["name"], s.get("kind", "human")) for s in obj["seats"]),
                       created=obj.get("created"))
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError(f"line 1: the header is incomplete ({exc})", line=1) from None


@attrs.frozen(slots=True)
class Entry:
    """One logged event, with the action batch it belongs to.

    ``act`` numbers the batches: 0 is setup, then one per accepted action. The first entry of a
    batch carries the action's notation in ``move``, so ``check`` can decide it again.
    """

    event: Any
    act: int
    by: int | None = None
    move: str | None = None
    line: int | None = attrs.field(default=None, eq=False)  # where it was read from, for messages


def encode_entry(game: Game, entry: Entry, batch_size: int | None = None) -> dict:
    line = {"act": entry.act}
    if batch_size is not None:
        line["n"] = batch_size  # lets a reader tell a batch cut short by a crash
    if entry.by is not None:
        line["by"] = entry.by
    if entry.move is not None:
        line["move"] = entry.move
    line.update(game.codec.encode(entry.event))
    return line


def encode_lines(game: Game, entries: Sequence[Entry]) -> list[str]:
    """JSON lines for ``entries``; the first line of each action batch says how many lines it has."""
    sizes: dict[int, int] = {}
    for e in entries:
        sizes[e.act] = sizes.get(e.act, 0) + 1
    out, prev = [], None
    for e in entries:
        out.append(dumps(encode_entry(game, e, sizes[e.act] if e.act != prev else None)))
        prev = e.act
    return out


def dumps(obj: dict) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class LogWriter:
    """Appends to a save file. ``durable`` (the default) fsyncs after every action."""

    def __init__(self, path: Path, game: Game, durable: bool = True):
        self.path, self.game, self.durable = Path(path), game, durable
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "a", encoding="utf-8")

    def write_header(self, header: Header) -> None:
        self._write([dumps(header.to_json())])

    def write_entries(self, entries: Iterable[Entry]) -> None:
        self._write(encode_lines(self.game, list(entries)))

    def write_undo(self, act: int, by: int | None) -> None:
        self._write([dumps({"undo": act, "by": by})])

    def _write(self, lines: Sequence[str]) -> None:
        self._file.write("".join(line + "\n" for line in lines))
        self._file.flush()
        if self.durable:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def write_log_atomic(path: Path, game: Game, header: Header, entries: Sequence[Entry]) -> None:
    """Write a whole log (for "save as" and for compacting away undo lines) via temp file + rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".bergfried-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dumps(header.to_json()) + "\n")
            for line in encode_lines(game, entries):
                f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@attrs.frozen
class LoadedLog:
    header: Header
    entries: tuple[Entry, ...]
    warning: str | None = None  # set when a cut-off last line was dropped


def read_log(path: Path, lookup: Callable[[str], Game], expect_game: str | None = None) -> LoadedLog:
    """Parse a save file into its header and effective entries (undo lines applied).

    Raises LogError naming the first bad line. A last line cut off mid-write (no newline, not
    JSON) is dropped with a warning instead: everything before it was written whole.
    """
    try:
        raw = Path(path).read_bytes().decode("utf-8")
    except OSError as exc:
        raise LogError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise LogError("not a Bergfried save file (not UTF-8 text)") from None
    lines = raw.split("\n")
    cut_tail = lines[-1] != ""
    if not cut_tail:
        lines.pop()
    if not lines or not lines[0].strip():
        raise LogError("line 1: the file is empty", line=1)
    header = Header.from_json(_parse_json(lines[0], 1))
    if expect_game is not None and header.game != expect_game:
        raise LogError(f"line 1: this is a {header.game} game, not {expect_game}", line=1)
    try:
        game = lookup(header.game)
    except KeyError:
        raise LogError(f"line 1: unknown game {header.game!r}", line=1) from None
    if header.rules_version > game.rules_version:
        raise LogError(f"line 1: rules version {header.rules_version} is newer than this Bergfried's "
                       f"{game.rules_version} for {header.game}", line=1)
    reader = _Reader(game)
    warning = None
    for number, text in enumerate(lines[1:], start=2):
        try:
            record = _parse_json(text, number)
        except LogError:
            if number == len(lines) and cut_tail:
                warning = f"line {number} was cut off mid-write and was dropped"
                break
            raise
        reader.add(record, number)
    if reader.last_batch_short():
        act = reader.drop_last_batch()
        warning = (warning + "; " if warning else "") + f"the last move (action {act}) was written only in part"
    if warning:
        warning += "; the game is recovered up to the last whole move"
    return LoadedLog(header, tuple(reader.entries), warning)


class _Reader:
    """Folds records into effective entries, checking sequence and batch sizes as it goes."""

    def __init__(self, game: Game):
        self.game = game
        self.entries: list[Entry] = []
        self.announced: dict[int, int] = {}  # batch -> lines its first line announced
        self.in_batch = 0  # lines read so far of the last batch

    def last_batch_short(self) -> bool:
        return bool(self.entries) and self.in_batch < self.announced.get(self.entries[-1].act, 0)

    def drop_last_batch(self) -> int:
        act = self.entries[-1].act
        while self.entries and self.entries[-1].act == act:
            self.entries.pop()
        self._recount()
        return act

    def _recount(self) -> None:
        act = self.entries[-1].act if self.entries else None
        self.in_batch = 0
        for e in reversed(self.entries):
            if e.act != act:
                break
            self.in_batch += 1

    def add(self, record: Any, number: int) -> None:
        if not isinstance(record, dict):
            raise LogError(f"line {number}: not an event record", line=number)
        prev = self.entries[-1].act if self.entries else -1
        if ("undo" in record or record.get("act") != prev) and self.last_batch_short():
            raise LogError(f"line {number}: action {prev} stops short of the "
                           f"{self.announced[prev]} events its first line announced", line=number)
        if "undo" in record:
            return self._undo(record["undo"], number, prev)
        try:
            ev = self.game.codec.decode(record)
        except LogError as exc:
            raise LogError(f"line {number}: {exc}", line=number) from None
        act = record.get("act")
        if not isinstance(act, int) or act not in (prev, prev + 1):
            raise LogError(f"line {number}: action number {act!r} out of sequence (after {prev})", line=number)
        if act != prev:
            self._announce(act, record.get("n"), number)
            self.in_batch = 0
        elif self.in_batch >= self.announced.get(act, self.in_batch + 1):
            raise LogError(f"line {number}: action {act} has more events than its first line announced", line=number)
        by = record.get("by")
        self.entries.append(Entry(ev, act, by if isinstance(by, int) else None, record.get("move"), number))
        self.in_batch += 1

    def _announce(self, act: int, size: Any, number: int) -> None:
        if size is None:
            return
        if not isinstance(size, int) or size < 1:
            raise LogError(f"line {number}: bad event count {size!r}", line=number)
        self.announced[act] = size

    def _undo(self, act: Any, number: int, prev: int) -> None:
        if not isinstance(act, int) or act < 1 or act > prev:
            raise LogError(f"line {number}: undo to action {act!r} does not match the log", line=number)
        while self.entries and self.entries[-1].act >= act:
            self.entries.pop()
        self._recount()


def _parse_json(text: str, number: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError(f"line {number}: not JSON ({exc.msg})", line=number) from None
