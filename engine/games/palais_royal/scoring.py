"""The final scoring: nobles, played privilege cards, unplayed cards (at most 6), the park's border rows.

>>> row_points({0: 3, 1: 2, 2: 1})       # the lion row example: Red 6, Black 2, Green nothing
{0: 6, 1: 2}
>>> row_points({1: 3, 2: 3, 0: 1})       # the vase row example: a tie for first pays 2 and 2
{1: 2, 2: 2}
"""

from __future__ import annotations

from .catalog import DOUBLE_SPACES, FIRST, HAND_POINTS_CAP, HONOUR_POINTS, KARDINAL, NOBLES, ROWS, SECOND
from .events import GameEnded


def row_counts(marks: tuple[int, ...], spaces: tuple[int, ...]) -> dict[int, int]:
    """Servants per seat in one border row; a double space counts 2."""
    counts: dict[int, int] = {}
    for sp in spaces:
        seat = marks[sp]
        if seat >= 0:
            counts[seat] = counts.get(seat, 0) + (2 if sp in DOUBLE_SPACES else 1)
    return counts


BORDER_SPACES = tuple(sorted({sp for row in ROWS for sp in row.spaces}))


def row_points(counts: dict[int, int]) -> dict[int, int]:
    """6 for the most servants, 2 for the second most; a tie slides down a place (a tie for first
    pays 2 each and nothing below it), a tie for second pays nothing."""
    if not counts:
        return {}
    values = sorted(set(counts.values()), reverse=True)
    first = [s for s, c in counts.items() if c == values[0]]
    if len(first) > 1:
        return {s: SECOND for s in first}
    points = {first[0]: FIRST}
    if len(values) > 1:
        second = [s for s, c in counts.items() if c == values[1]]
        if len(second) == 1:
            points[second[0]] = SECOND
    return points


def park_points(marks: tuple[int, ...], players: int) -> tuple[int, ...]:
    total = [0] * players
    if all(marks[sp] < 0 for sp in BORDER_SPACES):
        return tuple(total)
    for row in ROWS:
        for seat, pts in row_points(row_counts(marks, row.spaces)).items():
            total[seat] += pts
    return tuple(total)


def final_scoring(state) -> GameEnded:
    """The GameEnded event for ``state``: every player's points by kind, and the winners."""
    n = state.players
    nobles = tuple(sum(NOBLES[x].points for x in state.nobles[s]) for s in range(n))
    played = tuple(sum(HONOUR_POINTS[c] for c in state.honours[s]) for s in range(n))
    hands = tuple(min(len(state.hands[s]), HAND_POINTS_CAP) for s in range(n))
    park = park_points(state.marks, n)
    totals = tuple(a + b + c + d for a, b, c, d in zip(nobles, played, hands, park))
    return GameEnded(nobles, played, hands, park, totals, winners(totals, state.rooms[KARDINAL]))


def winners(totals: tuple[int, ...], cardinal: tuple[int, ...]) -> tuple[int, ...]:
    """Most points; among those tied, most servants with the Kardinal; then a shared win."""
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    most = max(cardinal[s] for s in tied)
    return tuple(s for s in tied if cardinal[s] == most)
