"""Random legal King Up! games to the end: invariants, replay, save/load and secrecy."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameConfig, Match, Seat, read_log, replay
from engine.games import get_game
from engine.games.king_up import GAME
from engine.games.king_up.catalog import ELIMINATED, FLOOR_LIMIT, NO_CARDS, OFF_BOARD, THRONE
from engine.games.king_up.events import RoundStarted, VotesRevealed
from engine.games.king_up.state import VOTING


def check_invariants(state, no_spent_this_round):
    assert len(state.floors) == 13  # figures are conserved
    assert all(fl in (OFF_BOARD, ELIMINATED) or 0 <= fl <= THRONE for fl in state.floors)
    for floor in range(1, 6):
        assert sum(1 for fl in state.floors if fl == floor) <= FLOOR_LIMIT
    assert sum(1 for fl in state.floors if fl == THRONE) <= 1
    if state.no_cards:
        full = NO_CARDS[state.players]
        assert all(0 <= n <= full for n in state.no_cards)
        # Vote cards are accounted for: every NO missing from a hand was played face up this round.
        assert [full - n for n in state.no_cards] == no_spent_this_round


def play_random(seed: int, players: int, choose=None):
    match = Match.new(GAME, GameConfig(players), [Seat(f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    spent = [0] * players
    while not match.finished:
        seat = sorted(match.to_act)[rng.randrange(len(match.to_act))]
        legal = match.legal_actions(seat)
        action = legal[choose(len(legal)) if choose else rng.randrange(len(legal))]
        for ev in match.submit(seat, action):
            if isinstance(ev, RoundStarted):
                spent = [0] * players
            if isinstance(ev, VotesRevealed):
                spent = [s + (not v) for s, v in zip(spent, ev.votes)]
        check_invariants(match.state, spent)
    return match


def _check_random_games(seeds: range) -> None:
    for seed in seeds:
        match = play_random(seed, 3 + seed % 4)
        assert replay(GAME, match.header.config, match.events) == match.state
        result = match.result
        assert result.finished and result.winners
        assert all(s >= 0 for s in result.scores)
        assert match.state.round == 3 and len(match.state.round_points) == 3


def test_random_games_keep_the_invariants_and_replay_to_the_same_state():
    # 300 a day, as the other games' property tests keep a few hundred (a thousand here was
    # the suite's third-longest test); the thousands are the long run's, below.
    _check_random_games(range(300))


@pytest.mark.slow
def test_thousands_of_random_games():
    _check_random_games(range(300, 3000))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 6), st.data())
def test_hypothesis_chosen_games_finish_and_round_trip_through_a_save_file(tmp_path_factory, players, data):
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    match = Match.new(GAME, GameConfig(players), [Seat(f"P{i}") for i in range(players)], 11, path=path, durable=False)
    while not match.finished:
        seat = data.draw(st.sampled_from(sorted(match.to_act)))
        legal = match.legal_actions(seat)
        match.submit(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    match.close()
    loaded = read_log(path, get_game)
    assert [e.event for e in loaded.entries] == match.events
    assert replay(GAME, loaded.header.config, [e.event for e in loaded.entries]) == match.state


def _secrets_changed(state, seat):
    """The same position with every other seat's secrets (goal card, pending vote) altered."""
    goals = tuple(g if s == seat else (g + 1 + s) % 26 for s, g in enumerate(state.goals))
    votes = tuple(v if s == seat or v is None else not v for s, v in enumerate(state.votes))
    return attrs.evolve(state, goals=goals, votes=votes)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 6), st.integers(0, 400))
def test_no_seat_sees_another_seats_secrets(seed, players, steps):
    match = Match.new(GAME, GameConfig(players), [Seat(f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.finished:
            break
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])
    state = match.state
    for seat in [*range(players), None]:
        altered = _secrets_changed(state, seat if seat is not None else -1)
        if state.phase != "over":
            assert GAME.view(altered, seat) == GAME.view(state, seat)
    if state.phase == VOTING and any(v is not None for v in state.votes):
        voter = next(s for s, v in enumerate(state.votes) if v is not None)
        assert GAME.view(state, voter).my_vote == state.votes[voter]


def test_every_legal_action_round_trips_through_notation():
    for seed in range(40):
        match = play_random(seed, 3 + seed % 4)
        state = GAME.initial_state(match.header.config)
        for ev in match.events:
            state = GAME.evolve(state, ev)
            for seat in GAME.to_act(state):
                for action in GAME.legal_actions(state, seat):
                    text = GAME.format_action(state, seat, action)
                    assert GAME.parse_action(state, seat, text) == action, text
