"""Issue 28, the game's story: the chart's series equal the scores in the log, chances are shares
that end with the winners, and the turning points are moves that cost their mover."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from engine.cli import main as cli_main
from engine.cli import replay_text
from engine.core import read_log
from engine.core.selfplay import play_out
from engine.core.story import chance_series, costly_steps, score_series, story_steps, turning_points, turning_text
from engine.games import all_games, get_game

GAMES = [g.id for g in all_games()]


def _loaded(game, tmp_path, seed=41):
    path = tmp_path / "game.jsonl"
    play_out(game, game.min_players, ["greedy"] * game.min_players, seed, path=path)
    return path, read_log(path, get_game)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_score_series_equals_the_running_scores_of_the_log(game_id, tmp_path):
    game = get_game(game_id)
    _, loaded = _loaded(game, tmp_path)
    steps = story_steps(game, loaded.header, loaded.entries)
    series = score_series(game, loaded.header.config, [e.event for e in loaded.entries], steps.positions)
    # replay --text prints the scores after every described event: "[a b c]", one line per step
    printed = [
        tuple(int(x) for x in m.group(1).split())
        for line in replay_text(game, loaded)
        if (m := re.search(r"\[([-\d ]+)\]$", line))
    ]
    # the set-up's lines are the first step (the start), not steps of their own
    said = sum(1 for label in steps.labels[0].split(" · ")[1:])
    assert series[1 : len(printed) - said + 1] == printed[said:]
    assert series[0] == (printed[said - 1] if said else (0,) * loaded.header.config.players)
    assert series[-1] == tuple(game.result(loaded.state).scores)


@pytest.mark.parametrize("game_id", GAMES)
def test_chances_are_shares_and_the_winners_hold_them_at_the_end(game_id, tmp_path):
    game = get_game(game_id)
    _, loaded = _loaded(game, tmp_path)
    steps = story_steps(game, loaded.header, loaded.entries)
    seen = []
    chances = chance_series(
        game,
        loaded.header.config,
        [e.event for e in loaded.entries],
        steps.positions,
        lambda done, total: seen.append((done, total)),
    )
    assert len(chances) == len(steps.positions) and seen[-1] == (len(chances), len(chances))
    assert all(abs(sum(row) - 1) < 1e-9 and min(row) >= 0 for row in chances)
    winners = game.result(loaded.state).winners
    assert all(abs(chances[-1][s] - 1 / len(winners)) < 1e-9 for s in winners)


@pytest.mark.parametrize("game_id", ["king-up", "carcassonne-castle"])
def test_turning_points_are_the_moves_that_cost_their_mover_most(game_id, tmp_path):
    game = get_game(game_id)
    _, loaded = _loaded(game, tmp_path, 3)
    steps = story_steps(game, loaded.header, loaded.entries)
    chances = chance_series(game, loaded.header.config, [e.event for e in loaded.entries], steps.positions)
    falls = costly_steps(steps, chances)
    assert falls and all(steps.movers[k] == seat for k, seat, _ in falls)
    biggest = max(
        chances[k - 1][steps.movers[k]] - chances[k][steps.movers[k]]
        for k in range(1, len(chances))
        if steps.movers[k] is not None
    )
    assert falls[0][2] == pytest.approx(biggest)
    points = turning_points(game, loaded.header, loaded.entries, steps, chances, iterations=40)
    assert {p.step for p in points} == {k for k, _, _ in falls}
    names = [s.name for s in loaded.header.seats]
    for point in points:
        assert point.after < point.before and point.why
        assert "a costly move" in turning_text(point, names)
        if point.better is not None:
            assert point.better != point.move


def test_replay_chart_prints_the_charts_and_the_turning_points(tmp_path, capsys):
    game = get_game("carcassonne-castle")
    path, _ = _loaded(game, tmp_path, 3)
    assert cli_main(["replay", str(path), "--chart"]) == 0
    out = capsys.readouterr().out
    assert "Scores" in out and "Chance of winning" in out and "a costly move" in out
    assert "\x1b[" not in out  # not a terminal: no colour codes
    assert cli_main(["replay", str(path), "--chart", "--text"]) == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_long_game_s_curve_takes_under_30_seconds_of_one_core(game_id):
    """Issue 28's figure: the chances of every step and the casual bot's turning points of a
    finished game of at least 150 moves (the longest of a few, where none is that long), timed
    by the CPU seconds of the one thread that computes them (bergfried bench story prints them)."""
    from engine.story_bench import curve_seconds, long_game

    match = long_game(game_id)
    seconds = curve_seconds(match)
    assert seconds["cpu"] < 30, seconds


def test_the_story_computed_in_a_child_process_is_the_one_computed_here(tmp_path):
    """What the client's chart receives from engine.story_process: the same chances, and turning
    points at the same steps (what the bot advises there depends on its clock)."""
    from engine.story_process import story_in_process

    game = get_game("king-up")
    _, loaded = _loaded(game, tmp_path)
    steps = story_steps(game, loaded.header, loaded.entries)
    messages = list(story_in_process(game.id, loaded.header, loaded.entries, steps))
    kind, chances, points = messages[-1]
    assert kind == "done" and all(m[0] == "progress" for m in messages[:-1])
    here = chance_series(game, loaded.header.config, [e.event for e in loaded.entries], steps.positions)
    assert chances == here
    assert [(p.step, p.seat) for p in points] == sorted((k, s) for k, s, _ in costly_steps(steps, here))


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(os, "getpriority"), reason="reads /proc")
def test_the_story_s_process_runs_below_the_client_s_priority(tmp_path):
    """On a busy machine the chances' process gives way to the client, whose frames answer keys."""
    from engine.story_process import NICENESS, story_in_process

    game = get_game("king-up")
    _, loaded = _loaded(game, tmp_path)
    steps = story_steps(game, loaded.header, loaded.entries)
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    seen = []
    for message in story_in_process(game.id, loaded.header, loaded.entries, steps):
        if message[0] == "progress" and not seen:
            seen = [os.getpriority(os.PRIO_PROCESS, pid) for pid in _children_running("engine.story_process")]
    assert seen == [min(19, ours + NICENESS)]


def _children_running(module: str) -> list[int]:
    """This process' children whose command line names ``module`` (from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if parent == os.getpid() and module.encode() in command:
            out.append(int(stat.parent.name))
    return out
