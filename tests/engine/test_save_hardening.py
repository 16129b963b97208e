"""Save files that never lose or change a game (issue 8): each test is one way a file was lost,
changed or trusted, and what happens now."""

from __future__ import annotations

import json
import os

import pytest

from engine.core import (
    GameConfig,
    IllegalAction,
    LogError,
    Match,
    ReplayCursor,
    Seat,
    read_log,
)
from engine.core.log import SaveFailed, SaveInUse, recover
from engine.games import get_game
from engine.games.king_up import GAME

SEATS = [Seat("Ann"), Seat("Ben"), Seat("Cid")]


def new_game(tmp_path, moves=6, seats=SEATS, variants=frozenset(), name="g.jsonl"):
    path = tmp_path / name
    match = Match.new(GAME, GameConfig(3, variants), seats, 5, path=path, durable=False)
    for _ in range(moves):
        seat = min(match.to_act)
        match.submit(seat, match.legal_actions(seat)[0])
    return match, path


def rows(path):
    return path.read_text("utf-8").splitlines()


def write_rows(path, lines):
    path.write_text("".join(x + "\n" for x in lines), "utf-8")


# -- 1. continue after a cut line ------------------------------------------------------------
@pytest.mark.parametrize("cut", [1, 12])  # just the newline; part of the line too
def test_continuing_a_file_cut_mid_line_first_makes_its_end_whole(tmp_path, cut):
    match, path = new_game(tmp_path)
    match.close()
    before = read_log(path, get_game).entries
    path.write_bytes(path.read_bytes()[:-cut])
    checked = read_log(path, get_game).warning
    resumed, warning = Match.load(path, get_game, durable=False)
    assert warning == checked and "cut off" in warning
    seat = min(resumed.to_act)
    resumed.submit(seat, resumed.legal_actions(seat)[0])
    resumed.close()
    again = read_log(path, get_game)
    assert again.warning is None
    assert again.entries[: len(before) - 1] == before[: len(before) - 1]


# -- 3. one game open twice ------------------------------------------------------------------
def test_a_game_open_for_play_is_locked_against_a_second_writer(tmp_path):
    match, path = new_game(tmp_path)
    with pytest.raises(SaveInUse, match="open elsewhere"):
        Match.load(path, get_game)
    assert read_log(path, get_game).entries == tuple(match.entries)  # reading is fine
    match.close()
    again, _ = Match.load(path, get_game, durable=False)
    again.close()


def test_a_new_game_never_writes_into_an_existing_save(tmp_path):
    _, path = new_game(tmp_path)
    with pytest.raises(LogError, match="already holds a game"):
        Match.new(GAME, GameConfig(3), SEATS, 1, path=path)


# -- 4 and 5. recovery ------------------------------------------------------------------------
def test_recovering_twice_never_overwrites_the_first_copy(tmp_path):
    match, path = new_game(tmp_path, moves=10)
    match.close()
    lines = rows(path)
    lines[8] = lines[8].replace('"act"', '"akt"')
    write_rows(path, lines)
    original = path.read_bytes()
    first = recover(path, get_game)
    second = recover(path, get_game)
    assert first != second and first.exists() and second.exists()
    assert first.name == "g.recovered.jsonl" and path.read_bytes() == original
    assert read_log(first, get_game).entries == read_log(second, get_game).entries


def test_recovery_keeps_only_whole_verified_moves_before_the_first_bad_line(tmp_path):
    match, path = new_game(tmp_path, moves=40)
    match.close()
    lines = rows(path)
    # A duplicated line inside a batch: everything from that batch on is dropped.
    at = next(i for i, x in enumerate(lines) if i > 10 and json.loads(x).get("n", 1) > 1)
    act = json.loads(lines[at])["act"]
    lines.insert(at + 1, lines[at])  # the batch's first line again, inside the batch
    write_rows(path, lines)
    with pytest.raises(LogError) as caught:
        read_log(path, get_game)
    assert caught.value.line == at + 2  # the duplicate itself (the batch starts on line at + 1)
    copy = read_log(recover(path, get_game), get_game)
    assert copy.warning is None and copy.entries[-1].act == act - 1
    assert copy.entries == tuple(e for e in match.entries if e.act < act)


