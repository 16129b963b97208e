"""A thinking bot keeps its time budget (issue 14: no decision over its budget plus 10 %).

The overruns measured in the arena (Castle Builder 4.8 s and 5.5 s at a second a move) were
Python's garbage collections: a full collection walks every object of the process, a long
session's caches hold hundreds of thousands, and no deadline can stop a collection in the middle
of a rollout step. The search freezes the objects made before it (engine.core.search_gc), so its
collections walk only its own.

Each test stands in for such a heap with a ballast of a million containers that the next
collection must walk, then times one decision at 0.1 s in a slow position (Castle Builder
mid-game, Between Two Castles drafting at 7 players, ...). It measures CPU time
(``time.thread_time``), not the wall clock: on a loaded 2-core machine the wall clock also counts
the time other processes ran, while the search's deadline (wall clock) only ever makes the CPU
time shorter. Allowed: the budget plus 10 % plus 30 ms (a root ranking or one rollout step past
the deadline). A collection early in the decision is absorbed by the deadline, so the test also
adds up the CPU time spent collecting during the decision: at most 20 ms (the search's own
objects); walking the ballast took 50 to 100 ms before the search froze it.
"""

from __future__ import annotations

import gc
import random
import time

import pytest

from engine.core.search import ThinkingBot
from engine.games import get_game

from .test_search import position

BUDGET = 0.1
ALLOWED = BUDGET * 1.1 + 0.03
COLLECTING = 0.02

# (game, players, random moves into the game): where decisions are slow, with many legal moves
SLOW_PLACES = [
    ("castle-builder", 3, 40),
    ("between-two-castles", 7, 2),
    ("king-up", 6, 20),
    ("palais-royal", 3, 30),
    ("carcassonne-castle", 2, 20),
]


@pytest.mark.parametrize(("game_id", "players", "moves"), SLOW_PLACES, ids=[p[0] for p in SLOW_PLACES])
def test_a_decision_keeps_its_budget_on_a_big_heap(game_id, players, moves):
    game = get_game(game_id)
    state, seat = position(game, players, 5, moves)
    legal = list(game.legal_actions(state, seat))
    assert len(legal) > 1
    view = game.view(state, seat)
    bot = ThinkingBot(game, "quick", seconds=BUDGET)
    bot.choose(view, legal, random.Random(1))  # the game's caches and imports warmed up
    gc.collect()
    collecting, began = [0.0], [0.0]

    def clock(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.thread_time()
        else:
            collecting[0] += time.thread_time() - began[0]

    gc.callbacks.append(clock)
    rng = random.Random(2)
    gc.disable()  # the ballast stays young: the decision's first collection has to walk it all
    ballast = [[i] for i in range(1_000_000)]
    try:
        started = time.thread_time()
        gc.enable()
        action = bot.choose(view, legal, rng)
        spent = time.thread_time() - started
    finally:
        gc.enable()
        gc.callbacks.remove(clock)
        del ballast
        gc.collect()
    assert action in legal
    assert collecting[0] <= COLLECTING, f"{game_id}: {collecting[0]:.3f} s collecting garbage"
    assert spent <= ALLOWED, f"{game_id}: {spent:.3f} s of CPU for a {BUDGET} s budget"
