"""The thinking bot's Between Two Castles search: it weighs the greedy bot's best few moves by
greedy rollouts, and its evaluation counts what is about to be placed."""
from __future__ import annotations

import random

from engine.core.fastattrs import replace
from engine.core.search import ThinkingBot
from engine.games.between_two_castles import GAME, Choose
from engine.games.between_two_castles.evaluate import SEARCH, bonus_value
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
