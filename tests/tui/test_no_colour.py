"""NO_COLOR (issue 31): the client sends not one colour code, not even a grey, and what colour
told (a cursor, a highlighted line) is kept as reverse video. Run as a user runs it: the real
command in a pseudo-terminal, its output read byte by byte."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import sys
import time

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


def screen_bytes(
    tmp_path, environ: dict[str, str], seconds: float = 20.0, args: tuple[str, ...] = (), drawn: bytes = b"Quit"
) -> bytes:
    """What `bergfried` (with ``args``) writes to a 80x24 terminal until ``drawn`` is on it (the
    title screen's "Quit" by default)."""
    # This interpreter and its packages (a `bergfried` on PATH may be another checkout's).
    command = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())"]
    pid, fd = pty.fork()
    if pid == 0:
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "", "COLUMNS": "80", "LINES": "24", **environ}
        dirs = ["--config-dir", str(tmp_path / "c"), "--saves-dir", str(tmp_path / "s")]
        os.execve(command[0], [*command, *dirs, *args], env)
    data = b""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and drawn not in data:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    data += os.read(fd, 65536)
                except OSError:
                    break
        end = time.monotonic() + 0.5  # the rest of the frame
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    data += os.read(fd, 65536)
                except OSError:
                    break
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
