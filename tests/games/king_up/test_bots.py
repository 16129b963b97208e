"""King Up! bots: greedy beats random. (That bots see only views is a contract test for every game.)"""

from __future__ import annotations

from engine.core.selfplay import game_seed, play_out
from engine.games.king_up import GAME


def test_greedy_wins_clearly_more_often_than_its_share_against_random_bots():
    games = 160
    wins = sum(
        0 in play_out(GAME, 4, ["greedy", "random", "random", "random"], game_seed(5, i)).result.winners
        for i in range(games)
    )
    assert wins / games > 0.375  # a fair share is 0.25; measured about 0.5
