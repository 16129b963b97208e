"""A bot that thinks: information-set Monte Carlo tree search over the decider protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search"; OpenSpiel's ``ismcts.py`` follows the same plan). The bot sees only its seat's view.
Every iteration

1. draws a *determinization*: a full state the seat cannot tell from the truth
   (``game.determinize(view, rng)``: other hands, pile orders, secret votes filled in);
2. walks down one shared tree keyed by the actions taken (whoever took them), choosing among
   the actions legal in *this* determinization by UCB1 with availability counts (an action
   that is only sometimes legal is judged by how often it was available, not by the parent's
   visits);
3. adds one node (the mover's greedy move first), plays on for at most ``rollout_depth``
   actions, every seat its greedy move (``rollout="greedy"``; or random moves), and scores the
   position reached with the game's evaluation (``evaluate(game, state)``: a number in [0, 1]
   per seat, its chance of winning);
4. backs the scores up the path, each node counting the score of the seat that moved into it.

Chance is drawn as the engine draws it: ``decide(state, seat, action, rng)`` with the search's
own random source. Simultaneous steps are searched as the protocol models them: the lowest
seat owing an action acts first, and what it chose stays hidden in the later seats' nodes
because the tree only ever branches on the seat's *own* information at the root.

The search's random source is drawn from the rng the bot is handed, so a decision is
reproducible given the same number of iterations; a wall-clock budget only decides how many
iterations run.

    >>> from engine.games import get_game
    >>> game = get_game("king-up")
    >>> bot = ThinkingBot(game, "test", iterations=20)
    >>> bot.level
    'test'
"""

from __future__ import annotations

import functools
import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from .chances import lead_chances, shared_win
from .game import Game
from .search_flat import better_than_prior, one_move, play as _play
from .search_gc import freeze, thaw

Evaluate = Callable[[Game, Any], Sequence[float]]
Policy = Callable[[Game, Any, int, list, random.Random], Any]

# Levels offered to players, weakest first, after "random" and "greedy" (docs/bots.md).
BUDGETS: dict[str, float] = {"casual": 0.2, "expert": 1.0, "master": 3.0}
EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
# The greedy bot's move is tried first and, when choosing, counts as this many visits more
# (plus a share of the iterations): the search must find something clearly better to differ.
PRIOR_VISITS, PRIOR_SHARE = 3, 0.1
RESERVE = 0.05  # of the budget, for what the clock cannot stop (waiting for a core under load)


def standing(game: Game, state: Any, scale: float = 10.0) -> tuple[float, ...]:
    """Each seat's chance of winning judged from the score standing: 1/k for the k winners at
    the end; before it, a logistic of the lead over the best other seat (``scale`` points
    for a factor e). The default evaluation of every game."""
    result = game.result(state)
    if result.finished:
        return shared_win(len(result.scores), result.winners)
    return lead_chances(result.scores, scale)


