"""NO_COLOR (issue 31): the client sends not one colour code, not even a grey, and what colour
told (a cursor, a highlighted line) is kept as reverse video. Run as a user runs it: the real
command in a pseudo-terminal, its output read byte by byte."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest

SGR = re.compile(rb"\x1b\[([0-9;]*)m")


def colour_codes(data: bytes) -> list[bytes]:
    """The SGR sequences of ``data`` that set a colour (38/48 with a palette or RGB, 30-37, 40-47, 90-107)."""
    out = []
    for m in SGR.finditer(data):
        parts = m.group(1).split(b";")
        i = 0
        while i < len(parts):
            p = parts[i]
            if p in (b"38", b"48"):
                out.append(m.group(0))
                break
            if p and (30 <= int(p) <= 37 or 40 <= int(p) <= 47 or 90 <= int(p) <= 107):
                out.append(m.group(0))
                break
            i += 1
    return out


def read_until(fd: int, data: bytes, drawn: bytes, deadline: float, nudge: bytes = b"") -> bytes:
    """``data`` with what the terminal ``fd`` gets until ``drawn`` is in what came after ``data``
    (or the deadline), then the rest of that frame. ``nudge`` is typed every second meanwhile (an
    enter through the dialogs between a game's last move and its end)."""
    start, typed = len(data), time.monotonic()
    while time.monotonic() < deadline and drawn not in data[start:]:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                data += os.read(fd, 65536)
            except OSError:
                return data
        if nudge and time.monotonic() - typed > 1:
            os.write(fd, nudge)
            typed = time.monotonic()
    end = time.monotonic() + 0.5  # the rest of the frame
    while time.monotonic() < end:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                data += os.read(fd, 65536)
            except OSError:
                break
    return data


def screen_bytes(
    tmp_path,
    environ: dict[str, str],
    seconds: float = 20.0,
    args: tuple[str, ...] = (),
    drawn: bytes = b"Quit",
    keys: tuple[tuple[bytes, bytes], ...] = (),
    nudge: bytes = b"",
) -> bytes:
    """What `bergfried` (with ``args``) writes to a 80x24 terminal until ``drawn`` is on it (the
    title screen's "Quit" by default), then for each (key, drawn) of ``keys`` that key typed and
    what follows until its ``drawn`` (the last one nudged, see read_until)."""
    # This interpreter and its packages (a `bergfried` on PATH may be another checkout's).
    command = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())"]
    pid, fd = pty.fork()
    if pid == 0:
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "", "COLUMNS": "80", "LINES": "24", **environ}
        dirs = ["--config-dir", str(tmp_path / "c"), "--saves-dir", str(tmp_path / "s")]
        os.execve(command[0], [*command, *dirs, *args], env)
    deadline = time.monotonic() + seconds
    try:
        data = read_until(fd, b"", drawn, deadline)
        for i, (key, then) in enumerate(keys):
            os.write(fd, key)
            data = read_until(fd, data, then, deadline, nudge if i == len(keys) - 1 else b"")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return data


def test_colour_codes_are_found():
    assert colour_codes(b"\x1b[1;38;5;253mx\x1b[48;2;1;2;3my\x1b[31mz\x1b[0;1;4;7mw\x1b[39;49m") == [
        b"\x1b[1;38;5;253m",
        b"\x1b[48;2;1;2;3m",
        b"\x1b[31m",
    ]


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_no_color_sends_no_colour_code_and_marks_the_focus_in_reverse(tmp_path):
    data = screen_bytes(tmp_path, {"NO_COLOR": "1"})
    assert b"Quit" in data, data[-500:]
    assert colour_codes(data) == [], colour_codes(data)[:5]
    assert any(b"7" in m.group(1).split(b";") for m in SGR.finditer(data))  # the focused button


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_without_no_color_the_client_is_in_colour(tmp_path):
    data = screen_bytes(tmp_path, {"NO_COLOR": ""})
    assert colour_codes(data)


# Each game's play screen: its board, move list, status line and footer, with a bot to answer.
PLAY = {
    "between-two-castles": ("human", "bot:random", "bot:random"),
    "palais-royal": ("human", "bot:random"),
    "carcassonne-castle": ("human", "bot:random"),
    "castle-builder": ("human", "bot:random"),
    "king-up": ("human", "bot:random", "bot:random"),
}


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("game", sorted(PLAY))
def test_no_color_play_screens_send_no_colour_code(tmp_path, game):
    seats = [arg for kind in PLAY[game] for arg in ("--seat", kind)]
    data = screen_bytes(tmp_path, {"NO_COLOR": "1"}, args=("play", game, *seats, "--seed", "7"), drawn=b"Help")
    assert b"Help" in data, data[-500:]
    assert colour_codes(data) == [], colour_codes(data)[:5]


# The other screens (issue 31: "NO_COLOR still emits 256-colour grey codes" was found on them):
# the key typed on the title screen, and what its screen draws.
SCREENS = {
    "new game": (b"n", b"Players"),
    "load": (b"l", b"Load a saved game"),
    "replays": (b"r", b"result"),
    "help": (b"h", b"Keys"),
    "settings": (b"s", b"Theme"),
}


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_no_color_menu_screens_send_no_colour_code(tmp_path, screen):
    key, drawn = SCREENS[screen]
    data = screen_bytes(tmp_path, {"NO_COLOR": "1"}, keys=((key, drawn),))
    assert drawn in data[data.index(b"Quit") :], data[-500:]
    assert colour_codes(data) == [], colour_codes(data)[:5]


def one_move_from_the_end(saves: Path) -> None:
    """A bots' King Up! game in ``saves`` with its last move taken off, for Load to open."""
    from engine.cli import main

    assert main(["selfplay", "king-up", "--bots", "random,random,random", "--seed", "5", "--out", str(saves)]) == 0
    (played,) = saves.iterdir()
    lines = played.read_text().splitlines(keepends=True)
    last = json.loads(lines[-1])["act"]
    played.write_text("".join(line for line in lines if json.loads(line).get("act") != last))


@pytest.mark.skipif(not hasattr(pty, "fork"), reason="needs a pseudo-terminal")
def test_no_color_game_over_sends_no_colour_code(tmp_path, capsys):
    one_move_from_the_end(tmp_path / "s")
    capsys.readouterr()
    data = screen_bytes(
        tmp_path, {"NO_COLOR": "1"}, seconds=40, keys=((b"l", b"King Up!"), (b"\r", b"Game over")), nudge=b"\r"
    )
    assert b"Game over" in data, data[-500:]
    assert colour_codes(data) == [], colour_codes(data)[:5]
