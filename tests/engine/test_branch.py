"""Issue 28, play on from any step: for every game, a branch at a random step is an ordinary save
that passes `check`, begins with the original's moves, and deals what the original dealt."""

from __future__ import annotations

import json
import random

import pytest

from engine.cli import main as cli_main
from engine.core import LogError, Match, Seat, read_log
from engine.core.branch import branch, kept_entries
from engine.core.selfplay import play_out
from engine.core.writer import write_log_new
from engine.games import all_games, get_game

GAMES = [g.id for g in all_games()]


def _original(game, tmp_path, seed):
    path = tmp_path / "original.jsonl"
    play_out(game, game.min_players, ["greedy"] * game.min_players, seed, path=path)
    return path, read_log(path, get_game)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_branch_at_a_random_step_is_a_checkable_save_that_begins_with_the_original(game_id, tmp_path, capsys):
    game = get_game(game_id)
    path, loaded = _original(game, tmp_path, 11)
    rng = random.Random(game_id)
    entries = loaded.entries
    for _ in range(3):
        position = rng.randrange(1, len(entries))
        seats = [Seat(f"P{i}", "human" if i == 0 else f"bot:{game.bot_levels[0]}") for i in range(game.min_players)]
        header, kept = branch(game, loaded.header, entries, position, 7, path.name, seats)
        out = write_log_new(tmp_path / "branch.jsonl", game, header, kept)
        assert cli_main(["check", str(out)]) == 0
        assert capsys.readouterr().out.startswith("ok: ")
        again = read_log(out, get_game)
        assert again.warning is None and again.header.branch == header.branch
        assert "practice" in again.header.config.variants
        assert [(e.event, e.by, e.move) for e in again.entries] == [
            (e.event, e.by, e.move) for e in entries[: len(kept)]
        ]
        assert len(kept) >= position and (len(kept) == len(entries) or entries[len(kept)].act != kept[-1].act)
        first = json.loads(out.read_text().splitlines()[0])
        assert first["branch"] == {
            "from": "original.jsonl",
            "step": 7,
            "actions": header.branch.actions,
            "variants": [],
        }
        out.unlink()


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_on_with_the_original_s_moves_deals_the_original_s_cards(game_id, tmp_path):
    """The same secret, keyed to the original's variants: the next move played as the original
    played it gives exactly the original's events (draws included), to the end."""
    game = get_game(game_id)
    path, loaded = _original(game, tmp_path, 12)
    entries = loaded.entries
    header, kept = branch(game, loaded.header, entries, len(entries) // 3, 3, path.name)
    out = write_log_new(tmp_path / "branch.jsonl", game, header, kept)
    match, _ = Match.load(out, get_game, durable=False)
    for entry in entries[len(kept) :]:
        if entry.move is not None:
            match.play(entry.by, entry.move)
    assert [e.event for e in match.entries] == [e.event for e in entries]
    match.close()


def test_a_position_inside_an_action_keeps_the_whole_action():
    from engine.core import Entry

    entries = [Entry("s", 0), Entry("a", 1, 0, "m"), Entry("b", 1, 0), Entry("c", 2, 1, "n")]
    assert [e.event for e in kept_entries(entries, 2)] == ["s", "a", "b"]
    assert [e.event for e in kept_entries(entries, 3)] == ["s", "a", "b"]
    assert [e.event for e in kept_entries(entries, 99)] == ["s", "a", "b", "c"]


@pytest.mark.parametrize(
    "branch_field, why",
    [
        ({"from": "x.jsonl", "step": "3", "actions": 1, "variants": []}, "does not name a file and a step"),
        ({"from": "x.jsonl", "step": 3, "actions": 1}, "is not {from, step, actions, variants}"),
        ({"from": "x.jsonl", "step": 3, "actions": 1, "variants": ["no-such"]}, "has no variant"),
    ],
)
def test_a_bad_branch_field_is_refused_on_load(tmp_path, branch_field, why):
    game = get_game("king-up")
    path, _ = _original(game, tmp_path, 13)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["branch"] = branch_field
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    with pytest.raises(LogError, match=why):
        read_log(path, get_game)
