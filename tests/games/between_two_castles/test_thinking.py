"""The thinking bot's Between Two Castles search: it weighs the greedy bot's best few moves by
greedy rollouts, all of them in the same sampled states, and its evaluation counts what is about
to be placed."""

from __future__ import annotations

import random

from engine.core.fastattrs import replace
from engine.core.search import ThinkingBot
from engine.games.between_two_castles import GAME, Choose
from engine.games.between_two_castles.evaluate import SEARCH, bonus_value, evaluate
from engine.games.between_two_castles.rollout import worths
from engine.games.between_two_castles.state import Bonus

from .helpers import castle, fresh


def test_the_search_weighs_greedys_best_moves_and_repeats_its_choice():
    state = fresh(5, seed=3)
    view, legal = GAME.view(state, 2), list(GAME.legal_actions(state, 2))
    bot = ThinkingBot(GAME, "test", iterations=12)
    first = bot.choose(view, legal, random.Random(4))
    tried = set(bot.last.root.children)
    assert isinstance(first, Choose) and first in legal
    assert len(tried) == SEARCH["root_width"] < len(legal)  # only the greedy bot's best few
    assert first == ThinkingBot(GAME, "test", iterations=12).choose(view, legal, random.Random(4))
    # every move judged in the same three sampled states; too few to overrule the greedy move
    assert {n.visits for n in bot.last.root.children.values()} == {3}
    assert first == bot.last.prior


def test_a_move_replaces_the_greedy_one_only_when_it_wins_clearly_pass_by_pass():
    from engine.core.search_flat import better_than_prior

    assert better_than_prior({"a": [3, 0.9, 0.27]}, 2.0) == []  # three passes are too few
    clear, noisy = [8, 0.8, 0.0808], [8, 0.8, 1.6]  # +0.1 a pass, steady or scattered
    assert better_than_prior({"a": clear, "b": noisy}, 2.0) == ["a"]
    assert better_than_prior({"a": [8, -0.8, 0.0808]}, 2.0) == []  # clearly worse


def test_a_finished_game_is_judged_by_the_final_lead_not_the_win_alone():
    from engine.core.selfplay import play_out

    state = play_out(GAME, 5, ["greedy"] * 5, seed=2).state
    chances = evaluate(GAME, state)
    order = sorted(range(5), key=lambda s: -state.scores[s])
    assert chances[order[0]] >= 0.5 >= chances[order[-1]]
    assert chances[order[-1]] < chances[order[1]]  # the last is further behind than the second


def test_castles_alike_share_their_worths():
    a = castle(rooms={(2, 0): "Great Hall"})
    b = castle(rooms={(2, 0): "Great Hall"})
    hall = next(r for _, _, r in a.cells)
    assert worths(a, hall) is worths(b, hall)


def test_a_bonus_being_decided_is_worth_what_it_would_add():
    state = fresh(3, seed=1)
    state = replace(state, castles=(castle(),) + state.castles[1:])
    fountain = Bonus(0, 0, "outdoor")
    assert bonus_value(state, fountain) == 5  # a fountain scores 5 wherever it goes
    # A knight counts the rooms with swords: an empty castle has none.
    assert bonus_value(state, Bonus(0, 0, "living")) == 0
    swords = castle(rooms={(2, 0): "Great Hall", (-1, 0): "Dead End"})
    state = replace(state, castles=(swords,) + state.castles[1:])
    assert bonus_value(state, Bonus(0, 0, "living")) == 2
