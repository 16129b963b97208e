"""Save files written by an earlier Bergfried still open, move for move.

A load decides every logged move again and insists on exactly the logged events, so a change to
a game's rules or to the quick paths a load takes (which must give what the general path gives)
that altered any event would make these files fail to load. They were written by `bergfried
selfplay ... --seed 11` at commit 315108e (2026-11-26), greedy and random bots, before that
day's load-speed work; they stay as they are: never regenerate them to make this test pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import read_log, replay
from engine.games import GAMES, get_game

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))


def test_every_registered_game_has_golden_saves():
    games = {json.loads(p.read_text("utf-8").partition("\n")[0])["game"] for p in FILES}
    assert games == set(GAMES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_golden_save_loads_whole_and_finished(path):
    lines = path.read_text("utf-8").splitlines()
    loaded = read_log(path, get_game)
    game = get_game(loaded.header.game)
    assert loaded.warning is None
    assert len(loaded.entries) == len(lines) - 1  # every event line verified, none dropped
    assert game.result(loaded.state).finished
    assert replay(game, loaded.header.config, [e.event for e in loaded.entries]) == loaded.state
