"""Finding, describing and recovering save files. Reading only: the engine's log writer writes.

Save files live in ``Settings.saves_dir``; each is one match's event log (JSON Lines).
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import attrs

from engine.core import LogError, read_log, replay
from engine.games import get_game

SUFFIX = ".jsonl"


@attrs.frozen
class SaveInfo:
    path: Path
    modified: float
    game_id: str | None = None
    title: str = "?"
    players: str = ""
    created: str = ""
    finished: bool = False
    events: int = 0
    error: str | None = None      # the engine's message when the file cannot be read
    error_line: int | None = None  # the line it names, when it names one
    warning: str | None = None    # the engine's message when only part could be recovered

    @property
    def status(self) -> str:
        if self.error:
            return "damaged"
        if self.warning:
            return "recovered"
        return "finished" if self.finished else "in progress"

    @property
    def date(self) -> str:
        stamp = self.created or datetime.fromtimestamp(self.modified).isoformat(timespec="minutes")
        return stamp.replace("T", " ")[:16]


def describe_save(path: Path) -> SaveInfo:
    modified = path.stat().st_mtime
    try:
        loaded = read_log(path, get_game)
    except LogError as exc:
        return SaveInfo(path, modified, title=path.name, error=str(exc), error_line=exc.line)
    header = loaded.header
    game = get_game(header.game)
    state = replay(game, header.config, (e.event for e in loaded.entries))
    return SaveInfo(path, modified, header.game, game.title,
                    ", ".join(s.name for s in header.seats), header.created or "",
                    game.result(state).finished, len(loaded.entries), None, loaded.warning)


def save_paths(saves_dir: Path) -> list[Path]:
    """The save files in ``saves_dir``, newest first."""
    if not saves_dir.is_dir():
        return []
    paths = [p for p in saves_dir.glob(f"*{SUFFIX}") if p.is_file()]
    return sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)


def scan_saves(saves_dir: Path) -> list[SaveInfo]:
    """Every save in ``saves_dir``, newest first."""
    return [describe_save(p) for p in save_paths(saves_dir)]


def latest_unfinished(saves_dir: Path) -> SaveInfo | None:
    # Reads files newest first and stops at the first hit: the title asks on every return.
    infos = (describe_save(p) for p in save_paths(saves_dir))
    return next((i for i in infos if not i.error and not i.finished), None)


def new_save_path(saves_dir: Path, game_id: str, now: datetime) -> Path:
    base = f"{now:%Y%m%d-%H%M%S}-{game_id}"
    path, n = saves_dir / f"{base}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = saves_dir / f"{base}-{n}{SUFFIX}"
    return path


def recoverable_lines(bad_line: int | None) -> int:
    """How many leading lines precede the one the engine complained about (0: nothing to save)."""
    return bad_line - 1 if bad_line else 0


def recover_copy(path: Path, bad_line: int | None) -> Path:
    """Write the lines before the damaged one to ``<name>.recovered.jsonl``; the original stays.

    Raises LogError when not even the header survives or the copy still cannot be read.
    """
    keep = recoverable_lines(bad_line)
    if keep < 1:
        raise LogError("nothing before the damaged line can be recovered")
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")[:keep]
    target = path.with_name(path.name.removesuffix(SUFFIX) + ".recovered" + SUFFIX)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read_log(target, get_game)
    return target
