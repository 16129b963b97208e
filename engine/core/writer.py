"""Writing save files: the locked, append-only writer of a game in progress, and whole-file writes
(save as, recovered copies) that go through a temporary file.

    writer = LogWriter(path, game, new=True)   # 0600 in a 0700 folder, locked against a second writer
    writer.write_start(header, setup_entries)  # one write: header and set-up together
"""

from __future__ import annotations

import errno
import fcntl
import os
import tempfile
import weakref
from collections.abc import Iterable, Sequence
from pathlib import Path
from stat import S_ISREG
from typing import Protocol

from .errors import LogError
from .game import Game
from .saveformat import Entry, Header, dumps, encode_lines


class MatchWriter(Protocol):
    """Where a match writes its lines: a save file (LogWriter) or a store's rows (StoreWriter)."""

    @property
    def path(self) -> Path | None: ...  # the save file, if the lines go to one

    def write_entries(self, entries: list[Entry]) -> None: ...
    def write_undo(self, act: int, by: int | None) -> None: ...
    def close(self) -> None: ...


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
                raise SaveInUse("this game is open elsewhere") from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        _OPEN.add(self)
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
        if self.durable:
            sync_folder(self.path.parent)  # the new file's name, too, outlives a power cut

    def write_header(self, header: Header) -> None:
        self._write([dumps(header.to_json())])

    def write_entries(self, entries: Iterable[Entry]) -> None:
        self._write(encode_lines(self._game(), list(entries)))

    def write_undo(self, act: int, by: int | None) -> None:
        self._write([dumps({"undo": act, "by": by})])

    def truncate(self, size: int) -> None:
        """Cut the file back to ``size`` bytes (the end of its last whole action)."""
        fd = self._check_open()
        os.ftruncate(fd, size)
        if self.durable:
            os.fsync(fd)
        self._size = size

    def _game(self) -> Game:
        if self.game is None:
            raise LogError("the log writer does not know its game yet")
        return self.game

    def _check_open(self) -> int:
        """The open file's descriptor; SaveFailed or LogError where there is none to write to."""
        if self._failed:
            raise SaveFailed(f"{self.path.name}: not saving any more ({self._failed})")
        if self._fd is None:
            raise LogError(f"{self.path.name}: the save file is closed; the move was not saved")
        return self._fd

    def _write(self, lines: Sequence[str]) -> None:
        fd = self._check_open()
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        try:
            self._check_still_there()
            view = memoryview(data)
            while view:
                view = view[self._file.write(view) :]
            if self.durable:
                os.fsync(fd)
        except OSError as exc:
            self._fail(fd, exc.strerror or str(exc))
        self._size += len(data)

    def _check_still_there(self) -> None:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            raise OSError(0, "the save file was removed") from None
        if (stat.st_dev, stat.st_ino) != self._identity:
            raise OSError(0, "the save file was replaced by another file")

    def _fail(self, fd: int, reason: str) -> None:
        try:  # take back whatever part of this write reached the file
            os.ftruncate(fd, self._size)
        except OSError:
            pass
        self._failed = reason
        raise SaveFailed(
            f"{self.path.name}: the move could not be saved ({reason}); "
            "the moves before it are saved and the game stops here"
        )

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            self._file.close()
            os.close(fd)  # releases the lock

    def __del__(self) -> None:
        if getattr(self, "_fd", None) is not None:
            self.close()


# A forked child (a process pool for bots) inherits the writers' descriptors, and with them the
# locks: it lets go of its copies at once, so closing the game in the parent frees the file.
_OPEN: weakref.WeakSet[LogWriter] = weakref.WeakSet()


def _forget_writers_in_child() -> None:
    for writer in list(_OPEN):
        fd, writer._fd = writer._fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


os.register_at_fork(after_in_child=_forget_writers_in_child)


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
    sync_folder(path.parent)


def write_log_new(path: Path, game: Game, header: Header, entries: Sequence[Entry]) -> Path:
    """Write a whole log to ``path``, or to ``<stem>-2.jsonl``, ``-3`` … when that name is taken:
    never over an existing file. Returns the name used."""
    path = Path(path)
    make_saves_folder(path.parent)
    tmp = _write_temp(path.parent, game, header, entries)
    stem, suffix = (path.name[: -len(SUFFIX)], SUFFIX) if path.name.endswith(SUFFIX) else (path.name, "")
    try:
        for n in range(1, 10_000):
            target = path.with_name(stem + (f"-{n}" if n > 1 else "") + suffix)
            try:
                os.link(tmp, target)  # fails if the name exists: nothing is overwritten
            except FileExistsError:
                continue
            tmp.unlink(missing_ok=True)
            sync_folder(path.parent)
            return target
        raise LogError(f"no free name for {path.name}")
    finally:
        tmp.unlink(missing_ok=True)


def sync_folder(folder: Path) -> None:
    """fsync a folder, so a file just created or renamed in it keeps its name after a power cut
    (the file's own fsync keeps only its bytes). A file system that cannot sync a folder says
    so (EINVAL) and is left as it is; any other failure is raised, as a failed write is."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)


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
