"""The thinking bots play their turns: they use what a step offers and reach a score greedy bots reach.

The bots here have a fixed number of judgements a decision (never a time budget), so every
game below is the same on any machine."""

from __future__ import annotations

import random

from engine.core import GameConfig
from engine.core.search import ThinkingBot
from engine.games.palais_royal import GAME, Done
from engine.games.palais_royal.evaluate import _GREEDY
from engine.games.palais_royal.events import NobleRecruited
from engine.games.palais_royal.state import PLAYING

ENOUGH = 10**6  # judgements: every pass of the one-move search runs to its end


def _start(players: int, seed: int):
    rng = random.Random(seed)
    config = GameConfig(players)
    state = GAME.initial_state(config)
    for event in GAME.setup(config, rng):
        state = GAME.evolve(state, event)
    return state, rng


def test_against_someone_who_only_passes_the_thinking_bots_still_use_their_steps():
    """A practice game, you against an expert and a casual bot, where you only ever pass: the
    expert passed its Gate and its moves from the first round on (at round 6 its search valued
    passing at a 48 % chance against at most 5 % for any move) and hardly anybody recruited. A
    thinking bot now passes a step only where the greedy bot sees nothing to gain in it."""
    state, rng = _start(3, 0)
    bots = {1: ThinkingBot(GAME, "expert", iterations=ENOUGH), 2: ThinkingBot(GAME, "casual", iterations=ENOUGH)}
    passed, recruited = [], 0
    while GAME.to_act(state) and state.round <= 6:
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        if seat == 0:
            action = Done() if Done() in legal else legal[0]
        elif len(legal) == 1:
            action = legal[0]
        else:
            view = GAME.view(state, seat)
            action = bots[seat].choose(view, legal, rng)
            gains = [a for a, v in zip(legal, _GREEDY.values(view, legal)) if v > 0]
            if action == Done() and state.phase == PLAYING and gains:
                passed.append((state.round, seat, state.step, gains[0]))
        for event in GAME.decide(state, seat, action, rng):
            recruited += isinstance(event, NobleRecruited)
            state = GAME.evolve(state, event)
    assert passed == []
    assert recruited >= 8, "two bots, six rounds"


def _mean_points(kinds: str, seed: int) -> tuple[float, int]:
    state, rng = _start(len(kinds), seed)
    bots = [ThinkingBot(GAME, "casual", iterations=ENOUGH) if k == "t" else GAME.bots["greedy"]() for k in kinds]
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        action = legal[0] if len(legal) == 1 else bots[seat].choose(GAME.view(state, seat), legal, rng)
        for event in GAME.decide(state, seat, action, rng):
            state = GAME.evolve(state, event)
    assert state.final is not None
    return sum(state.final.totals) / len(kinds), state.round


def test_three_thinking_bots_finish_the_game_and_score_as_greedy_bots_do():
    """Three thinking bots at one table held back until the stall safeguard: this game went on for
    33 rounds (greedy bots end it in 8) and one seat was left with 14 points. The floor is what a
    greedy-only table of the same seed reaches, less a tenth."""
    greedy, _ = _mean_points("ggg", 0)
    thinking, rounds = _mean_points("ttt", 0)
    assert thinking >= 0.9 * greedy and rounds <= 12, (thinking, greedy, rounds)
