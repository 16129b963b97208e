"""Issue 28, share it: `bergfried export FILE` writes a transcript whose moves, read back through
the notation, replay the game exactly; round headings and the final scores are in it."""

from __future__ import annotations

import pytest

from engine.cli import main as cli_main
from engine.core import Match, read_log
from engine.core.selfplay import play_out
from engine.core.transcript import transcript, transcript_moves
from engine.games import all_games, get_game

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize("fmt", ["text", "md"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_transcript_s_moves_replay_the_game_through_the_notation(game_id, fmt, tmp_path):
    game = get_game(game_id)
    path = tmp_path / "game.jsonl"
    play_out(game, game.min_players, ["greedy"] * game.min_players, 21, path=path)
    loaded = read_log(path, get_game)
    text = "\n".join(transcript(game, loaded, fmt))
    moves = transcript_moves(text)
    assert len(moves) == sum(1 for e in loaded.entries if e.move is not None)
    match = Match.new(game, loaded.header.config, loaded.header.seats, loaded.header.seed)
    for seat, move in moves:
        match.play(seat, move)
    assert match.events == [e.event for e in loaded.entries]
    assert "Winner: " in text and ("Scores" in text)
    rounds = sum(1 for e in loaded.entries if game.boundary(e.event) == "round")
    assert text.count("Round ") >= rounds


def test_export_writes_text_and_markdown_and_refuses_a_bad_format(tmp_path, capsys):
    game = get_game("king-up")
    path = tmp_path / "game.jsonl"
    play_out(game, 3, ["greedy"] * 3, 22, path=path)
    assert cli_main(["export", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("King Up!") and "Round 3" in text
    out = tmp_path / "game.md"
    assert cli_main(["export", str(path), "--format", "md", "--out", str(out)]) == 0
    assert out.read_text().startswith("# King Up!") and "### Round 1" in out.read_text()
    assert cli_main(["export", str(path), "--format", "pdf"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_an_unfinished_game_s_transcript_keeps_its_secret_votes(tmp_path):
    game = get_game("king-up")
    match = play_out(game, 3, ["greedy"] * 3, 23)
    from engine.core import write_log_atomic

    path = tmp_path / "half.jsonl"
    cut = next(i for i, e in enumerate(match.entries) if e.move in ("yes", "no"))
    write_log_atomic(path, game, match.header, match.entries[: cut + 1])
    text = "\n".join(transcript(game, read_log(path, get_game), "text"))
    assert "unfinished" in text and "(1): voted" in text or "(2): voted" in text or "(3): voted" in text
    assert ": yes" not in text and ": no" not in text and match.header.seed not in text


@pytest.mark.parametrize(
    "game_id, words",
    [
        ("king-up", [" + ", " = "]),
        ("carcassonne-castle", ["during play", "courtyard", "total: "]),
        ("between-two-castles", ["Ludwig", "throne room", " = "]),
        ("palais-royal", ["nobles", "park rows", " = "]),
        ("castle-builder", ["coins won", "coin"]),
    ],
)
def test_the_transcript_ends_with_the_game_s_own_final_breakdown(game_id, words, tmp_path):
    game = get_game(game_id)
    path = tmp_path / "game.jsonl"
    play_out(game, game.min_players, ["greedy"] * game.min_players, 24, path=path)
    lines = transcript(game, read_log(path, get_game), "text")
    ending = "\n".join(lines[lines.index("Scores") :])
    for word in words:
        assert word in ending, (word, ending)


def test_the_transcript_names_each_seat_once_as_the_game_over_table_does(tmp_path):
    """ "Bot 1 (random) (bot:random)" told the level twice and showed the save file's own spelling;
    the seat list now reads as the game-over ranking does."""
    from engine.core import Seat

    game = get_game("king-up")
    path = tmp_path / "game.jsonl"
    play_out(game, 3, ["random", "greedy", "random"], 24, path=path)
    loaded = read_log(path, get_game)
    for fmt in ("text", "md"):
        text = "\n".join(transcript(game, loaded, fmt))
        seat_lines = [line for line in text.splitlines()[:9] if " Bot " in line]
        assert [line.lstrip("- ").strip() for line in seat_lines[:3]] == [
            "1 Bot 1 (random)",
            "2 Bot 2 (greedy)",
            "3 Bot 3 (random)",
        ]
        assert "(bot:" not in text
        for seat in loaded.header.seats:
            assert seat.label in text
    assert Seat("Adalbert", "bot:expert").label == "Adalbert (bot expert)"
    assert Seat("Ann").label == "Ann (human)"
