"""The baron's walk along the path, shared by the rules and the greedy bot's look-ahead.

>>> walk((0, 1, 2, 3), 0, 3)   # from space 1, 3 steps: spaces 2-4 are taken, glide to 5
Walk(to=4, distance=4, coins=0)
"""

from __future__ import annotations

import attrs

from .catalog import COIN, PATH, PATH_LENGTH, RUBY


@attrs.frozen
class Walk:
    to: int  # path index where the baron stops
    distance: int  # spaces travelled: steps, glides and ruby steps
    coins: int  # coin spaces reached or passed


def walk(barons: tuple[int, ...], seat: int, steps: int) -> Walk:
    """``steps`` steps (every space counts, taken or not); a last step onto a taken space glides on to the
    next free one; stopping on a ruby space gives one step more, which may chain."""
    others = {p for s, p in enumerate(barons) if s != seat}
    pos, distance, coins = barons[seat], 0, 0
    while steps:
        for _ in range(steps):
            pos = (pos + 1) % PATH_LENGTH
            distance += 1
            coins += PATH[pos] == COIN
        while pos in others:  # only one baron per space
            pos = (pos + 1) % PATH_LENGTH
            distance += 1
            coins += PATH[pos] == COIN
        steps = 1 if PATH[pos] == RUBY else 0
    return Walk(pos, distance, coins)


def coins_won(coin_spaces: int, rules_version: int = 2) -> int:
    """The coins a move wins: one if it reached or passed a coin space, however many („Solltest du
    ein Feld mit einer Münze erreicht oder passiert haben, wähle eine der drei Münzen"); rules
    version 1 (files saved under it) gave one per coin space.

    >>> coins_won(2), coins_won(2, rules_version=1), coins_won(0)
    (1, 2, 0)
    """
    return coin_spaces if rules_version < 2 else min(coin_spaces, 1)
