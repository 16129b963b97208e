"""Finding, describing and recovering save files. Reading only: the engine's log writer writes.

Save files live in ``Settings.saves_dir``; each is one match's event log (JSON Lines). Checking
a file means deciding every move again, so what a check found is kept in a small index
(``.bergfried-index.json`` beside the saves), keyed by each file's size and modification time;
only new or changed files are read again::

    index = SaveIndex(saves_dir)
    index.cached()      # at once: what the index knows (may be stale)
    index.refresh()     # reads the files that changed; run it off the event loop
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

SUFFIX = ".jsonl"
INDEX_NAME = ".bergfried-index.json"
INDEX_VERSION = 2  # 2: each record says how many moves were played


# A plain dataclass, not attrs: the title reads the index before its first frame, and attrs
# would be the only thing there to load it.
@dataclass(frozen=True)
class SaveInfo:
    path: Path
    modified: float
    size: int = -1
    game_id: str | None = None
    title: str = "?"
    players: str = ""
    created: str = ""
    finished: bool = False
    events: int = 0
    error: str | None = None  # the engine's message when the file cannot be read
    error_line: int | None = None  # the line it names, when it names one
    warning: str | None = None  # the engine's message when only part could be recovered
    result: str = ""  # a finished game's winner and scores: "Ann won · 51–40–33"
    moves: int = 0  # the moves played (the replay viewer's and ``replay --text``'s numbers)

    @property
    def status(self) -> str:
        if self.error:
            return "damaged"
        if self.warning:
            return "recovered"
        return "finished" if self.finished else "in progress"

    @property
    def date(self) -> str:
        """When the game was started: "2026-11-28 15:20"."""
        stamp = self.created or datetime.fromtimestamp(self.modified).isoformat(timespec="minutes")
        return stamp.replace("T", " ")[:16]

    @property
    def last_played(self) -> str:
        """When the file was last written, i.e. the last move: "2026-11-28 15:41"."""
        return datetime.fromtimestamp(self.modified).isoformat(sep=" ", timespec="minutes")

    @property
    def progress(self) -> str:
        """A game's state with how far it went: "move 23", "recovered · move 9", "damaged"."""
        if self.error:
            return self.status
        moves = f"move {self.moves}" if self.moves else "not started"
        return moves if self.status == "in progress" else f"{self.status} · {moves}"

    @property
    def can_continue(self) -> bool:
        return not self.error and not self.finished


def describe_save(path: Path) -> SaveInfo:
    """Check one save file as a load would (every move decided again); never raises for its content."""
    from engine.core import LogError, read_log  # the engine loads only when a file must be read
    from engine.games import get_game

    try:
        stat = path.stat()
    except OSError as exc:
        return SaveInfo(path, 0.0, title=path.name, error=f"cannot read it: {exc.strerror or exc}")
    try:
        loaded = read_log(path, get_game)
        game = get_game(loaded.header.game)
    except (LogError, KeyError) as exc:
        return SaveInfo(
            path, stat.st_mtime, stat.st_size, title=path.name, error=str(exc), error_line=getattr(exc, "line", None)
        )
    header = loaded.header
    outcome = game.result(loaded.state)
    return SaveInfo(
        path,
        stat.st_mtime,
        stat.st_size,
        header.game,
        game.title,
        ", ".join(s.name for s in header.seats),
        header.created or "",
        game.result(loaded.state).finished,
        len(loaded.entries),
        None,
        None,
        loaded.warning,
        result_text([s.name for s in header.seats], outcome) if outcome.finished else "",
        loaded.entries[-1].act if loaded.entries else 0,
    )


def result_text(names: list[str], outcome: Any) -> str:
    """Who won and the scores in seat order: "Ann won · 51–40–33", "Ann and Ben won · 29–29–20"."""
    winners = [names[s] for s in outcome.winners if 0 <= s < len(names)]
    who = " and ".join(winners) + " won" if winners else "nobody won"
    return f"{who} · {'–'.join(str(x) for x in outcome.scores)}"


def save_paths(saves_dir: Path) -> list[Path]:
    """The save files in ``saves_dir``, newest first."""
    return [path for path, _ in _save_files(saves_dir)]


def _save_files(saves_dir: Path) -> list[tuple[Path, os.stat_result]]:
    """The save files in ``saves_dir`` with what ``stat`` says of each, newest first."""
    folder = Path(saves_dir)
    return [(folder / name, stat) for name, stat in _save_stats(saves_dir)]


def _save_stats(saves_dir: Path) -> list[tuple[str, os.stat_result]]:
    """The save files' names with what ``stat`` says of each, newest first: one ``stat`` a
    file, no Path objects (the title checks the index against these before its first frame)."""
    found = []
    try:
        with os.scandir(saves_dir) as entries:
            for entry in entries:
                if not entry.name.endswith(SUFFIX):
                    continue
                try:
                    if entry.is_file():
                        found.append((entry.name, entry.stat()))
                except OSError:
                    continue  # removed while we looked
    except OSError:
        return []
    found.sort(key=lambda file: file[1].st_mtime, reverse=True)
    return found


