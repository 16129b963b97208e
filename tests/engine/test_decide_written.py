"""A game's optional load shortcut, ``decide_written(state, seat, move, rng)`` (docs/protocol.md):
where it takes a text, it decides exactly what ``decide(state, seat, parse_action(...), rng)``
decides, in every position of random games; anything else it must leave to them (None)."""
from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, rng_for
from engine.core.errors import IllegalAction
from engine.core.fold import Decided
from engine.games import GAMES, get_game

SHORTCUTS = [gid for gid in GAMES if getattr(get_game(gid), "decide_written", None) is not None]


def outcome(game, state, decided):
    """The events and the state after them, whether or not the decider folded them."""
    events = list(decided)
    after = decided.after if type(decided) is Decided else None
    if after is None:
        after = state
        for ev in events:
            after = game.evolve(after, ev)
    return events, after


def general(game, state, seat, text, seed):
    """What reading the text and deciding it gives: the outcome, or the kind of refusal."""
    try:
        return outcome(game, state, game.decide(state, seat, game.parse_action(state, seat, text),
                                                random.Random(seed)))
    except IllegalAction as exc:
        return type(exc)


def check_text(game, state, seat, text) -> bool:
    """Whether the shortcut took the text (and then decided as the general path does)."""
    decided = game.decide_written(state, seat, text, random.Random(5))
    if decided is None:
        return False
    assert outcome(game, state, decided) == general(game, state, seat, text, 5), text
    return True


def positions(game, players: int, seed: int, variants=frozenset()):
    """Every position of a random game, with the seats that owe an action in it."""
    config = GameConfig(players, frozenset(variants))
    state, rng = game.initial_state(config), random.Random(seed)
    for ev in game.setup(config, rng_for(seed, 0)):
        state = game.evolve(state, ev)
    while game.to_act(state):
        yield state, sorted(game.to_act(state))
        seat = rng.choice(sorted(game.to_act(state)))
        for ev in game.decide(state, seat, rng.choice(list(game.legal_actions(state, seat))), random.Random(rng.random())):
            state = game.evolve(state, ev)


@pytest.mark.parametrize("game_id", SHORTCUTS)
def test_the_shortcut_decides_as_reading_and_deciding_do(game_id):
    game, taken = get_game(game_id), 0
    for players in range(game.min_players, game.max_players + 1):
        for state, seats in positions(game, players, seed=players):
            for seat in seats:
                for text in [game.format_action(state, seat, a) for a in game.legal_actions(state, seat)]:
                    taken += check_text(game, state, seat, text)
                    for near in (text + "0", "0" + text, text[:-1], text.upper()):
                        check_text(game, state, seat, near)
            idle = [s for s in range(-1, players + 1) if s not in seats]
            for seat in idle:  # a seat that owes nothing is the general path's to refuse
                assert game.decide_written(state, seat, text, random.Random(5)) is None
    assert taken > 50
