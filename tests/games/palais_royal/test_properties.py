"""Random legal Palais Royal games to the end: components conserved, replay equals live play, and no
view shows what its seat may not know."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameConfig, Match, Seat, read_log, replay
from engine.games import get_game
from engine.games.palais_royal import GAME
from engine.games.palais_royal.catalog import GOLD, NOBLE_COUNT, PRIVILEGES, SERVANTS
from engine.games.palais_royal.state import FREE, OVER


def check_invariants(state) -> None:
    n = state.players
    for s in range(n):  # servants: supply + rooms + park + general supply = 25 per colour
        total = state.supply[s] + sum(r[s] for r in state.rooms) + state.marks.count(s) + state.reserve[s]
        assert total == SERVANTS, (s, total)
        assert state.supply[s] >= 0 and state.reserve[s] >= 0 and all(r[s] >= 0 for r in state.rooms)
    assert sum(state.gold) + state.bank == GOLD and state.bank >= 0 and min(state.gold) >= 0
    nobles = [x for x in state.park if x != FREE] + list(state.box) + [x for t in state.nobles for x in t]
    assert sorted(nobles) == list(range(NOBLE_COUNT))
    cards = (
        len(state.deck)
        + len(state.discard)
        + sum(map(len, state.hands))
        + sum(map(len, state.honours))
        + len(state.drawn)
        + (1 if state.favour else 0)
    )
    assert cards == 4 * len(PRIVILEGES)
    assert all(m == FREE or state.park[i] == FREE for i, m in enumerate(state.marks))


def play_random(seed: int, players: int, check: bool = True):
    config = GameConfig(players, frozenset({"first-game"}) if seed % 5 == 0 else frozenset())
    state = GAME.initial_state(config)
    events = GAME.setup(config, random.Random(seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    rng = random.Random(seed)
    while state.phase != OVER:
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        new = GAME.decide(state, seat, rng.choice(legal), rng)
        for ev in new:
            state = GAME.evolve(state, ev)
        events += new
        if check:
            check_invariants(state)
    return config, state, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_components_and_replay_to_the_same_state(players):
    for seed in range(60):
        config, state, events = play_random(seed, players)
        assert replay(GAME, config, events) == state
        result = GAME.result(state)
        assert result.finished and result.winners
        assert state.final.totals == tuple(
            a + b + c + d
            for a, b, c, d in zip(state.final.nobles, state.final.played, state.final.hands, state.final.park)
        )


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_games(players):
    for seed in range(1000, 2000):
        play_random(seed, players)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.data())
def test_hypothesis_chosen_games_finish_and_round_trip_through_a_save_file(tmp_path_factory, players, data):
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    match = Match.new(GAME, GameConfig(players), [Seat(f"P{i}") for i in range(players)], 11, path=path, durable=False)
    while not match.finished:
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.submit(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    match.close()
    loaded = read_log(path, get_game)
    assert [e.event for e in loaded.entries] == match.events
    assert replay(GAME, loaded.header.config, [e.event for e in loaded.entries]) == match.state


def test_no_view_changes_when_hidden_things_are_redrawn():
    """Other hands, another player's drawn cards, face-down nobles, the box and the deck order."""
    changed = 0
    for seed in range(40):
        players = 2 + seed % 3
        config = GameConfig(players)
        state = GAME.initial_state(config)
        for ev in GAME.setup(config, random.Random(seed)):
            state = GAME.evolve(state, ev)
        rng = random.Random(seed)
        stop = rng.randrange(50, 600)
        for _ in range(stop):
            if state.phase == OVER:
                break
            seat = min(GAME.to_act(state))
            for ev in GAME.decide(state, seat, rng.choice(list(GAME.legal_actions(state, seat))), rng):
                state = GAME.evolve(state, ev)
        for seat in [*range(players), None]:
            other = GAME.resample_hidden(state, seat, random.Random(seed + 1))
            check_invariants(other)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            changed += other != state
    assert changed > 50  # resampling really redraws something


def test_views_hide_the_deck_the_box_and_other_hands():
    _, state, _ = play_random(3, 3, check=False)
    view = GAME.view(state, 0)
    assert isinstance(view.deck, int) and not hasattr(view, "box")
    assert view.my_drawn == ()
