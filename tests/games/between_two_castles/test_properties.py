"""Random legal games to the end at 2, 3, 5 and 7 seats: every room, card, attendant and special
room accounted for, every castle connected and supported, replay equal to live play, save files,
and no view showing what its seat may not know."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameConfig, Match, Seat, read_log, replay
from engine.core.views import view_from_json, view_to_json
from engine.games import get_game
from engine.games.between_two_castles import GAME, BTCView
from engine.games.between_two_castles.catalog import (
    ATTENDANT_COPIES,
    ATTENDANT_NAMES,
    SPECIAL_COPIES,
    SPECIAL_TYPES,
    TYPE_OF,
)
from engine.games.between_two_castles.events import PairChosen
from engine.games.between_two_castles.state import OVER

SEATS = (2, 3, 5, 7)


def check_invariants(state):
    rooms = list(state.bag) + [r for h in state.hands for r in h] + [r for _, r in state.room_discards]
    rooms += [r for c in state.chosen if c for r in c] + [t.room for t in state.to_place if t.room < 147]
    rooms += list(state.ludwig_draw) + [r for r, _ in state.ludwig_tiles]
    rooms += [r for b in state.bonuses if b.kind == "food" for r in b.offer]
    rooms += [r for c in state.castles for _, _, r in c.cells if r < 147]
    assert sorted(rooms) == list(range(147)), "every normal room is somewhere, once"
    cards = list(state.deck) + [c for _, c in state.card_discards] + [c for k in state.castles for c in k.cards]
    cards += [c for b in state.bonuses if b.kind == "utility" for c in b.offer]
    assert sorted(cards) == list(range(20))
    placed = Counter(k for c in state.castles for _, _, r in c.cells for k in [TYPE_OF[r]])
    for i, kind in enumerate(SPECIAL_TYPES):
        assert placed[kind] + state.specials_left[i] == SPECIAL_COPIES[kind]
    attendants = Counter(a for c in state.castles for a in c.attendants)
    for i, name in enumerate(ATTENDANT_NAMES):
        assert attendants[name] + state.attendants_left[i] == ATTENDANT_COPIES
    assert all(c.is_sound() for c in state.castles)


def play_random(players: int, seed: int, check_every: int = 0):
    config = GameConfig(players)
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    events = GAME.setup(config, random.Random(seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    steps = 0
    while state.phase != OVER:
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = list(GAME.legal_actions(state, seat))
        new = GAME.decide(state, seat, rng.choice(legal), random.Random(seed * 1000 + steps))
        for ev in new:
            state = GAME.evolve(state, ev)
        events += new
        steps += 1
        if check_every and steps % check_every == 0:
            check_invariants(state)
    return state, events


@pytest.mark.parametrize("players", SEATS)
def test_random_games_keep_every_component_and_replay_to_the_same_state(players):
    for seed in range(40):
        state, events = play_random(players, seed, check_every=7)
        check_invariants(state)
        assert replay(GAME, GameConfig(players), events) == state
        result = GAME.result(state)
        assert result.finished and len(result.scores) == players
        assert all(c.normal_rooms >= 8 * 2 for c in state.castles)  # two rooms a turn, eight turns


@pytest.mark.slow
@pytest.mark.parametrize("players", SEATS)
def test_a_thousand_random_games(players):
    for seed in range(250):
        state, events = play_random(players, 10_000 + seed, check_every=11)
        check_invariants(state)
        assert replay(GAME, GameConfig(players), events) == state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEATS), st.data())
def test_hypothesis_chosen_games_round_trip_through_a_save_file(tmp_path_factory, players, data):
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(SEATS), st.integers(0, 150))
def test_no_view_shows_what_its_seat_may_not_know(seed, players, steps):
    config = GameConfig(players)
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(seed)):
        state = GAME.evolve(state, ev)
    for i in range(steps):
        if state.phase == OVER:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        for ev in GAME.decide(state, seat, action, random.Random(i)):
            state = GAME.evolve(state, ev)
    changed = False
    for seat in [*range(players), None]:
        view = GAME.view(state, seat)
        assert view_from_json(BTCView, view_to_json(view)) == view
        other = GAME.resample_hidden(state, seat, random.Random(seed + 1))
        assert GAME.view(other, seat) == view
        changed |= other.hands != state.hands or other.bag != state.bag
    assert changed or state.phase == OVER


def test_a_secret_choice_shows_in_the_move_list_only_as_a_choice():
    state, events = play_random(3, 5)
    chosen = [e for e in events if isinstance(e, PairChosen)]
    assert chosen and all(GAME.describe(state, e, ["A", "B", "C"]) == "chose two rooms" for e in chosen)


def test_decide_accepts_exactly_the_listed_actions():
    from engine.games.between_two_castles import Choose, Place

    rng = random.Random(3)
    for players in SEATS:
        state = GAME.initial_state(GameConfig(players))
        for ev in GAME.setup(GameConfig(players), random.Random(players)):
            state = GAME.evolve(state, ev)
        for step in range(60):
            for seat in sorted(GAME.to_act(state)) + [players - 1]:
                legal = list(GAME.legal_actions(state, seat))
                rooms = [r for h in state.hands for r in h][:6] + [t.room for t in state.to_place]
                probes = [
                    Place(
                        rng.choice(rooms or [0]),
                        rng.randrange(-1, players + 1),
                        rng.randrange(-3, 5),
                        rng.randrange(-3, 5),
                    )
                    for _ in range(30)
                ]
                probes += [Choose(tuple(sorted(rng.sample(rooms, 2)))) for _ in range(10) if len(rooms) > 1]
                probes += [Place(0.5, 0, 0, 1), Choose([1, 2]), Choose((2, 1)), "pick 1+2", None]
                for action in legal + probes:
                    assert GAME.is_legal(state, seat, action) == (action in legal), action
            if state.phase == OVER:
                break
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = rng.choice(list(GAME.legal_actions(state, seat)))
            for ev in GAME.decide(state, seat, action, random.Random(step)):
                state = GAME.evolve(state, ev)
