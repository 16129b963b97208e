"""A move of several lines, damaged or cut anywhere, or written in an older form, loads as the
replayer's line-by-line checks say (engine.core.replayer.Replayer.feed_all), and a lenient load
keeps exactly the whole moves before the damage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import LogError, read_log
from engine.core.game import replay
from engine.core.reader import load_log
from engine.games import all_games, get_game

from .test_load_checks import _lines, _save, _write

GAMES = [g.id for g in all_games()]


def _long_move(game, folder: Path) -> tuple[list[dict], int, int]:
    """A save's records and the first and last line (0-based) of a move of several lines."""
    for seed in range(3, 12):
        records = _lines(_save(game, folder, seed, actions=80))
        for n, record in enumerate(records):
            if record.get("move") is not None and record.get("n", 1) > 1:
                return records, n, n + record["n"] - 1
    raise AssertionError(f"{game.id} played no move of several lines in 9 games: these tests would test nothing")


def _assert_kept_up_to(loaded, game, records: list[dict], first: int, folder: Path) -> None:
    """``loaded`` holds exactly the whole moves of ``records`` before line ``first`` (0-based) and
    the state they give: what a lenient load keeps."""
    good = folder / "good.jsonl"
    _write(good, records)
    entries = read_log(good, get_game).entries
    cut = {e.act for e in entries if e.line >= first + 1}
    kept = tuple(e for e in entries if e.act not in cut)
    assert loaded.entries == kept
    assert loaded.state == replay(game, read_log(good, get_game).header.config, [e.event for e in kept])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_line_that_is_no_json_inside_a_move_keeps_the_moves_before_it(game_id, tmp_path):
    game = get_game(game_id)
    records, first, last = _long_move(game, tmp_path)
    bad = tmp_path / "bad.jsonl"
    _write(bad, records)
    lines = bad.read_text("utf-8").splitlines()
    lines[last] = lines[last][:-3]  # a line cut short: no JSON
    bad.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(LogError, match=f"line {last + 1}: not JSON"):
        read_log(bad, get_game)
    _assert_kept_up_to(load_log(bad, get_game, lenient=True), game, records, first, tmp_path)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("where", ["first", "last"])
def test_a_changed_line_inside_a_move_is_named(game_id, where, tmp_path):
    game = get_game(game_id)
    records, first, last = _long_move(game, tmp_path)
    n = first if where == "first" else last
    altered = json.loads(json.dumps(records))
    altered[n]["data"] = {}
    bad = tmp_path / "bad.jsonl"
    _write(bad, altered)
    with pytest.raises(LogError, match=f"line {n + 1}: "):
        read_log(bad, get_game)
    _assert_kept_up_to(load_log(bad, get_game, lenient=True), game, records, first, tmp_path)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_file_ending_inside_a_move_drops_that_move(game_id, tmp_path):
    game = get_game(game_id)
    records, first, last = _long_move(game, tmp_path)
    cut = tmp_path / "cut.jsonl"
    _write(cut, records[:last])
    loaded = read_log(cut, get_game)
    _assert_kept_up_to(loaded, game, records, first, tmp_path)
    assert f"action {records[first]['act']}) was written only in part" in loaded.warning


@pytest.mark.parametrize("game_id", GAMES)
def test_an_older_file_without_counts_loads_as_the_same_game(game_id, tmp_path):
    """Files from before "n" (the lines of a move) and with keys in another order still load."""
    game = get_game(game_id)
    records, _, _ = _long_move(game, tmp_path)
    good = tmp_path / "good.jsonl"
    _write(good, records)
    old = tmp_path / "old.jsonl"
    _write(old, [records[0]] + [dict(reversed([(k, v) for k, v in r.items() if k != "n"])) for r in records[1:]])
    loaded, expected = read_log(old, get_game), read_log(good, get_game)
    assert loaded.entries == expected.entries and loaded.state == expected.state and loaded.warning is None
