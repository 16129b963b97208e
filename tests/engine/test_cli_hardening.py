"""The command line never shows a traceback: each bad file, argument or output is one line on
stderr and a non-zero exit; a closed pipe ends quietly (issue 8 item 11, issue 7 §2)."""

from __future__ import annotations

import errno
import io
import json

import pytest

from engine.cli import EXIT_PIPE, main
from engine.core.selfplay import play_out
from engine.games.king_up import GAME


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "game.jsonl"
    play_out(GAME, 3, ["random"] * 3, seed=5, path=path)
    return path


def damage(path, line, change):
    rows = path.read_text("utf-8").splitlines()
    record = json.loads(rows[line - 1])
    change(record)
    rows[line - 1] = json.dumps(record)
    path.write_text("\n".join(rows) + "\n", "utf-8")


DAMAGE = [
    (3, lambda r: r.update(move=5)),
    (3, lambda r: r.update(type=["FigurePlaced"])),
    (3, lambda r: r.update(by=99)),
    (3, lambda r: r.update(act="3")),
    (3, lambda r: r.update(data=None)),
    (3, lambda r: r.update(n=-1)),
    (1, lambda r: r["config"].update(players=0)),
    (1, lambda r: r["config"].update(players=7)),
    (1, lambda r: r["config"].update(players=27)),
    (1, lambda r: r.update(seed=1e300)),
    (1, lambda r: r.update(seats=None)),
    (1, lambda r: r.update(config=[])),
    (1, lambda r: r["seats"][0].update(kind="bot:unknown")),
    (2, lambda r: r.update(data={"x": [[[[]]]]})),
]


@pytest.mark.parametrize("command", ["check", "replay --text", "replay --json", "replay --view 1"])
@pytest.mark.parametrize("line, change", DAMAGE)
def test_a_damaged_field_is_one_line_naming_the_line(saved, capsys, command, line, change):
    damage(saved, line, change)
    assert main([*command.split()[:1], str(saved), *command.split()[1:]]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"bergfried: line {line}:"), err


def test_deep_nesting_and_infinite_numbers_in_the_file(saved, capsys):
    with saved.open("ab") as f:
        f.write(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert main(["check", str(saved)]) == 1
    assert "nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "engine", "king-up", "--games", "0"],
        ["selfplay", "king-up", "--players", "3", "--games", "-5", "--out", "x"],
        ["selfplay", "king-up", "--players", "0", "--out", "x"],
        ["selfplay", "chess", "--players", "3", "--out", "x"],
        ["replay", "f.jsonl"],
        ["replay", "f.jsonl", "--at", "3", "--text"],
        ["nonsense"],
    ],
)
def test_a_wrong_command_line_is_one_line_and_exit_2(args, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("bergfried:")


def test_selfplay_into_a_file_or_an_unwritable_place_is_one_line(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for out in (afile, tmp_path / "afile" / "below"):
        assert main(["selfplay", "king-up", "--players", "3", "--out", str(out)]) == 1
        assert len(capsys.readouterr().err.strip().splitlines()) == 1


class Closed(io.StringIO):
    def __init__(self, error):
        super().__init__()
        self.error = error

    def write(self, text):
        raise self.error

    def fileno(self):
        raise io.UnsupportedOperation


@pytest.mark.parametrize("args", [["games"], ["check", "{saved}"], ["replay", "{saved}", "--text"]])
def test_a_closed_pipe_ends_quietly(saved, monkeypatch, capsys, args):
    monkeypatch.setattr("sys.stdout", Closed(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main([a.format(saved=saved) for a in args]) == EXIT_PIPE
    assert capsys.readouterr().err == ""


def test_a_closed_pipe_in_selfplay_ends_quietly(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdout", Closed(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main(["selfplay", "king-up", "--players", "3", "--out", str(tmp_path)]) == EXIT_PIPE
    assert capsys.readouterr().err == ""


def test_a_full_disk_on_output_is_one_line(saved, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdout", Closed(OSError(errno.ENOSPC, "No space left on device")))
    assert main(["replay", str(saved), "--text"]) == 1
    assert capsys.readouterr().err.strip() == "bergfried: No space left on device"


def test_a_terminal_that_cannot_show_unicode_gets_replacements(saved, monkeypatch):
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr("sys.stdout", out)
    assert main(["games"]) == 0
    assert main(["replay", str(saved), "--json"]) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert "King Up!" in text and json.loads(text.splitlines()[-1])["game"] == "king-up"


def test_replay_view_prints_what_one_seat_saw(saved, capsys):
    assert main(["replay", str(saved), "--view", "2", "--at", "10", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["seat"] == 2 and shown["at"] == 10 and shown["view"]["seat"] == 1
    assert main(["replay", str(saved), "--view", "spectator"]) == 0
    text = capsys.readouterr().out
    assert "what spectator saw" in text and "my goal" not in text.replace("my goal: -", "")
    assert main(["replay", str(saved), "--view", "9"]) == 2
    assert main(["replay", str(saved), "--view", "1", "--at", "99999"]) == 2


@pytest.mark.parametrize("args", [["games"], ["selfplay", "king-up", "--out", "{out}"]])
def test_a_closed_standard_output_is_one_line(tmp_path, args):
    """``bergfried selfplay ... >&-``: Python has no sys.stdout at all; it said "please report this"."""
    import shlex
    import subprocess
    import sys
    from pathlib import Path

    bergfried = str(Path(sys.executable).parent / "bergfried")  # this environment's, not one on PATH
    command = shlex.join([bergfried, *(a.format(out=tmp_path / "out") for a in args)])
    done = subprocess.run(command + " >&-", shell=True, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "bergfried: standard output is closed; nothing could be printed\n"


def test_view_at_counts_moves_as_replay_text_numbers_them_and_seats_from_one(saved, capsys):
    """Issue 31: --at counted events while --text numbers moves, and the body said "seat: 1"
    under a header "seat 2": one numbering everywhere."""
    assert main(["replay", str(saved), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    five = next(line for line in lines if line[:4].strip() == "5")
    six = next(line for line in lines if line[:4].strip() == "6")
    assert main(["replay", str(saved), "--view", "2", "--at", "5"]) == 0
    head, *body = capsys.readouterr().out.splitlines()
    assert "seat 2 (" in head and "after move 5 of " in head and "seat: 2" in body
    from engine.core import read_log
    from engine.games import get_game

    names = [s.name for s in read_log(saved, get_game).header.seats]
    next_mover = six[5:23].strip()  # the --text column of who moved
    assert f"to act: {names.index(next_mover) + 1}" in body, (five, six, body[:8])
