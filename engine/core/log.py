"""Save files: the event log as JSON Lines — a header line, then one line per event.

The two calls everyone uses, over the format (engine.core.saveformat: Header, Seat, Entry and
their JSON), the writer (engine.core.writer), the reader (engine.core.reader) and the
verification (engine.core.replayer); their names are re-exported here.
Each action is one append, fsync'd, so a crash loses at most the action being written. An undo
is itself a line (``{"undo": k}``: drop action batches ``k`` onward), so the file only grows;
readers fold undo lines away, checking each against the undo policy, and decide every move
again::

    loaded = read_log(path, get_game)      # header, entries, warning, verified final state
    copy = recover(damaged_path, get_game)  # the whole, verified moves before the damage
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .game import Game
from .reader import load_log as _load_log, recover_log as _recover_log
from .saveformat import (
    FORMAT,
    FORMAT_VERSION,
    Branch,
    Entry,
    Header,
    LoadedLog,
    Seat,
    dumps,
    encode_entry,
    encode_lines,
    excerpt,
)
from .writer import (
    SUFFIX,
    LogWriter,
    SaveFailed,
    SaveInUse,
    make_saves_folder,
    write_log_atomic,
    write_log_new,
)


def read_log(path: Path, lookup: Callable[[str], Game], expect_game: str | None = None) -> LoadedLog:
    """Read a save file and decide every logged move again; the header, the effective entries
    (undo lines applied, each checked against the undo policy) and the verified final state.

    Raises LogError naming the first bad line. A cut-off end (a last line without its newline, an
    action written only in part, a set-up never written) is dropped with a warning instead:
    everything before it was written whole and verified.
    """
    return _load_log(Path(path), lookup, expect_game)


def recover(path: Path, lookup: Callable[[str], Game]) -> Path:
    """Copy the whole, verified moves before a save file's first bad line to a fresh file
    (``<name>.recovered.jsonl``, then ``-2`` …; never over another file) and return its path.
    The original stays as it is. Raises LogError when not even the header can be used."""
    return _recover_log(Path(path), lookup)


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Seat",
    "Header",
    "Entry",
    "Branch",
    "LoadedLog",
    "read_log",
    "recover",
    "encode_entry",
    "encode_lines",
    "dumps",
    "excerpt",
    "SUFFIX",
    "LogWriter",
    "SaveFailed",
    "SaveInUse",
    "make_saves_folder",
    "write_log_atomic",
    "write_log_new",
]