@pytest.mark.parametrize("where", ["first line of a move", "inside a move", "last line"])
def test_recovery_keeps_the_whole_moves_before_a_byte_that_is_no_utf8(tmp_path, where):
    """One invalid byte made recovery keep nothing: the whole file was refused as text."""
    match, path = new_game(tmp_path, moves=40)
    match.close()
    data = path.read_bytes().split(b"\n")[:-1]
    records = [json.loads(x) for x in data[1:]]
    if where == "last line":
        bad = len(data) - 1
    else:
        starts = [i + 1 for i, r in enumerate(records) if i > 10 and r.get("n", 1) > 1]
        bad = starts[0] + (1 if where == "inside a move" else 0)
    first_act_lost = records[bad - 1]["act"]
    data[bad] = data[bad][:-3] + b"\xff" + data[bad][-3:]
    path.write_bytes(b"".join(x + b"\n" for x in data))
    with pytest.raises(LogError) as caught:
        read_log(path, get_game)
    assert caught.value.line == bad + 1 and "not UTF-8" in str(caught.value)
    copy = read_log(recover(path, get_game), get_game)
    assert copy.warning is None
    assert copy.entries == tuple(e for e in match.entries if e.act < first_act_lost)
    assert len(copy.entries) > 10


def test_a_header_that_is_no_utf8_cannot_be_recovered(tmp_path):
    match, path = new_game(tmp_path, moves=3)
    match.close()
    path.write_bytes(path.read_bytes().replace(b"Ann", b"A\xffn", 1))
    with pytest.raises(LogError, match="line 1: not UTF-8"):
        recover(path, get_game)


# -- 6. every load checks the moves ----------------------------------------------------------
def test_every_load_path_refuses_an_altered_event(tmp_path, capsys):
    match, path = new_game(tmp_path, moves=12)
    match.close()
    lines = rows(path)
    i, record = next((i, json.loads(x)) for i, x in enumerate(lines) if '"FigurePlaced"' in x)
    record["data"]["floor"] = 1 + record["data"]["floor"] % 4
    lines[i] = json.dumps(record)
    write_rows(path, lines)
    for load in (lambda: read_log(path, get_game), lambda: Match.load(path, get_game, durable=False)):
        with pytest.raises(LogError) as caught:
            load()
        assert caught.value.line == i + 1
    from engine.cli import main

    for args in (["replay", str(path), "--text"], ["replay", str(path), "--json"], ["check", str(path)]):
        assert main(args) == 1
        assert f"line {i + 1}:" in capsys.readouterr().err


def test_the_replay_cursor_of_a_loaded_file_ends_on_the_verified_state(tmp_path):
    match, path = new_game(tmp_path, moves=20)
    cursor, loaded = ReplayCursor.open(path, get_game)
    assert cursor.end() == loaded.state == match.state
    assert cursor.seek(5) == ReplayCursor(GAME, loaded.header.config, [e.event for e in loaded.entries]).seek(5)
    lines = rows(path)
    lines[-1] = lines[-1].replace('"by":', '"by":1,"x":')
    write_rows(path, lines)
    with pytest.raises(LogError, match=f"line {len(lines)}"):
        ReplayCursor.open(path, get_game)


# -- 7. headers and undo lines are checked ----------------------------------------------------
@pytest.mark.parametrize(
    "change, message",
    [
        (lambda h: h["seats"].pop(), "need 3 seats"),
        (lambda h: h["seats"][1].update(kind="bot:genius"), "not a person or one of the bots"),
        (lambda h: h["config"]["variants"].append("turbo"), "no variant 'turbo'"),
        (lambda h: h["config"].update(players=7), "for 3–6 players"),
        (lambda h: h["config"].update(players=0), "for 3–6 players"),
        (lambda h: h.update(seed=1e999), "Infinity is not a number"),
        (lambda h: h.update(seed="00" * 31), "seed"),
        (lambda h: h.update(surprise=1), "unknown field"),
    ],
)
def test_a_header_that_does_not_fit_the_game_is_refused(tmp_path, change, message):
    match, path = new_game(tmp_path)
    match.close()
    lines = rows(path)
    header = json.loads(lines[0])
    change(header)
    lines[0] = json.dumps(header)
    write_rows(path, lines)
    with pytest.raises(LogError, match=message) as caught:
        read_log(path, get_game)
    assert caught.value.line == 1


