"""The installed `bergfried` command routes each command line to the right half."""

from __future__ import annotations

import shutil
import subprocess


def run(*args):
    command = shutil.which("bergfried")
    assert command, "install the package first (pip install -e .), as the README says"
    return subprocess.run([command, *args], capture_output=True, text=True, timeout=120)


def test_help_lists_the_client_and_the_headless_commands():
    out = run("--help").stdout
    for command in ("play", "replay", "selfplay", "check", "bench engine GAME", "bench tui"):
        assert command in out


def test_headless_commands_reach_the_engine(tmp_path):
    games = run("games")
    assert games.returncode == 0 and "carcassonne-castle" in games.stdout
    sp = run(
        "selfplay",
        "carcassonne-castle",
        "--players",
        "2",
        "--bots",
        "random,greedy",
        "--games",
        "1",
        "--out",
        str(tmp_path),
    )
    assert sp.returncode == 0, sp.stderr
    saved = next(tmp_path.iterdir())
    check = run("check", str(saved))
    assert check.returncode == 0 and check.stdout.startswith("ok:")


def test_a_game_the_client_cannot_start_is_refused_before_the_screen_opens():
    out = run("play", "king-up", "--seat", "human")
    assert out.returncode == 2 and "3–6 players" in out.stderr
