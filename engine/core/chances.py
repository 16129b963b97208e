"""Winning chances from points: what every game's evaluation for the search comes down to.

>>> shared_win(3, (0, 2))
(0.5, 0.0, 0.5)
>>> [round(c, 2) for c in lead_chances((12, 8, 2), scale=4)]
[0.73, 0.27, 0.08]
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def shared_win(players: int, winners: Collection[int]) -> tuple[float, ...]:
    """At the end: 1/k for each of the k winners, 0 for everyone else (and for all if none won)."""
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if s in winners else 0.0 for s in range(players))


def lead_chances(totals: Sequence[float], scale: float) -> tuple[float, ...]:
    """Before the end: a logistic of each seat's lead over the best other seat (``scale``
    points of lead for a factor e in the odds)."""
    out = []
    for s, own in enumerate(totals):
        best_other = max((t for o, t in enumerate(totals) if o != s), default=0)
        out.append(1.0 / (1.0 + math.exp(-(own - best_other) / scale)))
    return tuple(out)
