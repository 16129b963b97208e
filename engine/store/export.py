"""A stored table written out as an ordinary save file, which ``bergfried replay`` and
``bergfried check`` open like any other."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from engine.core.errors import LogError
from engine.core.writer import make_saves_folder

from .db import StoreError


def export_table(store, table_id: str, path: Path) -> Path:
    """Write the table's log (its lines as the store holds them, undo lines too) to ``path``
    (a temporary file, fsynced, then renamed; 0600). The lines are checked first: every move
    decided again, as ``check`` would. Raises StoreError for a table with no moves, LogError
    for lines that do not read as a game."""
    from engine.games import get_game

    from .tables import load_lines

    lines = store.lines(table_id)
    if not lines:
        raise StoreError(f"table {table_id} has no moves to export (it has not started, or does not exist)")
    load_lines(lines, get_game)
    path = Path(path).expanduser()
    make_saves_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=".bergfried-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise LogError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