class Node:
    """The statistics of one action taken in one place of the tree."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed score of the seat that took the action into this node
        self.avail = 1


class ThinkingBot:
    """ISMCTS from the view alone. ``seconds`` bounds a decision's wall-clock time,
    ``iterations`` its number of iterations (tests fix iterations, never time).

    ``rollout`` is ``"greedy"`` (each seat plays its greedy bot's move on its own view of the
    determinized state, a random one with chance ``epsilon``) or ``"random"``; ``root_width``
    keeps only that many of the greedy bot's best-ranked moves at the root (None: all). A game's
    own ``SEARCH`` options (``game_tuning``) replace these and set the rest: exploration, the
    greedy bonus, ``root_check``, a one-move search (``tree_depth`` 1, ``choose_by`` "value")
    and whether the search may overrule the greedy move at all."""

    def __init__(
        self,
        game: Game,
        level: str,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        rollout_depth: int = 12,
        evaluate: Evaluate | None = None,
        rollout: str = "greedy",
        epsilon: float = 0.1,
        root_width: int | None = None,
    ):
        if seconds is None and iterations is None:
            raise ValueError("a thinking bot needs a budget: seconds or iterations")
        self.game, self.level = game, level
        self.seconds, self.iterations = seconds, iterations
        own_evaluate, tuning, self._policy = game_tuning(game)
        self.rollout_depth = tuning.get("rollout_depth", rollout_depth)
        self.rollout = tuning.get("rollout", rollout)
        self.epsilon = tuning.get("epsilon", epsilon)
        self.root_width = tuning.get("root_width", root_width)
        # A game may widen (or narrow) the root by position: ``root_width_at(view)``, None for root_width.
        self.root_width_at = tuning.get("root_width_at")
        # Check the root's real moves against each determinization (Between Two Castles: its
        # determinizer may guess which castle already got a room this turn).
        self.root_check = tuning.get("root_check", False)
        self.exploration = tuning.get("exploration", EXPLORATION)
        self.prior_visits = tuning.get("prior_visits", PRIOR_VISITS)
        self.prior_share = tuning.get("prior_share", PRIOR_SHARE)
        # "visits" (the most visited root move) or "value" (the best mean: for rollout_depth 0,
        # where every visit of a root move evaluates the same position)
        self.choose_by = tuning.get("choose_by", "visits")
        self.tree_depth = tuning.get("tree_depth", 10_000)  # 1 (and rollout_depth 0): a one-move search
        self.passes = tuning.get("passes", 1)  # a one-move search's determinizations
        self.prior_z = tuning.get("prior_z", 0.0)  # with rollouts: z-score a move must beat greedy's by
        self.paired: dict = {}
        self.overrule = tuning.get("overrule", True)  # False: choose plays the greedy move
        # What the seat remembers from its earlier views, where a game keeps it (Between Two
        # Castles: the hands it passed on): ``observe(view)`` and ``determinize(game, view, rng)``.
        memory = tuning.get("memory")
        self.memory = memory() if memory is not None else None
        if self.rollout not in ("greedy", "random"):
            raise ValueError(f"rollout {self.rollout!r}: 'greedy' or 'random'")
        self.evaluate = evaluate or own_evaluate or standing
        self.last: SearchReport | None = None
        greedy = getattr(game, "bots", {}).get("greedy")
        self._greedy = None if greedy is None or getattr(greedy, "wants_game", False) else greedy()

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            if self.memory is not None:
                self.memory.observe(view)
            return legal[0]
        freeze()  # first, before anything is allocated (engine.core.search_gc)
        try:
            if self.memory is not None:  # what this view shows that later ones may not
                self.memory.observe(view)
            return self._choose(view, legal, rng)
        finally:
            thaw()

    def _choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        report = self.search(view, rng, legal)
        known, prior = report.root.children, report.prior
        if not self.overrule:  # the game's search is not trusted over its greedy bot (hints read it)
            return prior
        if self.choose_by == "value" and self.prior_z and self.rollout_depth:  # only a clear winner
            clear = better_than_prior(self.paired, self.prior_z)  # over greedy, pass by pass
            return clear[0] if clear else prior
        if self.choose_by == "value" and known:  # the best mean judgement (a one-move search), the
            # greedy bot's better-ranked one on a tie (the root's moves were tried in its order)
            return max(known, key=lambda a: known[a].reward / known[a].visits)
        # The most visited root action; the greedy bot's choice counts PRIOR_VISITS more, so a
        # search too short to tell the moves apart plays like greedy.
        bonus = self.prior_visits + self.prior_share * report.iterations

        def weight(a: Any) -> float:
            return (known[a].visits if a in known else -1) + (bonus if a == prior else 0)

        return max(legal, key=weight)

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A state the seat cannot tell from the truth, keeping what it remembers."""
        if self.memory is not None:
            return self.memory.determinize(self.game, view, rng)
        return self.game.determinize(view, rng)

    def ranked_moves(self, view: Any, legal: Sequence[Any], rng: random.Random) -> list[Any]:
        """``legal`` best first by the game's greedy bot (its own choice first), cut to
        ``root_width``; as given where the game has no greedy bot."""
        if self._greedy is None or len(legal) < 2:
            return list(legal)
        values = greedy_values(self._greedy, view, legal)
        if values is None:
            pick = self._greedy.choose(view, list(legal), random.Random(rng.getrandbits(64)))
            order = [pick] + [a for a in legal if a != pick]
        else:  # the greedy bot's choice is its best value, ties drawn at random as it draws them
            tie = random.Random(rng.getrandbits(64))
            ranked = sorted(range(len(legal)), key=lambda i: -values[i])
            best = [i for i in ranked if values[i] == values[ranked[0]]]
            pick = legal[best[tie.randrange(len(best))]]
            order = [legal[i] for i in ranked]
            order.remove(pick)
            order.insert(0, pick)
        width = self.root_width_at(view) if self.root_width_at is not None else None
        width = self.root_width if width is None else width
        return order[:width] if width else order

    def search(
        self,
        view: Any,
        rng: random.Random,
        legal: Sequence[Any] | None = None,
        prior: Any = None,
        started: float | None = None,
    ) -> SearchReport:
        """Run the search from ``view`` and return its statistics (the hints read them).

        ``legal`` (the seat's real legal actions, which it is told) bounds the root's choices where
        a determinization cannot know them all; they are tried in the greedy bot's order, its
        choice (or ``prior``) first."""
        started = time.perf_counter() if started is None else started  # ranking counts too
        freeze()
        try:
            return self._search(view, rng, legal, prior, started)
        finally:
            thaw()

    def _search(
        self, view: Any, rng: random.Random, legal: Sequence[Any] | None, prior: Any, started: float
    ) -> SearchReport:
        srng = random.Random(rng.getrandbits(64))
        seat = view.seat
        root = Node()
        order = None
        if legal is not None:
            order = self.ranked_moves(view, legal, srng)
            if prior is not None and prior in order:
                order.remove(prior)
                order.insert(0, prior)
        deadline = None if self.seconds is None else started + self.seconds * (1 - RESERVE)
        if self.tree_depth == 1 and (self.rollout_depth == 0 or self.choose_by == "value") and order is not None:
            done = one_move(self, view, order, root, srng, deadline)
            self.last = SearchReport(root, done, time.perf_counter() - started, order[0] if order else None)
            return self.last
        done, last = 0, 0.0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            now = time.perf_counter()
            # Stop when another iteration as long as the average or the last would overrun (or
            # ranking the moves took the whole budget: then the greedy choice is played).
            if deadline is not None and (
                now >= deadline or done and now + max((now - started) / done, last) >= deadline
            ):
                break
            state = self.determinize(view, srng)
            self._iterate(root, state, seat, srng, order, deadline)
            done += 1
            last = time.perf_counter() - now
        self.last = SearchReport(root, done, time.perf_counter() - started, order[0] if order else None)
        return self.last

    # -- one iteration -------------------------------------------------------------------------
    def _iterate(
        self, root: Node, state: Any, me: int, rng: random.Random, order: list | None, deadline: float | None = None
    ) -> None:
        game = self.game
        node = root
        path: list[tuple[Node, int]] = []
        first = True
        while True:
            if first:  # at the root we act, even when a lower seat also owes a simultaneous choice
                seat = me if me in game.to_act(state) else None
                first = False
            else:
                seat = _mover(game, state)
            if (
                seat is None
                or len(path) >= self.tree_depth
                or path
                and deadline is not None
                and time.perf_counter() >= deadline
            ):
                break  # (a deep walk down the tree stops at the deadline too; what it reached is scored)
            if node is root and order is not None:  # the real moves, best first
                legal = order
                if self.root_check:  # where a determinization may not allow them all
                    here = set(game.legal_actions(state, seat))
                    legal = [a for a in order if a in here]
            else:
                legal = list(game.legal_actions(state, seat))
            if not legal:
                break
            fresh = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if fresh:
                if node is root and order is not None:
                    action = fresh[0]
                else:
                    action = self._first_try(state, seat, legal, fresh, rng)
                child = node.children[action] = Node()
                state = _play(game, state, seat, action, rng)
                path.append((child, seat))
                break
            action = _ucb(node, legal, self.exploration)
            node = node.children[action]
            state = _play(game, state, seat, action, rng)
            path.append((node, seat))
        state = self._rollout(state, rng, deadline)
        values = self.evaluate(game, state)
        for child, seat in path:
            child.visits += 1
            child.reward += values[seat]

    def _first_try(self, state: Any, seat: int, legal: list, fresh: list, rng: random.Random) -> Any:
        """The action a new node is added for: the seat's greedy move while it is untried (with
        greedy rollouts), else a random untried one."""
        if self.rollout == "greedy" and self._greedy is not None and len(fresh) == len(legal):
            return self._greedy_move(state, seat, legal, rng)
        return fresh[rng.randrange(len(fresh))]

    def _greedy_move(self, state: Any, seat: int, legal: list, rng: random.Random) -> Any:
        if self._policy is not None:
            return self._policy(self.game, state, seat, legal, rng)
        assert self._greedy is not None, "greedy moves are asked for only where a greedy bot exists"
        return self._greedy.choose(self.game.view(state, seat), legal, rng)

    def _rollout(self, state: Any, rng: random.Random, deadline: float | None = None) -> Any:
        """Play on for ``rollout_depth`` moves, or until the deadline (a budget kept even when one
        rollout meets slow moves; a fixed iteration count never looks at the clock)."""
        game, greedy = self.game, self._greedy if self.rollout == "greedy" else None
        for _ in range(self.rollout_depth):
            seat = _mover(game, state)
            if seat is None or deadline is not None and time.perf_counter() >= deadline:
                break
            legal = list(game.legal_actions(state, seat))
            if not legal:
                break
            if greedy is not None and len(legal) > 1 and rng.random() >= self.epsilon:
                action = self._greedy_move(state, seat, legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state = _play(game, state, seat, action, rng)
        return state


@functools.cache
def game_tuning(game: Game) -> tuple[Evaluate | None, dict[str, Any], Policy | None]:
    """A game's own evaluation, search options and rollout policy: ``evaluate``, ``SEARCH`` and
    ``rollout_policy`` in its package's ``evaluate`` module (``engine/games/<pkg>/evaluate.py``),
    where it has one. They are the game's tuning, so ``SEARCH`` wins over the generic options its
    bots mapping passes; ``rollout_policy(game, state, seat, legal, rng)`` stands in for the
    greedy bot in greedy rollouts (a cheaper move of the same kind, read from the state)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None, {}, None
    try:
        module = importlib.import_module(f"{package}.evaluate")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.evaluate":
            raise
        return None, {}, None
    return (
        getattr(module, "evaluate", None),
        dict(getattr(module, "SEARCH", {})),
        getattr(module, "rollout_policy", None),
    )


def greedy_values(bot: Any, view: Any, legal: Sequence[Any]) -> list[float] | None:
    """The greedy bot's value of each legal move (``values(view, legal)`` or ``value(view,
    action)``), or None where it offers neither."""
    if hasattr(bot, "values"):
        return list(bot.values(view, legal))
    if hasattr(bot, "value"):
        return [bot.value(view, a) for a in legal]
    return None


class SearchReport:
    """What a search found: the root's children (action -> statistics), iterations and time."""

    def __init__(self, root: Node, iterations: int, seconds: float, prior: Any = None):
        self.root, self.iterations, self.seconds = root, iterations, seconds
        self.prior = prior  # the greedy bot's choice, tried first

    def ranked(self) -> list[tuple[Any, int, float]]:
        """(action, visits, mean score) for every tried root action, most visited first."""
        rows = [(a, n.visits, n.reward / n.visits if n.visits else 0.0) for a, n in self.root.children.items()]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))


def _mover(game: Game, state: Any) -> int | None:
    seats = game.to_act(state)
    return min(seats) if seats else None


def _ucb(node: Node, legal: list[Any], exploration: float = EXPLORATION) -> Any:
    best, best_value = legal[0], -1.0
    for a in legal:
        child = node.children[a]
        value = child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
        if value > best_value:
            best, best_value = a, value
    return best


class Thinking:
    """A bot factory for a game's ``bots`` mapping: ``Rules.make_bot`` hands it the game."""

    wants_game = True

    def __init__(self, level: str, seconds: float, evaluate: Evaluate | None = None, **options: Any):
        self.level, self.seconds, self.evaluate, self.options = level, seconds, evaluate, options

    def __call__(self, game: Game) -> ThinkingBot:
        return ThinkingBot(game, self.level, seconds=self.seconds, evaluate=self.evaluate, **self.options)


def thinking_levels(evaluate: Evaluate | None = None, **options: Any) -> dict[str, Thinking]:
    """The thinking levels for a game's ``bots`` mapping, weakest first (see BUDGETS)."""
    return {level: Thinking(level, seconds, evaluate, **options) for level, seconds in BUDGETS.items()}
