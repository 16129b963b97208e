"""`bergfried export FILE --cast OUT`: an asciinema v2 recording of the replay viewer playing a
saved game through, made by running the real client in a pseudo-terminal of the chosen size and
writing down every byte it draws with its time.

    record_cast(Path("game.jsonl"), Path("game.cast"), size=(80, 24), speed=0.5)

The client runs as a child process (``bergfried replay FILE --play SPEED --exit-at-end``) with
its own throw-away settings folder, so the recording looks the same on every machine and never
reads or writes the player's settings. The file is what ``asciinema play`` plays: a JSON header
line, then one ``[seconds, "o", text]`` line per chunk of output, times never decreasing.
"""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

GRACE = 30.0  # seconds beyond the replay's own length before a stuck client is stopped


def record_cast(
    save: Path,
    out: Path,
    size: tuple[int, int] = (80, 24),
    speed: float = 0.5,
    steps: int | None = None,
    theme: str | None = None,
) -> int:
    """Record the replay of ``save`` into ``out``; returns the number of output chunks.
    ``steps`` (the replay's length, when known) bounds how long the client may take."""
    cols, rows = size
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    with tempfile.TemporaryDirectory(prefix="bergfried-cast-") as home:
        argv = [
            sys.executable,
            "-P",  # (the current folder's tui/, if any, is not what records)
            "-c",
            "import sys; from tui.cli import main; sys.exit(main())",
            "replay",
            str(save),
            "--play",
            str(speed),
            "--exit-at-end",
            "--config-dir",
            str(Path(home) / "config"),
            "--saves-dir",
            str(Path(home) / "saves"),
        ]
        if theme:
            argv += ["--theme", theme]
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "COLUMNS": str(cols),
            "LINES": str(rows),
            "LANG": os.environ.get("LANG") or "C.UTF-8",
        }
        for name in ("NO_COLOR", "TEXTUAL"):
            env.pop(name, None)
        child = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True
        )
        os.close(slave)
        limit = GRACE + (steps or 400) * speed
        try:
            frames = _read_all(master, child, limit)
        finally:
            os.close(master)
            if child.poll() is None:
                child.kill()
            child.wait()
    header = {
        "version": 2,
        "width": cols,
        "height": rows,
        "timestamp": int(time.time()),
        "title": f"Bergfried replay: {save.name}",
        "env": {"TERM": "xterm-256color"},
    }
    lines = [json.dumps(header)] + [json.dumps([round(t, 6), "o", text]) for t, text in frames]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(frames)


def _read_all(master: int, child: subprocess.Popen, limit: float) -> list[tuple[float, str]]:
    """Every chunk the child writes, with seconds since the start, until it exits (or ``limit``)."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character may span two reads
    frames: list[tuple[float, str]] = []
    start = time.monotonic()
    while True:
        elapsed = time.monotonic() - start
        if elapsed > limit:
            break
        ready, _, _ = select.select([master], [], [], 0.25)
        if not ready:
            if child.poll() is not None:
                break
            continue
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        text = decoder.decode(data)
        if text:
            frames.append((max(elapsed, frames[-1][0] if frames else 0.0), text))
    return frames


def main(argv: list[str]) -> int:
    """`export FILE --cast OUT [--size 80x24] [--speed 0.5] [--format md --out FILE]`: one line
    on stderr and a non-zero status for anything that cannot be done."""
    from engine.cli import Parser, UsageError
    from engine.cli_export import add_export_args
    from engine.core import LogError, read_log
    from engine.core.transcript import transcript
    from engine.games import get_game

    parser = Parser(prog="bergfried export")
    add_export_args(parser)
    try:
        args = parser.parse_args(argv)
        loaded = read_log(args.file, get_game)  # checked here, so a bad file is one line, not a blank recording
        for target in (args.cast, args.out):  # before recording: a missing folder wasted the recording
            if target is not None and not target.parent.is_dir():
                raise LogError(f"cannot write {target}: there is no folder {target.parent}")
        if args.out is not None:
            game = get_game(loaded.header.game)
            args.out.write_text("\n".join(transcript(game, loaded, args.format)) + "\n", encoding="utf-8")
        steps = sum(1 for e in loaded.entries if e.move is not None) + 2
        chunks = record_cast(args.file, args.cast, args.size, args.speed, steps)
    except UsageError as exc:
        print(f"bergfried: {exc}", file=sys.stderr)
        return 2
    except (LogError, OSError) as exc:
        print(f"bergfried: {exc}", file=sys.stderr)
        return 1
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 1
    print(f"wrote {args.cast} ({chunks} frames, {args.size[0]}x{args.size[1]})")
    return 0
