"""Bots in selfplay and the arena get their own random source, as at a table: a plain Random,
never the keyed one, which holds the match's secret (from which every deal can be computed)."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, Match, Seat
from engine.core.search_arena import play_one
from engine.core.selfplay import play_out
from engine.games import get_game

GAME = get_game("king-up")


class Spy:
    """A random bot that notes the kind of random source it is handed."""

    def __init__(self, bot, seen):
        self.bot, self.level, self.seen = bot, bot.level, seen

    def choose(self, view, legal, rng):
        self.seen.add(type(rng))
        return self.bot.choose(view, legal, rng)


@pytest.fixture
def seen(monkeypatch):
    kinds: set = set()
    make = GAME.make_bot
    monkeypatch.setattr(GAME, "make_bot", lambda level: Spy(make(level), kinds))
    return kinds


def test_selfplay_hands_bots_a_plain_random(seen):
    play_out(GAME, 3, ["random"] * 3, seed=4)
    assert seen == {random.Random}


def test_the_arena_hands_bots_a_plain_random(seen):
    play_one(GAME, ("random", "greedy", "random"), seed=4)
    assert seen == {random.Random}


def test_a_bots_source_draws_what_the_keyed_one_would_and_holds_no_key():
    match = Match.new(GAME, GameConfig(3), [Seat("A"), Seat("B"), Seat("C")], 5)
    plain, keyed = match.bot_rng(1), match.rng("bot1")
    assert [plain.random() for _ in range(5)] == [keyed.random() for _ in range(5)]
    assert type(plain) is random.Random and type(keyed) is not random.Random
    assert not any(isinstance(v, bytes) for v in vars(plain).values())