class SaveIndex:
    """What is known about the saves in one folder, and which of it is out of date."""

    def __init__(self, saves_dir: Path):
        self.saves_dir = Path(saves_dir)
        self.path = self.saves_dir / INDEX_NAME

    def _read(self) -> dict[str, dict]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != INDEX_VERSION:
            return {}
        files = data.get("files")
        return files if isinstance(files, dict) else {}

    def cached(self) -> tuple[list[SaveInfo], list[Path]]:
        """Every save, newest first, as far as the index knows it; and the files it must read again."""
        known, infos, stale = self._read(), [], []
        for path, stat in _save_files(self.saves_dir):
            info = _from_record(path, stat, known.get(path.name))
            if info is None:
                stale.append(path)
                info = SaveInfo(path, stat.st_mtime, title=path.name, error="not checked yet")
            infos.append(info)
        return infos, stale

    def latest_cached(self) -> tuple[SaveInfo | None, bool]:
        """What ``cached()`` says of the newest save that can be continued, and whether any file
        must be read again; reading only the one record it returns (the title's first frame)."""
        known, latest, stale = self._read(), None, False
        for name, stat in _save_stats(self.saves_dir):
            record = known.get(name)
            if not _still_true(record, stat) or not _well_formed(record):
                stale = True
            elif latest is None and not record["error"] and not record["finished"]:
                latest = _from_record(self.saves_dir / name, stat, record)
        return latest, stale

    def refresh(self) -> list[SaveInfo]:
        """Read the new and changed files, keep what was found, and return every save, newest first."""
        infos, stale = self.cached()
        if stale:
            fresh = {p: describe_save(p) for p in stale}
            infos = [fresh.get(i.path, i) for i in infos]
            self._write(infos)
        return infos

    def _write(self, infos: list[SaveInfo]) -> None:
        data = {"version": INDEX_VERSION, "files": {i.path.name: _record(i) for i in infos}}
        tmp = self.path.with_name(f"{INDEX_NAME}.{os.getpid()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, self.path)
        except OSError:
            tmp.unlink(missing_ok=True)  # an index that cannot be written is only slower next time


def _record(info: SaveInfo) -> dict:
    out = {field.name: getattr(info, field.name) for field in fields(SaveInfo)}
    out["path"] = info.path.name
    return out


FIELDS = frozenset(field.name for field in fields(SaveInfo))


def _still_true(record: dict | None, stat: os.stat_result) -> bool:
    """Whether an index record describes the file as it is now (same size and age) and holds
    nothing but SaveInfo's fields."""
    return (
        isinstance(record, dict)
        and record.get("size") == stat.st_size
        and record.get("modified") == stat.st_mtime
        and record.keys() <= FIELDS
    )


# What each field of an index record may hold. The index is a cache: a record holding anything
# else (an edited or damaged index, another version's) is read again from its file.
_KINDS = {
    "path": (str,),
    "modified": (float, int),
    "size": (int,),
    "game_id": (str, type(None)),
    "title": (str,),
    "players": (str,),
    "created": (str,),
    "finished": (bool,),
    "events": (int,),
    "error": (str, type(None)),
    "error_line": (int, type(None)),
    "warning": (str, type(None)),
    "result": (str,),
    "moves": (int,),
}


def _well_formed(record: dict) -> bool:
    return record.keys() == FIELDS and all(type(value) in _KINDS[name] for name, value in record.items())


def _from_record(path: Path, stat: os.stat_result, record: dict | None) -> SaveInfo | None:
    """The indexed facts about ``path``, if the file is still the size and age they were taken at
    and the record holds what SaveInfo's fields hold (else None: read the file again)."""
    if not _still_true(record, stat) or not _well_formed(record):
        return None
    return SaveInfo(**{**record, "path": path})


def scan_saves(saves_dir: Path) -> list[SaveInfo]:
    """Every save in ``saves_dir``, newest first, checked (changed files read again)."""
    return SaveIndex(saves_dir).refresh()


def latest_unfinished(saves_dir: Path) -> SaveInfo | None:
    return next((i for i in scan_saves(saves_dir) if i.can_continue), None)


def new_save_path(saves_dir: Path, game_id: str, now: datetime) -> Path:
    base = f"{now:%Y%m%d-%H%M%S}-{game_id}"
    path, n = saves_dir / f"{base}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = saves_dir / f"{base}-{n}{SUFFIX}"
    return path


def recover_copy(path: Path) -> Path:
    """A recovered copy of a damaged save under a fresh name (the original stays as it was).

    It keeps only the whole, verified moves before the first bad line. Raises LogError when
    not even the header can be read.
    """
    from engine.core.log import recover
    from engine.games import get_game

    return recover(path, get_game)


class SaveRefused(Exception):
    """A delete or rename that would lose something; the message says why, for the player."""


def _refuse_if_open(path: Path) -> None:
    """A game being played (here or in another terminal) holds its file's lock: leave it be."""
    import fcntl

    try:
        with path.open("rb") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SaveRefused(f"{path.name} is being played right now: leave that game first") from None
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    except OSError as exc:
        raise SaveRefused(f"cannot reach {path}: {exc.strerror or exc}") from None


def delete_save(path: Path) -> None:
    """Remove a save file for good (the screen has asked first); refused while it is played."""
    _refuse_if_open(path)
    try:
        path.unlink()
    except OSError as exc:
        raise SaveRefused(f"cannot delete {path}: {exc.strerror or exc}") from None


def rename_save(path: Path, name: str) -> Path:
    """Give a save file a new name in the same folder; never over another file, never while played."""
    name = name.strip()
    if name and not name.endswith(SUFFIX):
        name += SUFFIX
    if not name.removesuffix(SUFFIX) or "/" in name or "\\" in name or name.startswith("."):
        raise SaveRefused("a name is letters, digits and the like, without / and not starting with a dot")
    target = path.with_name(name)
    if target == path:
        return path
    if target.exists():
        raise SaveRefused(f"{target.name} exists already: choose another name")
    _refuse_if_open(path)
    try:
        os.link(path, target)  # fails if the name was taken meanwhile: nothing is ever replaced
        path.unlink()
    except OSError as exc:
        raise SaveRefused(f"cannot rename {path.name}: {exc.strerror or exc}") from None
    return target
