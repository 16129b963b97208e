"""Each game's search tuning (engine/games/<pkg>/evaluate.py): found, sane mid-game, and the
Carcassonne one-move search judges every legal move once and plays the best-judged."""

from __future__ import annotations

import random

import pytest

from engine.core.search import ThinkingBot, game_tuning
from engine.games import all_games, get_game

from .test_search import position

GAMES = list(all_games())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_has_its_own_evaluation(game):
    evaluate, options, _ = game_tuning(game)
    assert evaluate is not None and isinstance(options, dict)
    bot = ThinkingBot(game, "test", iterations=5)
    assert bot.evaluate is evaluate


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_evaluation_is_a_winning_chance_mid_game(game):
    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    evaluate = game_tuning(game)[0]
    for moves in (0, 15, 40):
        state, _ = position(game, players, 5, moves)
        values = evaluate(game, state)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)


def test_carcassonne_judges_every_move_once_and_plays_the_best():
    game = get_game("carcassonne-castle")
    state, seat = position(game, 2, 3, 20)
    legal = list(game.legal_actions(state, seat))
    bot = ThinkingBot(game, "test", iterations=10 * len(legal))
    choice = bot.choose(game.view(state, seat), legal, random.Random(4))
    report = bot.last
    assert report.iterations == len(legal) and len(report.root.children) == len(legal)
    best = max(n.reward for n in report.root.children.values())
    assert report.root.children[choice].reward == best


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_greedy_ranking_puts_the_greedy_move_among_the_best(game):
    """The root is ordered by the greedy bot's values: its own choice must be one of the best."""
    from engine.core.search import greedy_values

    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    greedy = game.bots["greedy"]()
    for moves in (2, 12, 30):
        state, seat = position(game, players, 8, moves)
        legal = list(game.legal_actions(state, seat))
        view = game.view(state, seat)
        values = greedy_values(greedy, view, legal)
        pick = greedy.choose(view, legal, random.Random(1))
        assert values is not None and values[legal.index(pick)] >= max(values) - 0.011  # Carcassonne's tie noise
