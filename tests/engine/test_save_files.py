"""Save files: round trips, and every way a damaged file is reported."""

from __future__ import annotations

import json

import pytest

from engine.core import GameConfig, LogError, Match, Seat, read_log, verify
from engine.core.selfplay import play_out
from engine.games import get_game
from engine.games.king_up import GAME


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "game.jsonl"
    play_out(GAME, 3, ["random"] * 3, seed=5, path=path)
    return path


def lines(path):
    return path.read_text("utf-8").splitlines()


def write(path, rows):
    path.write_text("".join(r + "\n" for r in rows), "utf-8")


def test_a_sound_file_verifies_and_matches_the_live_game(saved):
    loaded = read_log(saved, get_game)
    state = verify(GAME, loaded)
    assert GAME.result(state).finished
    assert loaded.warning is None


def test_not_json_names_the_line(saved):
    rows = lines(saved)
    rows[4] = "{this is not json"
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 5: not JSON") as caught:
        read_log(saved, get_game)
    assert caught.value.line == 5


def test_unknown_event_type_names_the_line(saved):
    rows = lines(saved)
    record = json.loads(rows[3])
    record["type"] = "DragonSummoned"
    rows[3] = json.dumps(record)
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 4: unknown event type 'DragonSummoned'"):
        read_log(saved, get_game)


def test_an_event_illegal_in_its_position_names_the_line(saved):
    rows = lines(saved)
    record = json.loads(rows[2])  # the first placement
    record["data"]["floor"] = 4 if record["data"]["floor"] != 4 else 3
    rows[2] = json.dumps(record)
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 3: FigurePlaced is not what move") as caught:
        read_log(saved, get_game)  # it parses, but is not what that move produces: every load checks
    assert caught.value.line == 3


def test_a_move_the_rules_forbid_names_the_line(saved):
    rows = lines(saved)
    record = json.loads(rows[2])
    record["move"] = "A9"
    rows[2] = json.dumps(record)
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 3: move 'A9' is illegal in its position"):
        verify(GAME, read_log(saved, get_game))


def test_a_newer_format_version_is_refused(saved):
    rows = lines(saved)
    header = json.loads(rows[0])
    header["format_version"] = 99
    rows[0] = json.dumps(header)
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 1: save format version 99"):
        read_log(saved, get_game)


def test_a_newer_event_schema_is_refused(saved):
    rows = lines(saved)
    record = json.loads(rows[2])
    record["v"] = 7
    rows[2] = json.dumps(record)
    write(saved, rows)
    with pytest.raises(LogError, match=r"line 3: .*schema version 7"):
        read_log(saved, get_game)


def test_a_different_game_is_refused(saved):
    with pytest.raises(LogError, match="this is a king-up game, not carcassonne-castle"):
        read_log(saved, get_game, expect_game="carcassonne-castle")
    rows = lines(saved)
    header = json.loads(rows[0])
    header["game"] = "chess"
    rows[0] = json.dumps(header)
    write(saved, rows)
    with pytest.raises(LogError, match="unknown game 'chess'"):
        read_log(saved, get_game)


def test_not_a_save_file_at_all(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n")
    with pytest.raises(LogError, match="line 1"):
        read_log(path, get_game)


def test_a_last_line_cut_off_mid_write_is_recovered_with_a_warning(saved):
    complete = read_log(saved, get_game).entries
    last_act = complete[-1].act
    saved.write_text(saved.read_text("utf-8")[:-25], "utf-8")  # the crash came mid-line
    loaded = read_log(saved, get_game)
    assert "cut off" in loaded.warning and "written only in part" in loaded.warning
    # The last move's events were cut short, so the whole move is dropped: no half-applied action.
    assert loaded.entries == tuple(e for e in complete if e.act < last_act)
    verify(GAME, loaded)


def test_a_batch_cut_short_in_the_middle_of_the_file_is_an_error(saved):
    rows = lines(saved)
    # Drop the reveal that follows a batch's first line somewhere in the middle of the file.
    index = next(i for i, r in enumerate(rows) if '"n":' in r and json.loads(r)["n"] > 1 and i > 20)
    del rows[index + 1]
    write(saved, rows)
    with pytest.raises(LogError, match="stops short of the"):
        read_log(saved, get_game)


def test_continuing_a_recovered_game_appends_after_whole_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    match = Match.new(GAME, GameConfig(3), [Seat("A"), Seat("B"), Seat("C")], 3, path=path, durable=False)
    match.play(match.state.turn, "A1")
    match.close()
    path.write_text(path.read_text()[:-10])  # cut the placement
    resumed, warning = Match.load(path, get_game, durable=False)
    assert warning and len(resumed.entries) == 1
    resumed.play(resumed.state.turn, "B2")
    resumed.close()
    again = read_log(path, get_game)
    assert again.warning is None and [e.move for e in again.entries][-1] == "B2"


def test_undo_lines_are_folded_away_on_load(tmp_path):
    path = tmp_path / "u.jsonl"
    seats = [Seat("Ann"), Seat("Bot", "bot:random"), Seat("Bot2", "bot:random")]
    match = Match.new(GAME, GameConfig(3), seats, 9, path=path, durable=False)
    first = match.state.turn
    while match.state.turn != 0:  # let the bots place until it is Ann's turn
        s = match.state.turn
        match.submit(s, match.legal_actions(s)[0])
    free = next(i for i, fl in enumerate(match.state.floors) if fl == -1 and i != 9)
    letter = "ABCDEFGILMNOP"[free]
    match.play(0, f"{letter}4")
    match.undo(0)
    match.play(0, f"{letter}3")
    loaded = read_log(path, get_game)
    assert [e.move for e in loaded.entries if e.move][-1] == f"{letter}3"
    assert f"{letter}4" not in [e.move for e in loaded.entries]
    assert verify(GAME, loaded) == match.state
    assert first is not None
