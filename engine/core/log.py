"""Save files: the event log as JSON Lines — a header line, then one line per event.

Lines are appended, flushed and fsync'd after every action, so a crash loses at most the line
being written. An undo is itself a line (``{"undo": k}``: drop action batches ``k`` onward), so
the file only ever grows; readers fold undo lines away and see what was finally played.

    header, entries, warning = read_log(path, game_lookup)
"""
from __future__ import annotations

import fcntl
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from stat import S_ISREG
from typing import Any

import attrs

from .errors import LogError
from .game import Game, GameConfig, Seed, bind_seed, is_legacy_seed, is_secret

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
    seed: Seed  # a 64-hex-digit secret; an int in saves from before secrets
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

    @property
    def rng_seed(self) -> Seed:
        """What draws are keyed with: the secret bound to the game, player count and variants."""
        return bind_seed(self.seed, f"{self.game}|{self.config.players}|{','.join(sorted(self.config.variants))}")

    @property
    def legacy(self) -> bool:
        """A save from before secret seeds (an integer seed, the old undo policy)."""
        return type(self.seed) is int

    def problem(self, game: Game) -> str | None:
        """What makes this header impossible for ``game`` (None when it fits)."""
        players = self.config.players
        if self.game != game.id:
            return f"this is a {self.game} game, not {game.id}"
        if not 1 <= self.rules_version <= game.rules_version:
            return (f"rules version {self.rules_version} is not one this Bergfried knows for {game.id} "
                    f"(1–{game.rules_version})")
        if not game.min_players <= players <= game.max_players:
            return f"{game.title} is for {game.min_players}–{game.max_players} players, not {players}"
        if len(self.seats) != players:
            return f"{players} players need {players} seats, the header has {len(self.seats)}"
        unknown = sorted(self.config.variants - {v.key for v in game.variants})
        if unknown:
            return f"{game.title} has no variant {unknown[0]!r}"
        for i, seat in enumerate(self.seats):
            if seat.kind != "human" and not (seat.is_bot and seat.bot_level in game.bot_levels):
                return f"seat {i + 1} is {_excerpt(seat.kind)}, not a person or one of the bots {', '.join(game.bot_levels)}"
        return None

    @classmethod
    def from_json(cls, obj: Any) -> Header:
        """The header of line 1; every field is checked for its type, so nothing is guessed."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise _line1("not a Bergfried save file (no bergfried-log header)")
        version = obj.get("format_version")
        if version != FORMAT_VERSION or type(version) is not int:
            raise _line1(f"save format version {_excerpt(version)}; this Bergfried reads version {FORMAT_VERSION}")
        extra = obj.keys() - _HEADER_KEYS
        if extra:
            raise _line1(f"the header has an unknown field {_excerpt(sorted(extra)[0])}")
        cfg, seats, seed = obj.get("config"), obj.get("seats"), obj.get("seed")
        if not isinstance(cfg, dict) or cfg.keys() - {"players", "variants"}:
            raise _line1("the header's config is not {players, variants}")
        variants = cfg.get("variants", [])
        if not isinstance(variants, list) or not all(_short_str(v) for v in variants):
            raise _line1("the header's variants are not a list of names")
        if not isinstance(seats, list) or not all(_seat_json(s) for s in seats):
            raise _line1("the header's seats are not a list of {name, kind}")
        if not (is_secret(seed) or is_legacy_seed(seed)):
            raise _line1(f"the seed {_excerpt(seed)} is neither 64 hex digits nor a small integer")
        for key, kind in (("game", str), ("rules_version", int)):
            if type(obj.get(key)) is not kind:
                raise _line1(f"the header's {key} is {_excerpt(obj.get(key))}")
        created = obj.get("created")
        if created is not None and not _short_str(created):
            raise _line1("the header's created time is not a short text")
        if type(cfg.get("players")) is not int:
            raise _line1(f"the number of players is {_excerpt(cfg.get('players'))}")
        return cls(game=obj["game"], rules_version=obj["rules_version"],
                   config=GameConfig(cfg["players"], frozenset(variants)), seed=seed,
                   seats=tuple(Seat(s["name"], s.get("kind", "human")) for s in seats), created=created)


_HEADER_KEYS = frozenset({"format", "format_version", "game", "rules_version", "config", "seed", "seats",
                          "created"})


def _short_str(value: Any, limit: int = 200) -> bool:
    return type(value) is str and len(value) <= limit


def _seat_json(obj: Any) -> bool:
    return (isinstance(obj, dict) and not obj.keys() - {"name", "kind"} and _short_str(obj.get("name"))
            and _short_str(obj.get("kind", "human")))


def _line1(text: str) -> LogError:
    return LogError(f"line 1: {text}", line=1)


def excerpt(value: Any, limit: int = 40) -> str:
    """A short quote of bad data for an error message: never more than ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, (dict, list)) \
        else type(value).__name__
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= limit else text[:limit - 1] + "…"


