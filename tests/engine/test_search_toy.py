"""The thinking bot on a position small enough to know the answer: one-pile Nim, where the seat
taking the last token wins. Its greedy bot always grabs the most, which loses from five tokens;
a search that backs up each seat's own result finds the only winning move (leave four), and a
search crediting the wrong seat would not."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from engine.core.errors import IllegalMove
from engine.core.game import Result
from engine.core.search import ThinkingBot


@attrs.frozen
class Pile:
    tokens: int
    to_move: int = 0
    players: int = 2
    winner: int | None = None
    seat: int | None = None  # whose view this is


@attrs.frozen
class Took:
    seat: int
    count: int


class GrabMost:
    level = "greedy"

    def choose(self, view, legal, rng):
        return max(legal)

    def values(self, view, legal):
        return [float(a) for a in legal]


class Nim:
    """Just the parts of the decider protocol the search uses; the view is the whole (public) pile."""

    bots: ClassVar[dict] = {"greedy": GrabMost}

    def to_act(self, s: Pile) -> frozenset[int]:
        return frozenset() if s.winner is not None else frozenset({s.to_move})

    def legal_actions(self, s: Pile, seat: int):
        yield from range(1, min(3, s.tokens) + 1) if s.winner is None and seat == s.to_move else ()

    def decide(self, s: Pile, seat: int, action, rng):
        if action not in tuple(self.legal_actions(s, seat)):
            raise IllegalMove("no such move")
        return [Took(seat, action)]

    def evolve(self, s: Pile, ev: Took) -> Pile:
        left = s.tokens - ev.count
        return attrs.evolve(s, tokens=left, to_move=(ev.seat + 1) % s.players, winner=ev.seat if left == 0 else None)

    def result(self, s: Pile) -> Result:
        done = s.winner is not None
        return Result(tuple(int(done and p == s.winner) for p in range(s.players)), (s.winner,) if done else (), done)

    def view(self, s: Pile, seat):
        return attrs.evolve(s, seat=seat)

    def determinize(self, view, rng) -> Pile:
        return view


def decide(tokens: int, seat: int = 0, iterations: int = 300) -> int:
    game = Nim()
    view = Pile(tokens, to_move=seat, seat=seat)
    bot = ThinkingBot(game, "test", iterations=iterations, rollout="random", rollout_depth=20)
    return bot.choose(view, list(game.legal_actions(view, seat)), random.Random(1))


def test_search_overrules_a_losing_greedy_move():
    assert decide(5) == 1  # greedy takes 3 and loses; leaving 4 wins
    assert decide(6, seat=1) == 2


def test_search_takes_the_last_tokens():
    assert decide(3, iterations=30) == 3


def test_rewards_are_each_movers_own():
    """After the searched move the opponent's replies are all losing: their nodes must score low
    for the opponent, i.e. the tree credits each seat its own result."""
    game = Nim()
    view = Pile(5, seat=0)
    bot = ThinkingBot(game, "test", iterations=400, rollout="random", rollout_depth=20)
    report = bot.search(view, random.Random(2), [1, 2, 3])
    best = report.root.children[1]
    assert best.reward / best.visits > 0.8
    replies = best.children.values()
    assert replies and all(r.reward / r.visits < 0.5 for r in replies if r.visits > 5)
