"""What every registered game owes the core: it finishes, replays, saves, verifies and round-trips
its notation and events. New games get these checks by being registered."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, Match, Seat, read_log, replay, verify
from engine.core.selfplay import play_out
from engine.games import all_games, get_game

GAMES = [g.id for g in all_games()]


@pytest.fixture(params=GAMES)
def game(request):
    return get_game(request.param)


def test_random_games_finish_and_check_clean_from_their_save_files(game, tmp_path):
    for seed in range(5):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        path = tmp_path / f"{seed}.jsonl"
        match = play_out(game, players, ["random"] * players, seed, path=path)
        assert match.finished
        loaded = read_log(path, get_game)
        assert loaded.warning is None
        assert verify(game, loaded) == match.state
        assert replay(game, loaded.header.config, [e.event for e in loaded.entries]) == match.state


def test_every_event_round_trips_through_the_codec(game):
    match = play_out(game, game.min_players, ["random"] * game.min_players, seed=3)
    for event in match.events:
        assert game.codec.decode(game.codec.encode(event)) == event


def test_notation_round_trips_for_every_legal_action_along_a_game(game):
    match = Match.new(game, GameConfig(game.min_players), [Seat(f"P{i}") for i in range(game.min_players)], 4)
    rng = random.Random(4)
    steps = 0
    while not match.finished and steps < 400:
        for seat in sorted(match.to_act):
            for action in match.legal_actions(seat):
                text = game.format_action(match.state, seat, action)
                assert game.parse_action(match.state, seat, text) == action, text
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])
        steps += 1