_excerpt = excerpt


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


class SaveInUse(LogError):
    """Another writer holds this save file: the game is open elsewhere."""


class SaveFailed(LogError):
    """A move could not be written (disk full, file removed or replaced); the game stops there."""


class LogWriter:
    """Appends to a save file it holds an exclusive lock on. ``durable`` fsyncs after every action.

    Every write raises when it cannot be made whole (closed writer, disk full, file removed),
    after taking back any part of it that reached the disk: the file always ends after a whole
    action. ``new=True`` creates the file (0600, folder 0700) and refuses one that holds data.
    """

    def __init__(self, path: Path, game: Game | None, durable: bool = True, *, new: bool = False):
        self.path, self.game, self.durable = Path(path), game, durable
        self._failed: str | None = None
        self._fd: int | None = None
        if new:
            make_saves_folder(self.path.parent)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC | os.O_NONBLOCK | (os.O_CREAT if new else 0)
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError as exc:
            raise LogError(f"cannot open {self.path.name} for writing: {exc.strerror or exc}") from None
        try:
            stat = os.fstat(fd)
            if not S_ISREG(stat.st_mode):
                raise LogError(f"{self.path.name} is not a regular file")
            if new and stat.st_size:
                raise LogError(f"{self.path.name} already holds a game")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SaveInUse(f"{self.path.name}: this game is open elsewhere") from None
        except BaseException:
            os.close(fd)
            raise
        self._fd: int | None = fd
        self._file = os.fdopen(fd, "wb", buffering=0, closefd=False)  # unbuffered: one write per action
        self._size = stat.st_size
        self._identity = (stat.st_dev, stat.st_ino)

    @property
    def closed(self) -> bool:
        return self._fd is None

    @property
    def failed(self) -> str | None:
        """Why writing stopped, after a failed write."""
        return self._failed

    def write_start(self, header: Header, entries: Sequence[Entry]) -> None:
        """The header and the set-up events in one write: a file never holds a header alone
        unless that write was cut, and then the reader starts the game again from the header."""
        self._write([dumps(header.to_json())] + encode_lines(self._game(), list(entries)))

    def write_header(self, header: Header) -> None:
        self._write([dumps(header.to_json())])

    def write_entries(self, entries: Iterable[Entry]) -> None:
        self._write(encode_lines(self._game(), list(entries)))

    def write_undo(self, act: int, by: int | None) -> None:
        self._write([dumps({"undo": act, "by": by})])

    def truncate(self, size: int) -> None:
        """Cut the file back to ``size`` bytes (the end of its last whole action)."""
        self._check_open()
        os.ftruncate(self._fd, size)
        if self.durable:
            os.fsync(self._fd)
        self._size = size

    def _game(self) -> Game:
        if self.game is None:
            raise LogError("the log writer does not know its game yet")
        return self.game

    def _check_open(self) -> None:
        if self._failed:
            raise SaveFailed(f"{self.path.name}: not saving any more ({self._failed})")
        if self._fd is None:
            raise LogError(f"{self.path.name}: the save file is closed; the move was not saved")

    def _write(self, lines: Sequence[str]) -> None:
        self._check_open()
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        try:
            self._check_still_there()
            view = memoryview(data)
            while view:
                view = view[self._file.write(view):]
            if self.durable:
                os.fsync(self._fd)
        except OSError as exc:
            self._fail(exc.strerror or str(exc))
        self._size += len(data)

    def _check_still_there(self) -> None:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            raise OSError(0, "the save file was removed") from None
        if (stat.st_dev, stat.st_ino) != self._identity:
            raise OSError(0, "the save file was replaced by another file")

    def _fail(self, reason: str) -> None:
        try:  # take back whatever part of this write reached the file
            os.ftruncate(self._fd, self._size)
        except OSError:
            pass
        self._failed = reason
        raise SaveFailed(f"{self.path.name}: the move could not be saved ({reason}); "
                         "the moves before it are saved and the game stops here")

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            self._file.close()
            os.close(fd)  # releases the lock

    def __del__(self) -> None:
        if getattr(self, "_fd", None) is not None:
            self.close()


