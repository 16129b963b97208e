"""King Up! bots: they play legal moves from their view alone, and greedy beats random."""
from __future__ import annotations

from engine.core.selfplay import game_seed, play_out
from engine.games.king_up import GAME, KingUpView


def test_greedy_wins_clearly_more_often_than_its_share_against_random_bots():
    games = 160
    wins = sum(0 in play_out(GAME, 4, ["greedy", "random", "random", "random"], game_seed(5, i)).result.winners
               for i in range(games))
    assert wins / games > 0.375  # a fair share is 0.25; measured about 0.5


def test_bots_are_given_a_view_not_the_state():
    seen = []

    class Spy:
        level = "spy"

        def choose(self, view, legal, rng):
            seen.append(type(view))
            return legal[0]

    original = GAME.make_bot
    try:
        GAME.make_bot = lambda level: Spy()  # type: ignore[method-assign]
        play_out(GAME, 3, ["spy"] * 3, seed=1)
    finally:
        del GAME.make_bot
    assert seen and set(seen) == {KingUpView}
    assert GAME.make_bot is not None and original is not None
