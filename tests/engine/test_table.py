"""The table: it outlives its screens, owns the bots, tells each subscriber only its own view,
and never loses a move silently."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, GameStopped, Match, Seat, Table, TableHost, read_log
from engine.games import get_game

from ..waiting import until

KING_UP = get_game("king-up")
SEATS = [Seat("Ann"), Seat("Bot A", "bot:greedy"), Seat("Bot B", "bot:random")]


def new_match(tmp_path, seats=SEATS, seed=5) -> Match:
    return Match.new(KING_UP, GameConfig(len(seats)), seats, seed, path=tmp_path / "g.jsonl", durable=False)


async def until_human(table: Table) -> None:
    while True:
        await table.settled()
        if table.finished or any(not table.seats[s].is_bot for s in table.to_act):
            return


async def test_bots_play_their_turns_without_any_screen(tmp_path):
    match = new_match(tmp_path)
    table = Table(match)
    table.drive_bots()
    await until_human(table)
    assert 0 in table.to_act
    table.submit(0, table.legal_actions(0)[0])
    await until_human(table)
    assert 0 in table.to_act or table.finished
    assert len(read_log(tmp_path / "g.jsonl", get_game).entries) == table.version


async def test_a_screen_detaching_leaves_the_game_and_its_file_open(tmp_path):
    table = Table(new_match(tmp_path))
    first = table.attach(0, lambda u: None)
    await until_human(table)
    first.detach()
    assert not table.closed and table.attached == 0
    table.submit(0, table.legal_actions(0)[0])  # still written: the table owns the writer
    await until_human(table)
    assert len(read_log(tmp_path / "g.jsonl", get_game).entries) == table.version


async def test_each_subscriber_gets_its_own_view_and_no_events(tmp_path):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid")]
    table = Table(new_match(tmp_path, seats))
    got: dict = {0: [], 1: [], None: []}
    for seat in got:
        table.attach(seat, got[seat].append)
    mover = min(table.to_act)
    table.submit(mover, table.legal_actions(mover)[0])
    for seat, updates in got.items():
        (update,) = updates
        assert update.kind == "moved" and update.view == table.view(seat)
        assert all(step.view.seat == seat for step in update.steps)
        assert all(isinstance(step.kind, str) for step in update.steps)
        assert [line.text for line in update.lines] == [line.text for line in table.move_lines()[-len(update.lines) :]]
    assert got[0][0].view.my_goal is not None and got[None][0].view.my_goal is None


async def test_a_failed_write_stops_the_game_with_a_message_and_keeps_what_was_played(tmp_path):
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid")]
    match = new_match(tmp_path, seats)
    table = Table(match)
    told = []
    table.attach(None, told.append)
    mover = min(table.to_act)
    table.submit(mover, table.legal_actions(mover)[0])
    on_disk = table.version
    match.writer._file = FullDisk()  # the disk fills up under the game
    mover = min(table.to_act)
    with pytest.raises(GameStopped):
        table.submit(mover, table.legal_actions(mover)[0])
    assert table.stopped and told[-1].kind == "stopped" and told[-1].message
    assert len(read_log(tmp_path / "g.jsonl", get_game).entries) == on_disk
    with pytest.raises(GameStopped):
        table.submit(mover, table.legal_actions(mover)[0] if table.legal_actions(mover) else None)


class FullDisk:
    def write(self, text):
        raise OSError(28, "No space left on device")

    flush = fileno = close = lambda self: None


async def test_undo_cancels_the_bot_that_is_about_to_reply(tmp_path):
    match = Match.new(
        KING_UP, GameConfig(3, frozenset({"practice"})), SEATS, 5, path=tmp_path / "g.jsonl", durable=False
    )
    table = Table(match, bot_delay=30.0)
    table.drive_bots()
    await until(lambda: table._bot_task is not None or 0 in table.to_act, timeout=5, what="a bot or the human")
    # the bots reach the human's turn quickly: hurried at every look
    await until(lambda: table.hurry() or 0 in table.to_act, what="the human's turn")
    before = table.version
    table.submit(0, table.legal_actions(0)[0])
    await until(lambda: table._bot_task is not None and table.version > before, what="a bot pausing before its reply")
    table.undo(0)
    assert table.version == before and table._bot_task is None and table.thinking is None
    assert 0 in table.to_act
    table.close()


async def test_the_host_gives_the_running_table_to_a_second_opener(tmp_path):
    host = TableHost(get_game, durable=False)
    path = tmp_path / "g.jsonl"
    table = host.new(KING_UP, GameConfig(3), SEATS, 5, path)
    again, warning = host.open(path)
    assert again is table and warning is None
    host.close_all()
    assert table.closed
    reopened, _ = host.open(path)
    assert reopened is not table and reopened.version == table.version
    reopened.close()


async def test_the_pause_before_a_bot_move_can_be_hurried(tmp_path):
    bots = [Seat("Bot A", "bot:random"), Seat("Bot B", "bot:random"), Seat("Bot C", "bot:random")]
    table = Table(new_match(tmp_path, bots), bot_delay=30.0)
    start = table.version
    table.drive_bots()
    await until(lambda: table._bot_task is not None, what="a bot pausing before its move")
    assert table.version == start
    table.hurry()
    await until(lambda: table.version > start, timeout=5, what="the hurried move")
    table.close()


async def test_a_vote_cast_while_a_bot_thinks_leaves_no_bot_waiting(tmp_path):
    """King Up!'s vote is simultaneous: a human voting while a bot decides makes that bot's
    answer stale. The table drops it and must start the bots that still owe a vote itself,
    with no screen attached to nudge it."""
    import random

    from engine.games.king_up import Vote

    seats = [Seat("Ann"), Seat("Bot A", "bot:greedy"), Seat("Bot B", "bot:greedy")]
    match = new_match(tmp_path, seats)
    rng = random.Random(5)
    while not any(isinstance(a, Vote) for a in match.legal_actions(0)):
        seat = min(match.to_act)
        match.submit(seat, rng.choice(list(match.legal_actions(seat))))
    table = Table(match, bot_delay=0.2)
    table.drive_bots()
    await until(lambda: table.thinking is not None, what="a bot deciding")
    table.submit(0, next(a for a in table.legal_actions(0) if isinstance(a, Vote)))
    await until(lambda: not {1, 2} & table.to_act, timeout=5, what="both bots' votes (none left waiting)")


def test_a_copy_leaves_the_game_s_own_file_the_newest(tmp_path):
    # Continue resumes the newest unfinished file: the game, not the snapshot saved beside it
    table = Table(new_match(tmp_path))
    table.save_copy(tmp_path / "copy.jsonl")
    own, copy = (tmp_path / "g.jsonl").stat(), (tmp_path / "copy.jsonl").stat()
    assert own.st_mtime_ns > copy.st_mtime_ns
    assert read_log(tmp_path / "copy.jsonl", get_game).entries == read_log(tmp_path / "g.jsonl", get_game).entries
