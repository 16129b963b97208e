"""How a hint ranks the moves: by the measure the bot itself plays by, with the number that
decided each place and, where the pick stands above a move that looks better, the reason.

A thinking bot picks in one of four ways (engine.core.search): the move its search tried most
(the greedy favourite given a head start of playouts), the best mean judgement, the greedy
favourite unless another move beats it clearly pass by pass (``prior_z``), or the greedy move
alone where the search may not overrule it. A hint that ranked by a different number than the
bot's would recommend a move below two better-looking ones without saying why (issue 30).

A win chance averaged over playouts is uncertain; its 95 % range (Wilson's interval, which holds
for any average of values between 0 and 1) is shown instead of a bare figure, so "92 %" from 18
playouts reads as "78–98 %". A one-move judgement without playouts has no such noise and no range.

    >>> low, high = win_range(0.92, 18)
    >>> round(100 * low), round(100 * high)
    (71, 98)
    >>> win_range(0.5, 0) is None
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

Z95 = 1.96


@attrs.frozen
class Ranked:
    """One root move as the bot weighed it."""

    action: Any
    visits: int
    mean: float | None
    low: float | None = None  # the 95 % range of ``mean``; None where it is not an average of playouts
    high: float | None = None
    decided: str = ""  # the number that placed it, in words ("tried in 52 % of 400 playouts")
    reason: str = ""  # why it stands where it does, where its win chance alone would not say


def win_range(mean: float, n: int) -> tuple[float, float] | None:
    """Wilson's 95 % interval of an average ``mean`` of ``n`` values in [0, 1]; None for no values."""
    if n <= 0:
        return None
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(max(mean * (1 - mean), 0.0) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(x: float) -> str:
    return f"{round(100 * x)} %"


def way_of(bot: Any) -> str:
    """How ``bot`` picks: "greedy", "clear" (prior_z), "value" or "visits"."""
    if not getattr(bot, "overrule", True):
        return "greedy"
    if bot.choose_by == "value":
        return "clear" if bot.prior_z and bot.rollout_depth else "value"
    return "visits"


def rank(bot: Any, report: Any, choice: Any, legal: Sequence[Any]) -> list[Ranked]:
    """Every tried legal root move, the bot's ``choice`` first, then in the order the bot's own
    measure puts them; each with its win range, the number that placed it and any reason."""
    allowed = set(legal)
    children = {a: n for a, n in report.root.children.items() if a in allowed and n.visits}
    way, prior, done = way_of(bot), report.prior, report.iterations
    noisy = bot.rollout_depth > 0
    bonus = bot.prior_visits + bot.prior_share * done

    def weight(a: Any) -> float:
        n = children[a]
        if way == "visits":
            return n.visits + (bonus if a == prior else 0)
        if way == "greedy":  # the root's moves were added in the greedy bot's order
            return -list(children).index(a)
        return n.reward / n.visits

    order = sorted(children, key=weight, reverse=True)
    if choice in order:
        order.remove(choice)
    rows = [choice] + order
    pick = children.get(choice)
    pick_mean = pick.reward / pick.visits if pick else None
    out = []
    for a in rows:
        node = children.get(a)
        if node is None:
            out.append(Ranked(a, 0, None))
            continue
        mean = node.reward / node.visits
        span = win_range(mean, node.visits) if noisy else None
        low, high = span or (None, None)
        out.append(
            Ranked(
                a,
                node.visits,
                mean,
                low,
                high,
                decided=_decided(way, node, done, a == prior, bonus, noisy),
                reason=_reason(bot, way, a, choice, prior, node, pick, pick_mean, mean, span, bonus),
            )
        )
    return out


def playouts(n: int) -> str:
    """ "1 playout", "8 playouts" ("from 1 playouts" was read in a hint)."""
    return f"{n} playout" + ("" if n == 1 else "s")


def _decided(way: str, node: Any, done: int, favourite: bool, bonus: float, noisy: bool) -> str:
    if way == "visits":
        text = f"tried in {node.visits} of {playouts(done)}"
        return text + (f" + a head start of {round(bonus)} as the quick favourite" if favourite else "")
    if way == "greedy":
        return "the quick judgement's order" + (" (its favourite)" if favourite else "")
    if noisy:
        return f"average of {playouts(node.visits)}"
    return "judged in " + ("one sampled deal" if node.visits == 1 else f"{node.visits} sampled deals")


def _reason(
    bot: Any,
    way: str,
    a: Any,
    choice: Any,
    prior: Any,
    node: Any,
    pick: Any,
    pick_mean: float | None,
    mean: float,
    span: tuple[float, float] | None,
    bonus: float,
) -> str:
    """Why a move stands below the pick though its win chance is higher ('' when it is not)."""
    if a == choice or pick_mean is None or round(100 * mean) <= round(100 * pick_mean):
        return ""
    if way == "greedy":
        return "higher, but in this game the expert plays its quick judgement and does not overrule it"
    if way == "clear":
        row = getattr(bot, "paired", {}).get(a)
        if row and row[0] > 1:
            n, total, squares = row
            diff = total / n
            spread = math.sqrt(max(squares / n - diff * diff, 0.0) * n / (n - 1) / n)
            return (
                f"higher, but only {100 * diff:+.0f} % against the favourite in the same {n} deals "
                f"(± {100 * spread:.0f} %): the expert leaves its favourite only for a clear gain"
            )
        return "higher, but not clearly better than the favourite in the same deals"
    if way == "visits":
        rule = (
            f"the quick favourite's head start of {round(bonus)} playouts outweighs it"
            if choice == prior and pick.visits < node.visits
            else "the expert plays the move it tried most"
        )
        if span is not None:
            pick_span = win_range(pick_mean, pick.visits)
            overlap = pick_span is not None and span[0] <= pick_span[1]
            return (
                f"higher, but from {playouts(node.visits)} ({round(100 * span[0])}–{percent(span[1])}"
                + (", overlapping the pick's" if overlap else "")
                + f"): {rule}"
            )
        return f"higher, but {rule}"
    return ""
