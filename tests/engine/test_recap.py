"""The recap of what the others did since your last turn: built from the move list and the
seat's own views only, so it tells each seat what touched it and nobody another's secret."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, Match, Seat, Table
from engine.core.recap import RecapLog, recap_text
from engine.games import GAMES, get_game
from engine.games.castle_builder.recap import tile_words
from engine.games.castle_builder.view import face

NAMES = ["Ann", "Ben", "Cid"]


def open_match(tmp_path, game_id: str, seed: int, players: int = 3) -> Match:
    game = get_game(game_id)
    players = max(game.min_players, min(players, game.max_players))
    seats = [Seat(n) for n in NAMES[:players]]
    return Match.new(game, GameConfig(players), seats, seed, path=tmp_path / f"{seed}.jsonl", durable=False)


def open_table(tmp_path, game_id: str, seed: int, players: int = 3) -> Table:
    return Table(open_match(tmp_path, game_id, seed, players))


def follow(table: Table) -> dict[int, RecapLog]:
    """One recap per seat, fed every update the table sends that seat."""
    logs = {}
    for seat in range(len(table.seats)):
        logs[seat] = log = RecapLog(table.game, seat, table.move_lines(), table.view(seat), len(table.seats))
        table.attach(seat, lambda u, log=log: log.moved(u) if u.kind == "moved" else None)
    return logs


def play_until(table: Table, rng: random.Random, stop, limit: int = 3000) -> bool:
    """Random moves until ``stop()`` holds after a move (True) or the game ends (False)."""
    for _ in range(limit):
        if table.finished:
            return False
        seat = min(table.to_act)
        table.submit(seat, rng.choice(list(table.legal_actions(seat))))
        if stop():
            return True
    return False


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_recap_starts_after_the_seats_own_move_and_marks_what_names_it(tmp_path, game_id):
    table = open_table(tmp_path, game_id, 3)
    logs = follow(table)
    rng = random.Random(3)
    names = [s.name for s in table.seats]
    for _ in range(200):
        if table.finished:
            break
        seat = min(table.to_act)
        recap = logs[seat].recap()
        assert all(line.by != seat for line in recap.lines), "the seat's own moves are not news to it"
        for line in recap.touched:
            assert line.text in "\n".join(recap_text(recap, names))
        table.submit(seat, rng.choice(list(table.legal_actions(seat))))
        assert not logs[seat].recap().lines or seat not in table.to_act or table.finished


def test_a_robbery_tells_the_victim_which_tile_and_an_onlooker_only_that_it_happened(tmp_path):
    for seed in range(40):
        match = open_match(tmp_path, "castle-builder", seed)
        table = Table(match)
        logs = follow(table)

        def stolen(match=match):  # the referee's record, which only the test reads
            return next((e.event for e in match.entries if type(e.event).__name__ == "TileStolen"), None)

        if not play_until(table, random.Random(seed), lambda: stolen() is not None):
            continue
        theft = stolen()
        (onlooker,) = {0, 1, 2} - {theft.seat, theft.victim}
        told = [x.text for x in logs[theft.victim].recap().touched]
        assert f"you lost {tile_words(face(theft.tile))} from your holder" in told
        public = {line.text[11:] for line in table.move_lines()} | {line.text for line in table.move_lines()}
        extra = [x.text for x in logs[onlooker].recap().lines if x.text not in public]
        own = ", ".join(tile_words(t) for t in table.view(onlooker).holder)
        # beyond the public list, only what reached its own holder (a tower's gift), never the theft
        assert all(x.startswith("you got ") and x[8:] in own for x in extra), extra
        return
    pytest.fail("no robbery in 40 random games")


def test_a_secret_vote_stays_secret_in_the_recap(tmp_path):
    table = open_table(tmp_path, "king-up", 1)
    logs = follow(table)
    rng = random.Random(1)
    assert play_until(table, rng, lambda: table.move_lines()[-1].text.endswith("voted"))
    voter = table.move_lines()[-1].mover
    for s in {0, 1, 2} - {voter}:
        (line,) = [x for x in logs[s].recap().lines if x.by == voter and x.text == "voted"][-1:]
        assert line.text == "voted", "a vote cast is shown only as cast"


def test_a_park_row_taken_from_you_is_in_your_recap(tmp_path):
    """Palais Royal: another's servant on a border space took the top row's 6 points from you and
    the move list said only "c1: a noble, face down" (seen in tmux): the recap names the row and
    the points it pays you now, and only the player who lost them hears of it."""
    for seed in range(40):
        table = open_table(tmp_path, "palais-royal", seed)
        logs = follow(table)
        lost: list[tuple[int, str]] = []
        seen = [table.view(None)]  # the park as it stood before the last move

        def row_lost(table=table, lost=lost, before=seen):
            after = table.view(None)
            for was, row in zip(before[0].rows, after.rows):
                for seat, (old, new) in enumerate(zip(was.points, row.points)):
                    if new < old and seat not in table.to_act:
                        lost.append((seat, f"the {row.side} {row.name} pays you {new} now ({old} before)"))
            before[0] = after
            return bool(lost)

        if not play_until(table, random.Random(seed), row_lost):
            continue
        seat, note = lost[0]
        assert note in [line.text for line in logs[seat].recap().touched]
        others = [line.text for s in logs if s != seat for line in logs[s].recap().lines]
        assert note not in others
        return
    pytest.fail("no park row changed hands in 40 random games")


def test_a_candidate_of_your_card_voted_out_is_in_your_recap_and_nobody_elses(tmp_path):
    """King Up! (issue 31): another's move that puts a candidate of your secret card out for the
    round touches you; the same move tells an onlooker nothing more."""
    from engine.games.king_up.catalog import CANDIDATES, ELIMINATED

    table = open_table(tmp_path, "king-up", 5, players=3)
    logs = follow(table)
    rng = random.Random(5)
    out = lambda: {f for f, floor in enumerate(table.view(None).floors) if floor == ELIMINATED}  # noqa: E731
    checked = 0
    while not table.finished and checked < 3:
        before, mover = out(), min(table.to_act)
        table.submit(mover, rng.choice(list(table.legal_actions(mover))))
        for figure in out() - before:
            for seat, log in logs.items():
                if seat == mover:
                    continue
                notes = [line.text for line in log.recap().touched if "on your card" in line.text]
                mine = figure in table.view(seat).my_goal
                assert (
                    any(n.startswith(f"{CANDIDATES[figure].name}, on your card, is out for this round") for n in notes)
                    == mine
                ), notes
                checked += mine
    assert checked, "no candidate of a card was voted out in the game"
