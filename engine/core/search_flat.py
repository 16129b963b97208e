"""The one-move search: every candidate move judged in the same sampled states.

A one-move search (``tree_depth`` 1) builds no tree. Each *pass* draws one determinization and
judges every candidate move in it: the position the move leads to, played on for
``rollout_depth`` moves when that is above 0, then scored by the game's evaluation. Every move
of a pass meets the same hidden cards and, in its rollout, the same random source (common random
numbers): what the seat cannot see changes the judgement of every move alike, so a few passes
tell apart moves whose values differ far less than the noise of one playout.

With rollouts, a pass counts only when every move of it was judged: a pass cut short by the
deadline is dropped, so every move's mean is over the same states. Each move's judgements are
also kept as differences from the greedy move's in the same pass (``bot.paired``): where
playouts are noisy, a game may let the search leave the greedy move only for a move that beats
it clearly pass by pass (``prior_z``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .fold import Decided

REDRAWS = 4  # determinizations drawn for a pass until every candidate is legal in one


def one_move(bot: Any, view: Any, order: list, root: Any, rng: random.Random, deadline: float | None) -> int:
    """Judge the moves of ``order`` in ``bot.passes`` determinizations (or until ``bot.iterations``
    judgements or the deadline), adding each judgement to ``root.children``. Returns the number of
    judgements counted."""
    if bot.rollout_depth > 0:
        return _with_rollouts(bot, view, order, root, rng, deadline)
    game, seat, done = bot.game, view.seat, 0
    started, last = time.perf_counter(), 0.0
    for _ in range(bot.passes):
        state = bot.determinize(view, rng)
        here = set(game.legal_actions(state, seat)) if bot.root_check else None
        for action in order:
            if bot.iterations is not None and done >= bot.iterations:
                return done
            now = time.perf_counter()
            # as in search: stop before a judgement as long as the mean or the last overruns
            if deadline is not None and done and now + max((now - started) / done, last) >= deadline:
                return done
            if here is not None and action not in here:
                continue
            node = _child(root, action)
            node.visits += 1
            node.reward += bot.evaluate(game, play(game, state, seat, action, rng))[seat]
            done += 1
            last = time.perf_counter() - now
    return done


def _with_rollouts(bot: Any, view: Any, order: list, root: Any, rng: random.Random, deadline: float | None) -> int:
    game, seat = bot.game, view.seat
    done, passes, started, last = 0, 0, time.perf_counter(), 0.0
    paired = bot.paired = {}
    while passes < bot.passes:
        if bot.iterations is not None and done >= bot.iterations:
            break
        now = time.perf_counter()
        if deadline is not None and passes and now + max((now - started) / passes, last) >= deadline:
            break
        state, moves = _draw(bot, view, order, rng, bot.root_check)
        seed = rng.getrandbits(64)
        judged = []
        for action in moves:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            chance = random.Random(seed)  # the same chance and rollout draws for every move
            after = bot._rollout(play(game, state, seat, action, chance), chance, deadline)
            judged.append((action, bot.evaluate(game, after)[seat]))
        if len(judged) < len(moves) or deadline is not None and time.perf_counter() >= deadline and passes:
            break  # cut short by the deadline: dropped, so every mean is over the same states
        for action, value in judged:
            node = _child(root, action)
            node.visits += 1
            node.reward += value
        if judged and judged[0][0] == order[0]:  # each move against the greedy move, pass by pass
            for action, value in judged[1:]:
                row = paired.setdefault(action, [0, 0.0, 0.0])
                d = value - judged[0][1]
                row[0] += 1
                row[1] += d
                row[2] += d * d
        done += len(judged)
        passes += 1
        last = time.perf_counter() - now
    return done


def better_than_prior(paired: dict, z: float, least: int = 4) -> list:
    """The moves whose judgements beat the greedy move's in the same passes by more than ``z``
    standard errors of their paired differences (over at least ``least`` passes), best first."""
    out = []
    for action, (n, total, squares) in paired.items():
        if n < least:
            continue
        mean = total / n
        spread = max(squares / n - mean * mean, 0.0) * n / (n - 1)
        if mean > 0 and mean > z * math.sqrt(spread / n):
            out.append((mean, action))
    return [a for _, a in sorted(out, key=lambda r: -r[0])]


def _draw(bot: Any, view: Any, order: list, rng: random.Random, check: bool) -> tuple[Any, list]:
    """A determinization and the moves of ``order`` legal in it (all of them, if one of a few
    draws allows them all: a determinizer may guess a public detail the view leaves out)."""
    game, seat = bot.game, view.seat
    for _ in range(REDRAWS):
        state = bot.determinize(view, rng)
        if not check:
            return state, order
        here = set(game.legal_actions(state, seat))
        moves = [a for a in order if a in here]
        if len(moves) == len(order):
            break
    return state, moves


def _child(root: Any, action: Any) -> Any:
    node = root.children.get(action)
    if node is None:
        node = root.children[action] = type(root)()
    return node


def play(game: Any, state: Any, seat: int, action: Any, rng: random.Random) -> Any:
    """The state ``action`` leads to: the one the decider folded on its way (``Decided.after``),
    where it hands it back, else its events folded here."""
    events = game.decide(state, seat, action, rng)
    if isinstance(events, Decided) and events.after is not None:
        return events.after
    for event in events:
        state = game.evolve(state, event)
    return state
