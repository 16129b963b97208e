"""The thinking bot remembers the hands it passed on: its sampled states keep them where they are,
and it never learns more than its own views showed it."""

from __future__ import annotations

import random
from itertools import combinations

from engine.core.fastattrs import replace
from engine.core.search import ThinkingBot
from engine.games.between_two_castles import GAME
from engine.games.between_two_castles.bots import GreedyBot
from engine.games.between_two_castles.memory import Memory
from engine.games.between_two_castles.state import PUBLIC, Choose

from .helpers import fresh


def _greedy_game(players: int, seed: int):
    """Every (state, seat) a seat decided at in one greedy game, each seat's Memory fed its views."""
    state, rng = fresh(players, seed), random.Random(seed)
    memories = [Memory() for _ in range(players)]
    while not GAME.result(state).finished:
        seat = min(GAME.to_act(state))
        view = GAME.view(state, seat)
        memories[seat].observe(view)
        yield state, seat, view, memories[seat]
        legal = list(GAME.legal_actions(state, seat))
        for ev in GAME.decide(state, seat, GreedyBot().choose(view, legal, rng), rng):
            state = GAME.evolve(state, ev)


def test_the_hands_passed_on_are_known_exactly_and_kept_in_the_sampled_states():
    counted = {"hands": 0, "discards": 0}
    for state, seat, view, memory in _greedy_game(5, seed=4):
        held, discards = memory.known(view)
        for p, rooms in held.items():
            assert set(rooms) == set(state.hands[p]) | set(state.chosen[p] or ())
            counted["hands"] += 1
        assert set(discards) <= {r for p, r in state.room_discards if p != PUBLIC}
        counted["discards"] += len(discards)
        if view.round == 1 and view.turn == 4 and view.phase == "choosing":
            assert len(held) == 3  # the three seats to the left hold what this seat passed on
        drawn = memory.determinize(GAME, view, random.Random(1))
        assert GAME.view(drawn, seat) == view
        for p, rooms in held.items():
            assert set(drawn.hands[p]) | set(drawn.chosen[p] or ()) == set(rooms)
    assert counted["hands"] > 100 and counted["discards"] > 100


def test_a_known_seat_that_has_chosen_holds_the_pair_greedy_chose():
    """Against greedy players the pair drawn for a seat whose hand is known is the true one, or
    one the greedy bot valued the same (it breaks such ties at random)."""
    same = tries = 0
    for state, _seat, view, memory in _greedy_game(5, seed=6):
        held, _ = memory.known(view)
        drawn = memory.determinize(GAME, view, random.Random(2))
        for p in held:
            if view.phase == "choosing" and view.chosen[p]:
                tries += 1
                same += drawn.chosen[p] == state.chosen[p]
                hands, chosen = list(state.hands), list(state.chosen)
                hands[p], chosen[p] = held[p], None
                before = GAME.view(replace(state, hands=tuple(hands), chosen=tuple(chosen)), p)
                pairs = [Choose(c) for c in combinations(sorted(held[p]), 2)]
                value = dict(zip(pairs, GreedyBot().values(before, pairs)))
                assert value[Choose(drawn.chosen[p])] == value[Choose(state.chosen[p])]
    assert tries > 20 and same > tries / 2


def test_a_memory_that_saw_nothing_samples_as_the_determinizer_does():
    state = fresh(5, seed=2)
    view = GAME.view(state, 1)
    assert Memory().known(view) == ({}, ())
    assert Memory().determinize(GAME, view, random.Random(3)) == GAME.determinize(view, random.Random(3))


def test_a_new_game_for_the_same_bot_forgets_the_old_one():
    memory = Memory()
    for _, _, view, _ in _greedy_game(5, seed=5):
        if view.seat == 0:
            memory.observe(view)
    assert memory.hands
    start = GAME.view(fresh(5, seed=6), 0)
    memory.observe(start)
    assert list(memory.hands) == [(1, 1)]


def test_the_thinking_bot_remembers_only_its_own_views():
    """Two bots fed the same views of seat 2 decide alike, whatever the others' secrets are."""
    views = []
    for state, seat, view, _ in _greedy_game(5, seed=3):
        if seat == 2 and view.round == 1 and view.turn == 3 and view.phase == "choosing":
            target = state
            break
        if seat == 2:
            views.append(view)
    other = GAME.resample_hidden(target, 2, random.Random(8))
    picks = []
    for position in (target, other):
        bot = ThinkingBot(GAME, "test", iterations=12)
        for v in views:
            bot.memory.observe(v)
        picks.append(bot.choose(GAME.view(position, 2), list(GAME.legal_actions(position, 2)), random.Random(5)))
        assert bot.memory.known(GAME.view(position, 2))[0]  # it does use what it remembers
    assert picks[0] == picks[1]
