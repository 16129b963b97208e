"""A Castle Builder file saved under rules version 1 keeps the rules it was played by.

``saves/castle-builder-4-rules-v1.jsonl`` was written by ``bergfried selfplay castle-builder
--players 4 --bots random --seed 11`` at commit c981596 (2026-11-28), the last Castle Builder of
rules version 1: the supply ran dry a third time and that ended the game ("exhausted"). Under
rules version 2 the discard pile becomes the supply again however often it runs dry (and a short
supply takes it beneath its last tiles), so the same moves read as version 2 are refused.
Never regenerate the file to make this pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import GameConfig, LogError, read_log, replay
from engine.games import get_game
from engine.games.castle_builder import GAME
from engine.games.castle_builder.events import GameEnded, SupplyReshuffled

SAVE = Path(__file__).parent / "saves" / "castle-builder-4-rules-v1.jsonl"


def test_the_version_1_file_loads_whole_and_ends_as_version_1_ended():
    loaded = read_log(SAVE, get_game)
    assert loaded.warning is None and loaded.header.rules_version == 1
    assert len(loaded.entries) == len(SAVE.read_text("utf-8").splitlines()) - 1
    state = loaded.state
    assert state.rules_version == 1 and GAME.result(state).finished
    assert state.end_reason == "exhausted" and state.reshuffles == 2
    events = [e.event for e in loaded.entries]
    assert sum(isinstance(ev, SupplyReshuffled) for ev in events) == 2
    assert events[-1] == GameEnded(state.winners, "exhausted")
    assert replay(GAME, loaded.header.config, events) == state


def test_the_same_moves_read_under_rules_version_2_do_not_give_the_logged_end(tmp_path):
    text = SAVE.read_text("utf-8").replace('"rules_version":1', '"rules_version":2', 1)
    path = tmp_path / "as-version-2.jsonl"
    path.write_text(text, "utf-8")
    # Version 1 handed out the supply's last tile alone on the draw before the end; version 2 takes
    # the discard pile beneath it and hands out 2 (a shuffle, the draw and the wait for a discard).
    with pytest.raises(LogError, match="move 'draw' by seat 2 produces 3"):
        read_log(path, get_game)


@pytest.mark.parametrize("version", [1, 2])
def test_a_game_plays_by_the_version_its_file_names(version):
    assert GAME.initial_state(GameConfig(4, rules_version=version)).rules_version == version
