"""Loading compares each logged line with the record its move produces, built straight in the
form JSON reads back (lists for tuples), and may take the state a decider folded: these tests
hold that the quick comparison is the exact one, and that a line the engine would not write, or
a move it would not make, is still refused on load in every game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core import GameConfig, LogError, Match, Seat, read_log
from engine.core.game import replay
from engine.core.log import Entry
from engine.games import all_games, get_game

from .test_fuzz_saves import play_randomly

GAMES = [g.id for g in all_games()]


def _save(game, folder: Path, seed: int, actions: int = 60) -> Path:
    players = game.min_players
    path = folder / f"{game.id}-{seed}.jsonl"
    match = Match.new(
        game, GameConfig(players), [Seat(f"P{i}") for i in range(players)], seed, path=path, durable=False
    )
    play_randomly(match, seed, actions, undo=False)
    return path


@pytest.mark.parametrize("game_id", GAMES)
def test_plain_records_are_what_json_reads_back(game_id, tmp_path):
    game = get_game(game_id)
    loaded = read_log(_save(game, tmp_path, 3), get_game)
    for entry in loaded.entries:
        assert game.codec.plain(entry.event) == json.loads(json.dumps(game.codec.encode(entry.event)))


@pytest.mark.parametrize("game_id", GAMES)
def test_load_state_is_the_replayed_state(game_id, tmp_path):
    game = get_game(game_id)
    loaded = read_log(_save(game, tmp_path, 4), get_game)
    assert loaded.state == replay(game, loaded.header.config, [e.event for e in loaded.entries])


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def _write(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in records), "utf-8")


def _lists(value):
    """Paths to every int inside lists of ``value`` (a record's data)."""
    if isinstance(value, list):
        for i, v in enumerate(value):
            if type(v) is int:
                yield (i,)
            for rest in _lists(v):
                yield (i, *rest)
    elif isinstance(value, dict):
        for k, v in value.items():
            for rest in _lists(v):
                yield (k, *rest)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_changed_number_inside_a_list_is_refused(game_id, tmp_path):
    game = get_game(game_id)
    path = _save(game, tmp_path, 5)
    records = _lines(path)
    changed = 0
    for n, record in enumerate(records[1:], start=1):
        for where in list(_lists(record.get("data", {})))[:3]:
            altered = json.loads(json.dumps(records))
            target = altered[n]["data"]
            for key in where[:-1]:
                target = target[key]
            target[where[-1]] += 1000
            bad = tmp_path / f"bad-{n}-{changed}.jsonl"
            _write(bad, altered)
            with pytest.raises(LogError, match=f"line {n + 1}"):
                read_log(bad, get_game)
            changed += 1
        if changed >= 12:
            break
    assert changed, "the game's records hold lists of numbers"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_the_engine_would_not_make_is_refused(game_id, tmp_path):
    """The first line of a move names another move; its events stay as logged."""
    game = get_game(game_id)
    path = _save(game, tmp_path, 6)
    records = _lines(path)
    moves = [n for n, r in enumerate(records) if "move" in r]
    texts = sorted({records[n]["move"] for n in moves})
    refused = 0
    for n in moves[:20]:
        other = next((t for t in texts if t != records[n]["move"]), None)
        if other is None:
            continue
        altered = json.loads(json.dumps(records))
        altered[n]["move"] = other
        bad = tmp_path / f"move-{n}.jsonl"
        _write(bad, altered)
        try:
            loaded = read_log(bad, get_game)
        except LogError as exc:
            assert f"line {n + 1}" in str(exc)
            refused += 1
            continue
        # Only a text that means the very same move here may load, and then as the same game.
        assert [e.event for e in loaded.entries] == [e.event for e in read_log(path, get_game).entries]
    assert refused


def test_entries_compare_without_their_line():
    a, b = Entry("ev", 3, 1, "A3", 9), Entry("ev", 3, 1, "A3")
    assert a == b and hash(a) == hash(b) and not a != b  # noqa: SIM202 (the test is of __ne__)
    assert a != Entry("ev", 3, 1, "A4") and a != ("ev", 3, 1, "A3", 9)
    assert (a.event, a.act, a.by, a.move, a.line) == ("ev", 3, 1, "A3", 9)
    with pytest.raises(AttributeError):
        a.act = 4  # type: ignore[misc]


def _play(match: Match, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if match.finished:
            return
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", [g.id for g in all_games() if "practice" in {v.key for v in g.variants}])
def test_undo_lines_far_back_load_as_played(game_id, tmp_path):
    """Undoing many actions back, playing on and undoing again loads as the game that was played."""
    game = get_game(game_id)
    players, path, rng = game.min_players, tmp_path / "undo.jsonl", random.Random(5)
    match = Match.new(
        game,
        GameConfig(players, frozenset({"practice"})),
        [Seat(f"P{i}") for i in range(players)],
        5,
        path=path,
        durable=False,
    )
    undone = 0
    for play, back in ((45, 21), (7, 3), (30, 40)):
        _play(match, rng, play)
        for _ in range(back):
            seat = next((s for s in range(players) if match.can_undo(s)), None)
            if seat is None:
                break
            match.undo(seat)
            undone += 1
    _play(match, rng, 5)
    match.close()
    assert undone > 20
    loaded = read_log(path, get_game)
    assert loaded.entries == tuple(match.entries)
    assert loaded.state == match.state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_line_that_also_undoes_is_read_as_an_undo_line(game_id, tmp_path):
    """A load takes a move's line without asking first whether it undoes: a line holding a
    move's keys and "undo" must still be refused as the undo line it is not."""
    game = get_game(game_id)
    path = _save(game, tmp_path, 6)
    records = _lines(path)
    n = next(n for n, r in enumerate(records) if "move" in r)
    altered = json.loads(json.dumps(records))
    altered[n]["undo"] = altered[n]["act"]
    bad = tmp_path / "undo.jsonl"
    _write(bad, altered)
    with pytest.raises(LogError, match=f"line {n + 1}: not an undo line Bergfried writes"):
        read_log(bad, get_game)
