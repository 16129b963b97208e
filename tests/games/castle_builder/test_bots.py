"""The bots play whole games from their view alone; greedy beats random; the docstrings run."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from engine.core.selfplay import play_out
from engine.games.castle_builder import GAME, Build, Discard, Draw, TakeCoin
from engine.games.castle_builder.bots import GreedyBot
from engine.games.castle_builder.castle import NEW_CASTLE
from engine.games.castle_builder.events import Task

from .helpers import Tiles, castle, coin_of, position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games(players):
    levels = (["greedy", "random"] * 2)[:players]
    match = play_out(GAME, players, levels, seed=players, variants=frozenset({"royal-strategy"}))
    assert match.result.finished and match.result.winners


def test_the_greedy_bot_beats_the_random_bot():
    wins = 0
    # Twelve games, six from each seat: since rules version 2 a move wins one coin however many coin
    # spaces it passes, and a deadlocked castle ends some games early on standings, so a random bot
    # takes more games than before; greedy must still win at least two in three.
    for seed in range(12):
        levels = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result = play_out(GAME, 2, levels, seed=seed).result
        wins += levels.index("greedy") in result.winners
    assert wins >= 8


def test_greedy_takes_the_build_that_wins_a_coin():
    t = Tiles()
    five, nine = t("wall", "5"), t("wall", "9")
    state = position(
        castles=[castle(g1=t("wall", "3")), NEW_CASTLE], holders=[[five, nine], []], barons=(5, 30)
    )  # 5 on 2h: 2 steps, past the coin space 8
    legal = list(GAME.legal_actions(state, 0))
    choice = GreedyBot().choose(GAME.view(state, 0), legal, random.Random(1))
    assert choice == Build(five, 2, 7)


def test_greedy_keeps_the_tile_that_fits_and_takes_the_coin_that_helps():
    t = Tiles()
    five, big = t("wall", "5"), t("treasury", "24")
    holder = [five, big] + [t("roof") for _ in range(6)]
    state = position(castles=[castle(g1=t("wall", "3")), NEW_CASTLE], holders=[holder, []], pending=(Task("limit", 0),))
    choice = GreedyBot().choose(GAME.view(state, 0), list(GAME.legal_actions(state, 0)), random.Random(1))
    assert isinstance(choice, Discard) and choice.tile != five
    state = position(market_coins=(coin_of("decay"), coin_of("ruby"), coin_of("lady")), pending=(Task("coin", 0, 1),))
    choice = GreedyBot().choose(GAME.view(state, 0), list(GAME.legal_actions(state, 0)), random.Random(1))
    assert choice == TakeCoin("ruby")


def test_greedy_draws_when_nothing_fits():
    t = Tiles()
    state = position(
        holders=[[t("side wall left")], []], market=(t("side wall right"), t("side wall left"), t("side wall right"))
    )
    legal = list(GAME.legal_actions(state, 0))
    assert GreedyBot().choose(GAME.view(state, 0), legal, random.Random(1)) == Draw()


@pytest.mark.parametrize("module", ["catalog", "castle", "baron", "notation"])
def test_docstring_examples_run(module):
    mod = importlib.import_module(f"engine.games.castle_builder.{module}")
    failed, tried = doctest.testmod(mod)
    assert tried and not failed


def test_the_preview_of_a_build_tells_the_baron_s_move_from_the_view():
    t = Tiles()
    five = t("wall", "5")
    state = position(castles=[castle(g1=t("wall", "3")), NEW_CASTLE], holders=[[five], []], barons=(5, 30))
    preview = GAME.preview(GAME.view(state, 0), Build(five, 2, 7))
    assert (preview.steps, preview.to, preview.coins, preview.tile_space) == (2, 7, 1, False)
    assert GAME.preview(GAME.view(state, 0), Build(five, 1, 0)).steps == 0
    assert GAME.preview(GAME.view(state, 0), Draw()) is None


def test_seven_coins_take_roughly_20_to_30_builds_between_greedy_players():
    from engine.games.castle_builder.events import GameEnded, TileBuilt

    builds = []
    for seed in range(6):
        match = play_out(GAME, 2, ["greedy", "greedy"], seed=100 + seed)
        end = match.events[-1]
        if isinstance(end, GameEnded) and end.reason == "coins":
            builds.append(sum(1 for e in match.events if isinstance(e, TileBuilt) and e.seat == end.winners[0]))
    assert len(builds) >= 3 and all(16 <= b <= 32 for b in builds), builds