def test_a_variant_added_to_the_header_afterwards_no_longer_deals_its_own_setup(tmp_path):
    match, path = new_game(tmp_path)
    match.close()
    lines = rows(path)
    header = json.loads(lines[0])
    header["config"]["variants"] = ["practice"]  # would relax undo
    lines[0] = json.dumps(header)
    write_rows(path, lines)
    with pytest.raises(LogError, match="line 2: .* is not what the set-up produces"):
        read_log(path, get_game)


def _bot_game(tmp_path, variants=frozenset()):
    seats = [Seat("Me"), Seat("B1", "bot:random"), Seat("B2", "bot:random")]
    match = Match.new(GAME, GameConfig(3, variants), seats, 4, path=tmp_path / "b.jsonl", durable=False)
    while 0 not in match.to_act:
        s = min(match.to_act)
        match.submit(s, match.legal_actions(s)[0])
    match.submit(0, match.legal_actions(0)[0])
    s = min(match.to_act)
    match.submit(s, match.legal_actions(s)[0])  # a bot replies
    return match


def test_an_undo_line_the_policy_forbids_is_refused(tmp_path):
    match = _bot_game(tmp_path)
    assert not match.can_undo(0)
    match.close()
    path = tmp_path / "b.jsonl"
    target = max(e.act for e in match.entries if e.by == 0)
    with path.open("a") as f:
        f.write(json.dumps({"undo": target, "by": 0}) + "\n")
    with pytest.raises(LogError, match="undo to action .* is not allowed: .*only for practice games") as caught:
        read_log(path, get_game)
    assert caught.value.line == len(rows(path))


def test_an_undo_line_the_policy_allows_is_folded_away(tmp_path):
    match = _bot_game(tmp_path, frozenset({"practice"}))
    match.undo(0)
    match.close()
    loaded = read_log(tmp_path / "b.jsonl", get_game)
    assert loaded.entries == tuple(match.entries) and loaded.state == match.state


def test_an_undo_after_the_game_ended_is_refused(tmp_path):
    from engine.core.selfplay import play_out

    path = tmp_path / "done.jsonl"
    match = play_out(GAME, 3, ["random"] * 3, seed=2, path=path)
    last = match.entries[-1]
    with path.open("a") as f:
        f.write(json.dumps({"undo": last.act, "by": last.by}) + "\n")
    with pytest.raises(LogError, match="the game is over"):
        read_log(path, get_game)


# -- 8. header and set-up in one write --------------------------------------------------------
def test_header_and_setup_are_one_write(tmp_path, monkeypatch):
    from engine.core import log

    writes = []
    real = log.LogWriter._write
    monkeypatch.setattr(log.LogWriter, "_write", lambda self, lines: (writes.append(len(lines)), real(self, lines)))
    Match.new(GAME, GameConfig(3), SEATS, 1, path=tmp_path / "one.jsonl", durable=False).close()
    assert writes == [1 + len(read_log(tmp_path / "one.jsonl", get_game).entries)]


def test_a_header_without_its_setup_starts_again_from_the_header(tmp_path):
    match, path = new_game(tmp_path, moves=0)
    match.close()
    setup = read_log(path, get_game).entries
    write_rows(path, rows(path)[:1])
    loaded = read_log(path, get_game)
    assert "set-up was never written" in loaded.warning and loaded.entries == setup
    resumed, warning = Match.load(path, get_game, durable=False)
    seat = min(resumed.to_act)
    resumed.submit(seat, resumed.legal_actions(seat)[0])
    resumed.close()
    assert read_log(path, get_game).warning is None


# -- 9. files the program cannot use ----------------------------------------------------------
@pytest.mark.parametrize(
    "damage, line, message",
    [
        (lambda b: b.replace(b"Ann", b"An\xff", 1), 1, "not UTF-8"),
        (lambda b: b"\xef\xbb\xbf" + b, 1, "byte-order mark"),
        (lambda b: b + b"\n", 5, "blank"),
        (lambda b: b + b"[" * 100_000 + b"]" * 100_000 + b"\n", 5, "nested too deeply"),
        (lambda b: b + b'{"act":2,"n":1e999}\n', 5, "out of range"),
        (lambda b: b + b'{"act":NaN}\n', 5, "NaN"),
        (lambda b: b + b'{"act":' + b"9" * 5000 + b"}\n", 5, "digits|integer"),
    ],
)
def test_a_file_the_program_cannot_use_names_its_line_briefly(tmp_path, damage, line, message):
    match, path = new_game(tmp_path, moves=2)
    match.close()
    assert len(rows(path)) == 4
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(LogError, match=message) as caught:
        read_log(path, get_game)
    assert caught.value.line == line
    assert len(str(caught.value)) < 200  # never the bad data itself


