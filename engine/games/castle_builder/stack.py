"""A turn is a stack of tasks, first in line first (``Task``: discard down to 7, take coins, resolve
a coin's effect, move the baron, or one of the effects' choices). Tasks that need nobody's choice
are done at once; at the first choice the remaining stack is written into an ``Awaiting`` event,
and the answer to it (``rules._answer``) picks the stack up again. When the stack is empty the
next seat's turn starts.
"""

from __future__ import annotations

import random

from .catalog import HOLDER_LIMIT
from .effects import resolve_effect
from .events import Awaiting, Task, TurnStarted
from .state import CastleBuilderState
from .turn import Folder, coin_effects, move_baron, take_coin

CHOICES = ("thief", "catapult", "decay", "mill", "market")  # tasks made only when there is a choice


def is_choice(state: CastleBuilderState, task: Task) -> bool:
    if task.kind == "limit":
        return len(state.holders[task.seat]) > HOLDER_LIMIT
    if task.kind == "coin":
        return len(coin_effects(state)) > 1
    return task.kind in CHOICES


def run(fold: Folder, tasks: list[Task], rng: random.Random) -> None:
    """Do tasks until one needs a choice (then wait for it) or none is left (then the turn passes on)."""
    tasks = list(tasks)
    while tasks and not fold.state.finished:
        task = tasks[0]
        if is_choice(fold.state, task):
            fold.add(Awaiting(tuple(tasks)))
            return
        tasks.pop(0)
        if task.kind == "move":
            tasks[:0] = move_baron(fold, task.seat, task.count, rng)
        elif task.kind == "coin":
            effects = coin_effects(fold.state)
            if effects:
                follow = take_coin(fold, task.seat, effects[0])
                more = [Task("coin", task.seat, task.count - 1)] if task.count > 1 else []
                tasks[:0] = follow + more
        elif task.kind == "effect":
            tasks[:0] = resolve_effect(fold, task.seat, task.effect, rng)
    if not fold.state.finished:
        fold.add(TurnStarted((fold.state.turn + 1) % fold.state.players))
