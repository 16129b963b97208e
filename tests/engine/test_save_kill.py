"""SIGKILL a process playing a match at random moments: every file still loads, loses at most the
move being written, and can be continued (issue 8)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core import GameConfig, Match, Seat, read_log
from engine.games import get_game

CHILD = """
import random, sys
from engine.core import GameConfig, Match, Seat
from engine.games import get_game
sys.path.insert(0, {tests!r})
from test_save_kill import operate
match = Match.new(get_game({game!r}), {config}, {seats}, {seed}, path={path!r}, durable=True)
print("ready", flush=True)
for step in operate(match, {seed}):
    print("done", step, flush=True)
"""


def seats_for(game):
    return [Seat("Ann")] + [Seat(f"Bot {i}", f"bot:{game.bot_levels[0]}") for i in range(1, game.min_players)]


def operate(match: Match, seed: int, limit: int = 400):
    """The moves (and practice undos) a killed process makes; yields each finished step's number."""
    rng = random.Random(seed)
    for step in range(limit):
        if match.finished:
            return
        if rng.random() < 0.15 and match.can_undo(0):
            match.undo(0)
        else:
            seat = min(match.to_act)
            legal = match.legal_actions(seat)
            match.submit(seat, legal[rng.randrange(len(legal))])
        yield step


def expected_games(game, config, seats, seed):
    """The entries after each step, played without a file."""
    match = Match.new(game, config, seats, seed)
    states = [list(match.entries)]
    for _ in operate(match, seed):
        states.append(list(match.entries))
    return states


def kill_once(tmp_path: Path, game_id: str, seed: int, rng: random.Random) -> str:
    game = get_game(game_id)
    config = GameConfig(game.min_players, frozenset({"practice"}))
    path = tmp_path / f"{game_id}-{seed}.jsonl"
    code = CHILD.format(
        tests=str(Path(__file__).parent),
        game=game_id,
        seed=seed,
        path=str(path),
        config=repr(config).replace("frozenset(", "frozenset("),
        seats=repr(seats_for(game)),
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(rng.uniform(0.0, 0.4))
    child.send_signal(signal.SIGKILL)
    out = child.communicate()[0]
    whole = out.split("\n")[:-1]  # the kill may cut the child's last line of output too
    done = [int(line.split()[1]) for line in whole if line.startswith("done ")]
    last = done[-1] + 1 if done else 0  # steps known finished (entries index into expected)
    states = expected_games(game, config, seats_for(game), seed)
    loaded = read_log(path, get_game)
    got = list(loaded.entries)
    if got not in (states[last], states[min(last + 1, len(states) - 1)]):
        return f"{path.name}: after {last} steps the file holds another game"
    match, _ = Match.load(path, get_game, durable=False)  # continue: the end is made whole first
    if not match.finished:
        seat = min(match.to_act)
        match.submit(seat, match.legal_actions(seat)[0])
    match.close()
    again = read_log(path, get_game)
    if again.warning or list(again.entries) != match.entries:
        return f"{path.name}: continuing after the kill did not give a clean file"
    return "cut" if loaded.warning else "clean"


def run_kills(tmp_path: Path, kills: int, seed: int = 0) -> dict:
    rng = random.Random(seed)
    games = [g.id for g in __import__("engine.games", fromlist=["all_games"]).all_games()]
    outcomes: dict[str, int] = {}
    for i in range(kills):
        outcome = kill_once(tmp_path, games[i % len(games)], seed * 1000 + i, rng)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return outcomes


def test_a_killed_match_loses_at_most_the_move_being_written(tmp_path):
    outcomes = run_kills(tmp_path, kills=5)
    assert set(outcomes) <= {"clean", "cut"}, outcomes


@pytest.mark.slow
def test_many_kills(tmp_path):
    outcomes = run_kills(tmp_path, kills=60, seed=1)
    assert set(outcomes) <= {"clean", "cut"}, outcomes


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(run_kills(Path(tmp), int(sys.argv[1]) if len(sys.argv) > 1 else 20, seed=2))