def test_a_fifo_and_a_device_are_refused_without_hanging(tmp_path):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero"):
        with pytest.raises(LogError, match="not a regular file"):
            read_log(path, get_game)
        with pytest.raises(LogError):
            Match.load(path, get_game)


def test_a_50_mb_line_is_named_not_read_into_a_game(tmp_path):
    match, path = new_game(tmp_path, moves=2)
    match.close()
    with path.open("ab") as f:
        f.write(b'{"act":2,"move":"' + b"x" * 50_000_000 + b'"}\n')
    with pytest.raises(LogError, match="line 5 is 50,000,0.. characters long") as caught:
        read_log(path, get_game)
    assert caught.value.line == 5


# -- issue 7 §1: a write that fails raises -----------------------------------------------------
class FullDisk:
    def write(self, data):
        raise OSError(28, "No space left on device")

    def close(self):
        pass


def test_a_full_disk_stops_the_game_with_the_moves_before_it_on_disk(tmp_path):
    match, path = new_game(tmp_path, moves=3)
    saved, state = list(match.entries), match.state
    match.writer._file = FullDisk()
    seat = min(match.to_act)
    with pytest.raises(SaveFailed, match="No space left"):
        match.submit(seat, match.legal_actions(seat)[0])
    assert match.state == state and match.entries == saved
    with pytest.raises(SaveFailed):  # and it stays stopped
        match.submit(seat, match.legal_actions(seat)[0])
    assert read_log(path, get_game).entries == tuple(saved)


def test_a_removed_save_file_stops_the_game(tmp_path):
    match, path = new_game(tmp_path, moves=3)
    path.unlink()
    seat = min(match.to_act)
    with pytest.raises(SaveFailed, match="removed"):
        match.submit(seat, match.legal_actions(seat)[0])


def test_a_closed_game_refuses_moves_instead_of_dropping_them(tmp_path):
    match, path = new_game(tmp_path, moves=3)
    match.close()
    seat = min(match.to_act)
    with pytest.raises(LogError, match="closed"):
        match.submit(seat, match.legal_actions(seat)[0])
    with pytest.raises(LogError):
        match.writer.write_undo(1, 0)


def test_a_new_match_checks_its_seats_against_the_game():
    with pytest.raises(IllegalAction, match="not a person or one of the bots"):
        Match.new(GAME, GameConfig(3), [Seat("A"), Seat("B", "bot:genius"), Seat("C")], 1)


def test_a_file_of_endless_undos_is_bounded_not_a_hang(tmp_path):
    import time

    from engine.core.replayer import MAX_UNDOS

    match, path = new_game(tmp_path, moves=1)
    match.close()
    move, by = rows(path)[-1], match.entries[-1].by
    undo = json.dumps({"undo": 1, "by": by})
    with path.open("a") as f:
        f.write(f"{undo}\n{move}\n" * (MAX_UNDOS - 1))
    started = time.process_time()
    assert read_log(path, get_game).entries == tuple(match.entries)
    assert time.process_time() - started < 5
    with path.open("a") as f:
        f.write(f"{undo}\n{move}\n" * 2)
    with pytest.raises(LogError, match="undo lines"):
        read_log(path, get_game)


def test_a_forked_child_does_not_keep_the_game_locked(tmp_path):
    match, path = new_game(tmp_path, moves=1)
    ready, tell = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child (say, a bot worker) lives on after the parent closes the game
        import time

        os.write(tell, b"!")  # its fork handlers have run
        time.sleep(1.0)
        os._exit(0)
    try:
        os.read(ready, 1)
        match.close()
        again, _ = Match.load(path, get_game, durable=False)  # not "open elsewhere"
        again.close()
    finally:
        os.waitpid(pid, 0)