def make_saves_folder(folder: Path) -> None:
    """Create the saves folder readable by its owner only (an existing folder is left as it is)."""
    try:
        Path(folder).mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise LogError(f"cannot create the saves folder {folder}: {exc.strerror or exc}") from None


def write_log_atomic(path: Path, game: Game, header: Header, entries: Sequence[Entry]) -> None:
    """Write a whole log (for "save as" and for compacting away undo lines) via temp file + rename."""
    path = Path(path)
    make_saves_folder(path.parent)
    tmp = _write_temp(path.parent, game, header, entries)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_log_new(path: Path, game: Game, header: Header, entries: Sequence[Entry]) -> Path:
    """Write a whole log to ``path``, or to ``<stem>-2.jsonl``, ``-3`` … when that name is taken:
    never over an existing file. Returns the name used."""
    path = Path(path)
    make_saves_folder(path.parent)
    tmp = _write_temp(path.parent, game, header, entries)
    stem, suffix = (path.name[:-len(SUFFIX)], SUFFIX) if path.name.endswith(SUFFIX) else (path.name, "")
    try:
        for n in range(1, 10_000):
            target = path.with_name(stem + (f"-{n}" if n > 1 else "") + suffix)
            try:
                os.link(tmp, target)  # fails if the name exists: nothing is overwritten
                return target
            except FileExistsError:
                continue
        raise LogError(f"no free name for {path.name}")
    finally:
        tmp.unlink(missing_ok=True)


SUFFIX = ".jsonl"


def _write_temp(folder: Path, game: Game, header: Header, entries: Sequence[Entry]) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=".bergfried-", suffix=".tmp", dir=folder)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in [dumps(header.to_json())] + encode_lines(game, entries)))
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


@attrs.frozen
class LoadedLog:
    header: Header
    entries: tuple[Entry, ...]
    warning: str | None = None  # set when a cut-off end was dropped (or a missing set-up made again)
    state: Any = attrs.field(default=None, eq=False)  # the verified final state (None: not verified)
    whole_bytes: int | None = attrs.field(default=None, eq=False)  # where the whole part ends, if not at EOF
    setup_missing: bool = attrs.field(default=False, eq=False)  # the set-up was made again from the header


def read_log(path: Path, lookup: Callable[[str], Game], expect_game: str | None = None) -> LoadedLog:
    """Read a save file and decide every logged move again; the header, the effective entries
    (undo lines applied, each checked against the undo policy) and the verified final state.

    Raises LogError naming the first bad line. A cut-off end (a last line without its newline, an
    action written only in part, a set-up never written) is dropped with a warning instead:
    everything before it was written whole and verified.
    """
    from .reader import load_log

    return load_log(Path(path), lookup, expect_game)


def recover(path: Path, lookup: Callable[[str], Game] | None = None) -> Path:
    """Copy the whole, verified moves before a save file's first bad line to a fresh file
    (``<name>.recovered.jsonl``, then ``-2`` …; never over another file) and return its path.
    The original stays as it is. Raises LogError when not even the header can be used."""
    from .reader import recover_log

    return recover_log(Path(path), lookup)
