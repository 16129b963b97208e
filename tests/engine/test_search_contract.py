"""Every registered game's determinizer: the state it draws looks, to the seat, exactly like
the view it was drawn from, at random positions of random games."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMove
from engine.core.game import GameConfig, rng_for, secret_from
from engine.games import all_games

GAMES = list(all_games())
# The view of Between Two Castles does not say which of an owner's castles its first room went
# to while the second waits; its determinizer guesses, so the legal moves may differ there.
GUESSED_LEGAL = {"between-two-castles"}


def positions(game, players: int, seed: int, every: int = 3, variants: frozenset[str] = frozenset()):
    """Positions along one random game (every ``every``-th decision), with the seat to act."""
    rng = random.Random(seed)
    config = GameConfig(players, variants)
    state = game.initial_state(config)
    for ev in game.setup(config, rng_for(secret_from(seed), 0)):
        state = game.evolve(state, ev)
    for step in range(2000):
        seats = game.to_act(state)
        if not seats:
            return
        seat = min(seats)
        if step % every == 0:
            yield state, seat
        legal = list(game.legal_actions(state, seat))
        for ev in game.decide(state, seat, rng.choice(legal), rng_for(secret_from(seed), step + 1)):
            state = game.evolve(state, ev)


def player_counts(game):
    return sorted({game.min_players, game.max_players})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinized_state_shows_the_same_view(game):
    rng = random.Random(1)
    checked = 0
    for players in player_counts(game):
        for seed in range(2):
            for state, seat in positions(game, players, seed):
                view = game.view(state, seat)
                drawn = game.determinize(view, rng)
                assert game.view(drawn, seat) == view
                if game.id not in GUESSED_LEGAL:
                    assert set(game.legal_actions(drawn, seat)) == set(game.legal_actions(state, seat))
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinizer_in_every_variant(game):
    rng = random.Random(2)
    for variant in game.variants:
        if variant.key == "practice":
            continue
        for players in player_counts(game):
            try:
                states = list(positions(game, players, 5, every=5, variants=frozenset({variant.key})))
            except IllegalMove:
                continue  # the variant is not for this many players
            for state, seat in states:
                view = game.view(state, seat)
                assert game.view(game.determinize(view, rng), seat) == view
