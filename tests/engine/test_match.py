"""Match: turn ownership, subscribers, undo policy, and the replay cursor."""

from __future__ import annotations


import pytest

from engine.core import GameConfig, IllegalAction, Match, ReplayCursor, Seat
from engine.core.selfplay import play_out
from engine.games.king_up import GAME


def humans(n):
    return [Seat(f"H{i}") for i in range(n)]


def test_only_a_seat_that_owes_an_action_may_act():
    match = Match.new(GAME, GameConfig(3), humans(3), 1)
    wrong = (match.state.turn + 1) % 3
    with pytest.raises(IllegalAction, match="not your turn"):
        match.play(wrong, "A1")
    assert len(match.entries) == 1  # nothing was logged


def test_subscribers_hear_every_change_and_can_leave():
    match = Match.new(GAME, GameConfig(3), humans(3), 1)
    heard = []
    leave = match.subscribe(lambda m, change: heard.append((change.kind, change.seat)))
    seat = match.state.turn
    match.play(seat, "A1")
    match.undo(seat)
    leave()
    match.play(seat, "B1")
    assert heard == [("action", seat), ("undo", seat)]


def test_players_take_back_their_own_move_until_someone_else_moves():
    match = Match.new(GAME, GameConfig(3), humans(3), 1)
    a = match.state.turn
    match.play(a, "A1")
    assert match.can_undo(a)
    b = match.state.turn
    assert not match.can_undo(b)
    assert "no move to take back" in match.can_undo(b).reason
    match.play(b, "B1")
    check = match.can_undo(a)
    assert not check and "has moved since" in check.reason
    match.undo(b)
    assert match.state.floors[1] == -1


def test_a_bots_reply_counts_as_a_reveal_so_taking_it_back_is_for_practice_games():
    seats = [Seat("Me"), Seat("B1", "bot:random"), Seat("B2", "bot:random")]
    match = Match.new(GAME, GameConfig(3), seats, 4)
    while match.state.turn != 0:
        s = match.state.turn
        match.submit(s, match.legal_actions(s)[0])
    match.submit(0, match.legal_actions(0)[-1])
    assert match.can_undo(0)  # nobody has replied yet
    s = match.state.turn
    match.submit(s, match.legal_actions(s)[0])
    check = match.can_undo(0)
    assert not check and "only for practice games" in check.reason


def test_in_practice_games_the_human_takes_back_the_bots_replies_too():
    seats = [Seat("Me"), Seat("B1", "bot:random"), Seat("B2", "bot:random")]
    match = Match.new(GAME, GameConfig(3, {"practice"}), seats, 4)
    while match.state.turn != 0:
        s = match.state.turn
        match.submit(s, match.legal_actions(s)[0])
    before = match.state
    match.submit(0, match.legal_actions(0)[-1])
    for _ in range(2):
        s = match.state.turn
        match.submit(s, match.legal_actions(s)[0])
    assert match.state.turn == 0 and match.can_undo(0)
    match.undo(0)
    assert match.state == before


def test_never_past_a_revealed_vote_unless_practice():
    for variants, allowed in ((frozenset(), False), (frozenset({"practice"}), True)):
        seats = [Seat("Me"), Seat("B1", "bot:random"), Seat("B2", "bot:random")]
        match = Match.new(GAME, GameConfig(3, variants), seats, 4)
        # Play until the human has voted and the votes were revealed.
        while True:
            s = min(match.to_act)
            legal = match.legal_actions(s)
            events = match.submit(s, legal[-1] if s else legal[0])
            if any(type(e).__name__ == "VotesRevealed" for e in events) and s != 0:
                break
        check = match.can_undo(0)
        assert bool(check) == allowed, check.reason
        if not allowed:
            assert "revealed" in check.reason or "only for practice games" in check.reason


def test_the_cursor_steps_seeks_and_jumps_by_round():
    match = play_out(GAME, 4, ["random"] * 4, seed=2)
    cursor = ReplayCursor(GAME, match.header.config, match.events)
    cursor.end()
    assert cursor.state == match.state
    cursor.seek(100)
    state100 = cursor.state
    cursor.start()
    cursor.forward(100)
    assert cursor.state == state100
    cursor.back(100)
    assert cursor.position == 0
    rounds = cursor.boundaries("round")
    assert len(rounds) == 3
    cursor.next_boundary("round")
    cursor.next_boundary("round")
    assert rounds[0] == 0 and cursor.position == rounds[2]  # round 1 starts at the very beginning
    cursor.previous_boundary("round")
    assert cursor.position == rounds[1]


def test_random_seeks_land_on_the_folded_state():
    match = play_out(GAME, 6, ["random"] * 6, seed=8)
    cursor = ReplayCursor(GAME, match.header.config, match.events)
    for target in (250, 3, 180, 181, 0, len(match.events), 64, 129):
        cursor.seek(target)
        expected = GAME.initial_state(match.header.config)
        for ev in match.events[:target]:
            expected = GAME.evolve(expected, ev)
        assert cursor.state == expected


def test_every_game_offers_practice_undo_past_a_draw():
    from engine.games import all_games

    for game in all_games():
        assert "practice" in {v.key for v in game.variants}, game.id
    from engine.games.carcassonne_castle import GAME as CASTLE

    for variants, allowed in ((frozenset(), False), (frozenset({"practice"}), True)):
        match = Match.new(CASTLE, GameConfig(2, variants), [Seat("Me"), Seat("Bot", "bot:random")], 5)
        first = match.state
        match.submit(0, match.legal_actions(0)[0])  # laying a card draws the next one: a reveal
        s = min(match.to_act)
        match.submit(s, match.legal_actions(s)[0])
        check = match.can_undo(0)
        assert bool(check) == allowed, check.reason
        if allowed:
            match.undo(0)
            assert match.state == first
