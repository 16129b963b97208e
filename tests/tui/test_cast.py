"""Issue 28, share it: `bergfried export FILE --cast OUT` records the real replay viewer in a
pseudo-terminal as asciinema v2; played through a terminal emulator (pyte) it ends on the game's
last position."""

from __future__ import annotations

import json

import pyte

from engine.core import write_log_atomic
from engine.core.selfplay import play_out
from engine.games import get_game
from tui.cli import main as cli_main
from tui.screens.replay import ReplayScreen


def _short_game(tmp_path, actions: int = 12):
    """The first moves of a Carcassonne game: a replay of a few dozen steps records in seconds."""
    game = get_game("carcassonne-castle")
    match = play_out(game, 2, ["greedy", "greedy"], 31)
    entries = [e for e in match.entries if e.act <= actions]
    path = tmp_path / "short.jsonl"
    write_log_atomic(path, game, match.header, entries)
    return path


def _play(cast_lines: list[str]) -> pyte.Screen:
    header = json.loads(cast_lines[0])
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for line in cast_lines[1:]:
        stream.feed(json.loads(line)[2])
    return screen


def test_the_cast_is_asciinema_v2_and_ends_on_the_last_position(tmp_path, capsys):
    path = _short_game(tmp_path)
    out = tmp_path / "short.cast"
    assert cli_main(["export", str(path), "--cast", str(out), "--size", "80x24", "--speed", "0.1"]) == 0
    assert "wrote" in capsys.readouterr().out
    lines = out.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["version"] == 2 and (header["width"], header["height"]) == (80, 24)
    assert isinstance(header["timestamp"], int)
    times = []
    for line in lines[1:]:
        time, kind, text = json.loads(line)
        assert isinstance(time, float) and kind == "o" and isinstance(text, str)
        times.append(time)
    assert times == sorted(times) and len(times) > 10
    screen, _ = ReplayScreen.from_path(path)
    last = screen.numbers[-1]  # the last move's number, as `replay --text` has it
    shown = "\n".join(_play(lines).display)
    assert f"move {last}/{last}" in shown, shown
    assert screen.labels[-1].split()[-1] in shown


def test_a_bad_file_or_size_is_one_line(tmp_path, capsys):
    assert cli_main(["export", str(tmp_path / "none.jsonl"), "--cast", str(tmp_path / "x.cast")]) == 1
    assert capsys.readouterr().err.count("\n") == 1
    path = _short_game(tmp_path, 2)
    assert cli_main(["export", str(path), "--cast", str(tmp_path / "x.cast"), "--size", "20x5"]) == 2
    assert "80x24" in capsys.readouterr().err
    assert not (tmp_path / "x.cast").exists()


async def test_x_in_the_viewer_writes_the_transcript_and_the_recording_into_the_saves_folder(
    make_app, settings, tmp_path
):
    path = _short_game(tmp_path, 4)
    screen, _ = ReplayScreen.from_path(path)
    screen.share_speed = 0.05
    app = make_app(start=lambda app: screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
    md = settings.saves_dir / "short-replay.md"
    cast = settings.saves_dir / "short-replay.cast"
    assert md.read_text().startswith("# Carcassonne: The Castle")
    lines = cast.read_text().splitlines()
    assert json.loads(lines[0])["version"] == 2
    last = screen.numbers[-1]
    assert f"move {last}/{last}" in "\n".join(_play(lines).display)


def test_a_recording_into_a_missing_folder_is_refused_before_it_is_made(tmp_path, capsys):
    """It was recorded whole, then refused as "[Errno 2] No such file or directory: '…'"."""
    path = _short_game(tmp_path, 2)
    out = tmp_path / "nowhere" / "x.cast"
    assert cli_main(["export", str(path), "--cast", str(out)]) == 1
    assert capsys.readouterr().err == f"bergfried: cannot write {out}: there is no folder {out.parent}\n"
    transcript = tmp_path / "nowhere" / "x.md"
    assert cli_main(["export", str(path), "--cast", str(tmp_path / "x.cast"), "--out", str(transcript)]) == 1
    assert capsys.readouterr().err == f"bergfried: cannot write {transcript}: there is no folder {transcript.parent}\n"
