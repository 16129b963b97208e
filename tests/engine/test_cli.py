"""The headless commands, run as a user would run them."""

from __future__ import annotations

import json

from engine.cli import main


def test_games_lists_every_game_with_player_counts(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "king-up" in out and "3–6 players" in out
    assert max(len(line) for line in out.splitlines()) <= 80  # issue 31: up to 167 before


def test_selfplay_writes_one_file_per_game_byte_identically(tmp_path, capsys):
    args = ["selfplay", "king-up", "--players", "4", "--bots", "random", "--games", "5", "--seed", "7"]
    assert main(args + ["--out", str(tmp_path / "a")]) == 0
    table = capsys.readouterr().out
    assert "wins" in table and "mean score" in table
    assert main(args + ["--out", str(tmp_path / "b")]) == 0
    a = sorted((tmp_path / "a").iterdir())
    b = sorted((tmp_path / "b").iterdir())
    assert len(a) == 5
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


def test_selfplay_takes_a_level_per_seat_and_refuses_a_wrong_count(tmp_path, capsys):
    assert (
        main(
            [
                "selfplay",
                "king-up",
                "--players",
                "3",
                "--bots",
                "greedy,random,random",
                "--games",
                "2",
                "--out",
                str(tmp_path),
            ]
        )
        == 0
    )
    assert (
        main(
            ["selfplay", "king-up", "--players", "3", "--bots", "greedy,random", "--games", "2", "--out", str(tmp_path)]
        )
        == 2
    )


def _one_game(tmp_path, capsys):
    main(["selfplay", "king-up", "--players", "3", "--games", "1", "--seed", "3", "--out", str(tmp_path)])
    capsys.readouterr()
    return next(tmp_path.iterdir())


def test_replay_json_summarises_the_game(tmp_path, capsys):
    path = _one_game(tmp_path, capsys)
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "king-up" and summary["finished"] is True
    assert len(summary["players"]) == 3 and len(summary["scores"]) == 3
    assert summary["winners"] and summary["events"] == len(path.read_text().splitlines()) - 1


def test_replay_text_prints_moves_in_notation_with_scores(tmp_path, capsys):
    path = _one_game(tmp_path, capsys)
    assert main(["replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("King Up! · 3 players")
    assert any("— round 3 —" in line for line in out)
    assert out[-1].startswith("winner:")


def test_check_accepts_a_sound_file_and_rejects_a_damaged_one(tmp_path, capsys):
    path = _one_game(tmp_path, capsys)
    assert main(["check", str(path)]) == 0
    assert "ok:" in capsys.readouterr().out
    rows = path.read_text().splitlines()
    rows[5] = rows[5].replace('"type":"', '"type":"X')
    path.write_text("\n".join(rows) + "\n")
    assert main(["check", str(path)]) == 1
    assert "line 6: unknown event type" in capsys.readouterr().err


def test_check_says_a_cut_off_file_is_damaged(tmp_path, capsys):
    """A file cut mid-line loads up to its last whole move, but it is not sound: check says
    "damaged" and exits 1 (issue 31: it printed "ok … unfinished" and exited 0)."""
    path = _one_game(tmp_path, capsys)
    path.write_text(path.read_text()[:-30])
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"damaged: {path}") and "cut off" in out and "ok:" not in out


def test_a_file_that_cannot_be_read_is_named_with_its_directory(tmp_path, capsys):
    missing = tmp_path / "old" / "nope.jsonl"
    assert main(["check", str(missing)]) == 1
    assert f"cannot read {missing}:" in capsys.readouterr().err


def test_arena_takes_as_many_players_as_bots_named_like_selfplay(capsys):
    """Issue 31: arena defaulted to 2 players where selfplay takes the number of bots given;
    King Up! (3 to 6 players) with three bots named now plays three-player games."""
    status = main(["arena", "king-up", "--bots", "random,random,greedy", "--games", "3", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.startswith("3 games of King Up!, 3 players")
