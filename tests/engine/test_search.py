"""The thinking bot (engine.core.search): legal, reproducible at a fixed iteration count, blind
to what its seat cannot see, and within its time budget."""

from __future__ import annotations

import random
import time

import pytest

from engine.core.game import GameConfig, rng_for, secret_from
from engine.core.search import BUDGETS, ThinkingBot
from engine.core.search_arena import lineup, make_arena_bot, run_arena, wilson
from engine.games import all_games, get_game

GAMES = list(all_games())


def position(game, players: int, seed: int, moves: int):
    """A position ``moves`` random decisions into a game, and a seat that owes an action there."""
    rng = random.Random(seed)
    config = GameConfig(players)
    state = game.initial_state(config)
    for ev in game.setup(config, rng_for(secret_from(seed), 0)):
        state = game.evolve(state, ev)
    for step in range(moves):
        seats = game.to_act(state)
        seat = min(seats)
        legal = list(game.legal_actions(state, seat))
        for ev in game.decide(state, seat, rng.choice(legal), rng_for(secret_from(seed), step + 1)):
            state = game.evolve(state, ev)
        if not game.to_act(state):
            break
    return state, min(game.to_act(state))


def bot_for(game, iterations: int = 12) -> ThinkingBot:
    bot = game.make_bot("casual")
    bot.seconds, bot.iterations = None, iterations
    return bot


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_levels_weakest_first(game):
    assert game.bot_levels == ("random", "greedy", *BUDGETS)
    bots = [game.make_bot(level) for level in BUDGETS]
    assert [b.seconds for b in bots] == sorted(b.seconds for b in bots)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_decision_is_legal_and_reproducible(game):
    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    for moves in (3, 11):
        state, seat = position(game, players, 4, moves)
        legal = list(game.legal_actions(state, seat))
        view = game.view(state, seat)
        first = bot_for(game).choose(view, legal, random.Random(9))
        again = bot_for(game).choose(view, legal, random.Random(9))
        assert first in legal and first == again


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_other_seats_secrets_do_not_change_the_decision(game):
    """The bot starts from the view only: a position with every secret of the others redrawn
    gives the same decision at the same iteration count."""
    state, seat = position(
        game, game.min_players + 1 if game.max_players > game.min_players else game.min_players, 6, 7
    )
    other = game.resample_hidden(state, seat, random.Random(3))
    legal = list(game.legal_actions(state, seat))
    a = bot_for(game).choose(game.view(state, seat), legal, random.Random(5))
    b = bot_for(game).choose(game.view(other, seat), list(game.legal_actions(other, seat)), random.Random(5))
    assert a == b


def test_search_report_ranks_the_root_moves():
    game = get_game("king-up")
    state, seat = position(game, 4, 2, 0)
    bot = bot_for(game, 40)
    report = bot.search(game.view(state, seat), random.Random(1), list(game.legal_actions(state, seat)))
    ranked = report.ranked()
    assert report.iterations == 40 and sum(v for _, v, _ in ranked) == 40
    assert all(0.0 <= mean <= 1.0 for _, _, mean in ranked)


def test_a_time_budget_is_kept():
    game = get_game("king-up")
    state, seat = position(game, 4, 2, 0)
    bot = ThinkingBot(game, "quick", seconds=0.05)
    bot.choose(game.view(state, seat), list(game.legal_actions(state, seat)), random.Random(0))  # warm caches
    started = time.perf_counter()
    bot.choose(game.view(state, seat), list(game.legal_actions(state, seat)), random.Random(1))
    assert time.perf_counter() - started < 0.05 * 1.1 + 0.05  # a loaded shared machine may lose some ms
    assert bot.last.iterations > 1


def test_arena_names_and_interval():
    game = get_game("king-up")
    assert lineup(["thinking:5i", "greedy"], 4) == ["thinking:5i", "greedy", "greedy", "greedy"]
    assert make_arena_bot(game, "thinking:5i").iterations == 5
    assert make_arena_bot(game, "thinking:200ms").seconds == pytest.approx(0.2)
    with pytest.raises(ValueError):
        make_arena_bot(game, "thinking:soon")
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35


@pytest.mark.parametrize(
    "budget",
    ["0s", "0ms", "-1i", "0i", "-2s", "1e30s", "601s", "1000001i", "nans", "infs", "10**30s", "9" * 5000 + "i"],
)
def test_a_budget_of_nothing_or_without_end_is_refused_in_one_line(budget, capsys):
    from engine.cli import main

    assert (
        main(
            ["arena", "king-up", "--bots", f"thinking:{budget},random", "--players", "3", "--games", "1", "--jobs", "1"]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most 600s or 1,000,000 iterations" in err


def test_the_largest_budgets_are_taken():
    game = get_game("king-up")
    assert make_arena_bot(game, "thinking:600s").seconds == 600
    assert make_arena_bot(game, "thinking:1000000i").iterations == 1_000_000


def test_arena_plays_a_small_series():
    standings = run_arena(get_game("king-up"), ["thinking:5i", "random"], games=2, players=3, seed=1, jobs=1)
    seats = {s.level: s.seats for s in standings}
    assert seats == {"thinking:5i": 2, "random": 4}
    assert sum(s.wins for s in standings) == pytest.approx(2)


def test_hints_name_the_top_three_moves_in_notation():
    from engine.core.search_hint import hints

    game = get_game("palais-royal")
    state, seat = position(game, 3, 1, 9)
    legal = list(game.legal_actions(state, seat))
    top = hints(game, game.view(state, seat), legal, random.Random(2), iterations=30)
    assert 1 <= len(top) <= 3 and all(h.action in legal for h in top)
    assert [game.parse_action(state, seat, h.notation) for h in top] == [h.action for h in top]
    assert [h.visits for h in top] == sorted((h.visits for h in top), reverse=True)


def test_bench_bots_prints_the_arena_table(capsys):
    from engine.cli import main

    assert (
        main(["bench", "bots", "king-up", "--bots", "greedy,random", "--games", "2", "--players", "3", "--jobs", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("2 games of King Up!, 3 players")
    assert "greedy" in out and "random" in out and "95 % interval" in out
