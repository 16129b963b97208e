"""A save file keeps the rules it was played by: its header's rules version reaches the game
through the config, so a game whose rules changed can keep an old file's play (issue 26)."""

from __future__ import annotations

import json

from engine.core import GameConfig, Match, Seat, read_log
from engine.core.log import Header
from engine.games.king_up import GAME


def test_a_header_gives_its_config_the_rules_version_it_records():
    header = Header(GAME.id, 1, GameConfig(3), "ab" * 32, (Seat("a"), Seat("b"), Seat("c")))
    assert header.config.rules_version == 1 and header.config.players == 3
    assert not header.config.rules_before(1) and header.config.rules_before(2)
    assert not GameConfig(3).rules_before(99), "a config without a version plays by the current rules"


def test_a_new_match_and_its_reloaded_file_play_by_the_same_rules(tmp_path):
    path = tmp_path / "g.jsonl"
    match = Match.new(GAME, GameConfig(3), [Seat("a"), Seat("b"), Seat("c")], seed=3, path=path, durable=False)
    match.close()
    assert match.header.config.rules_version == GAME.rules_version
    loaded = read_log(path, lambda _id: GAME)
    assert loaded.header == match.header and loaded.header.config.rules_version == GAME.rules_version
    first = json.loads(path.read_text("utf-8").partition("\n")[0])
    assert first["rules_version"] == GAME.rules_version and "rules_version" not in first["config"]
