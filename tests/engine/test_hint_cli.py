"""`bergfried hint FILE --seat N`, run as a user would run it: the expert's top three moves for
a seat of a practice game, from that seat's view; every refusal is one line, never a traceback."""

from __future__ import annotations

import random

import pytest

from engine.cli import main
from engine.core import GameConfig, Match, Seat, read_log
from engine.core.selfplay import play_out
from engine.games import get_game

NAMES = ["Ann", "Bo", "Cy"]


def save(path, game_id: str = "king-up", moves: int = 4, practice: bool = True):
    """A hot-seat game saved ``moves`` random decisions in; returns the seats (from 1) to act."""
    game = get_game(game_id)
    players = 3 if game.min_players <= 3 <= game.max_players else game.min_players
    config = GameConfig(players, frozenset({"practice"} if practice else ()))
    match = Match.new(game, config, [Seat(n, "human") for n in NAMES[:players]], 5, path=path, durable=False)
    rng = random.Random(1)
    for _ in range(moves):
        seat = min(match.to_act)
        match.submit(seat, rng.choice(list(match.legal_actions(seat))))
    to_act = sorted(s + 1 for s in match.to_act)
    match.close()
    return to_act


def run(capsys, *args):
    status = main(["hint", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game_id", ["king-up", "carcassonne-castle"])
def test_prints_three_moves_with_win_chance_and_why_the_same_every_time(tmp_path, capsys, game_id):
    path = tmp_path / "game.jsonl"
    seat = save(path, game_id)[0]
    status, out, err = run(capsys, path, "--seat", seat, "--iterations", 6)
    assert status == 0 and err == ""
    head, searched, *lines = out.splitlines()
    assert searched == "searched: 6 playouts" or searched.startswith("searched: ")
    assert f"seat {seat} ({NAMES[seat - 1]})" in head and "view only" in head
    assert [line[:3] for line in lines] == ["1. ", "2. ", "3. "]
    assert all(" win " in line and " %" in line for line in lines)
    assert "the expert's pick" in lines[0]
    game = get_game(game_id)
    state = read_log(path, get_game).state
    for line in lines:  # each move reads back in the game's notation, and is legal for the seat
        notation = line[3:].split(" win ")[0].strip()
        action = game.parse_action(state, seat - 1, notation)
        assert action in list(game.legal_actions(state, seat - 1))
    assert run(capsys, path, "--seat", seat, "--iterations", 6)[1] == out


def test_refusals_are_one_line(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    to_act = save(path)
    waiting = next(s for s in (1, 2, 3) if s not in to_act)
    cases = [
        (["--seat", waiting], f"seat {waiting} ({NAMES[waiting - 1]}) may not act now"),
        (["--seat", 9], "--seat takes a seat from 1 to 3"),
        (["--seat", "x"], "--seat takes a seat from 1 to 3"),
        (["--seat", to_act[0], "--iterations", 0], "not a count"),
        (["--seat", to_act[0], "--seconds", "-1"], "not a time budget"),
        (["--seat", to_act[0], "--seconds", 1, "--iterations", 3], "not allowed with"),
    ]
    for args, words in cases:
        status, out, err = run(capsys, path, *args)
        assert status == 2 and out == "" and words in err and err.count("\n") == 1, (args, err)
    status, _, err = run(capsys, tmp_path / "missing.jsonl", "--seat", 1)
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err


def test_a_game_not_for_practice_and_a_finished_game_are_refused(tmp_path, capsys):
    plain = tmp_path / "plain.jsonl"
    seat = save(plain, practice=False)[0]
    status, _, err = run(capsys, plain, "--seat", seat, "--iterations", 3)
    assert status == 2 and "hints are for practice games" in err
    done = tmp_path / "done.jsonl"
    play_out(get_game("king-up"), 3, ["random"] * 3, 2, path=done)
    status, _, err = run(capsys, done, "--seat", 1)
    assert status == 2 and "the game is over" in err


def test_help_says_the_hint_sees_only_the_seats_view(capsys):
    assert main(["hint", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "seat N's view alone" in text and "practice" in text and "--iterations" in text


def test_the_search_reports_what_it_did_and_why_it_did_less_than_asked(tmp_path, capsys):
    """Issue 31: `--iterations 1000` and `--seconds 3` both printed "126 playouts" without a word
    of why; the hint says what it searched, and that a one-move search ends by itself."""
    path = tmp_path / "king.jsonl"
    seat = save(path, "king-up")[0]
    status, out, _ = run(capsys, path, "--seat", seat, "--iterations", 40)
    assert status == 0 and out.splitlines()[1] == "searched: 40 playouts"
    path = tmp_path / "palais.jsonl"
    seat = save(path, "palais-royal", moves=12)[0]
    status, out, _ = run(capsys, path, "--seat", seat, "--iterations", 100_000)
    line = out.splitlines()[1]
    assert status == 0 and line.startswith("searched: ") and "change nothing" in line
