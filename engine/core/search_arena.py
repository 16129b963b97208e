"""The bot arena: bots of several levels play a series with rotated seats, in parallel.

    bergfried arena carcassonne-castle --bots thinking:0.5s,greedy --games 100 --players 2

A bot is named by a level of the game (``random``, ``greedy``, ``casual``...) or as
``thinking:<budget>``: ``thinking:0.5s`` thinks half a second per decision, ``thinking:200i``
runs 200 iterations (reproducible). With fewer bots named than players, the first bot takes one
seat and the last fills the others (``thinking,greedy`` at 4 players: one against three greedy);
the lineup turns one seat per game so every bot sits everywhere. A game won by k seats counts
1/k for each. The interval is Wilson's 95 % score interval over the seats a level played.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from .game import Game, GameConfig
from .log import Seat
from .match import Match
from .search import Thinking, ThinkingBot
from .selfplay import game_seed


def make_arena_bot(game: Game, spec: str) -> Any:
    """A bot from an arena name: one of the game's levels or ``thinking:<n>s|ms|i``."""
    if not spec.startswith("thinking:"):
        return game.make_bot(spec)
    budget = spec.partition(":")[2]
    base = next((f for f in getattr(game, "bots", {}).values() if isinstance(f, Thinking)), None)
    if base is None:
        raise ValueError(f"{game.title} has no thinking bot")
    return ThinkingBot(game, spec, **thinking_budget(budget), **dict(base.options, evaluate=base.evaluate))


#: The most a thinking bot may be given per decision: longer than any level thinks, short enough
#: that a mistyped budget (thinking:1e30s) still ends.
MAX_SECONDS, MAX_ITERATIONS = 600.0, 1_000_000
BUDGET_WORDS = (
    f"a thinking budget reads like 0.5s, 200ms or 300i: more than 0 and at most "
    f"{MAX_SECONDS:g}s or {MAX_ITERATIONS:,} iterations"
)


def thinking_budget(text: str) -> dict[str, Any]:
    """``seconds=`` or ``iterations=`` for ThinkingBot from ``0.5s``, ``200ms`` or ``300i``;
    ValueError for anything else, nothing (0s), less than nothing or beyond the caps."""
    value: float | None = None
    with contextlib.suppress(ValueError):
        if text.endswith("ms"):
            value, unit = float(text[:-2]) / 1000, "seconds"
        elif text.endswith("s"):
            value, unit = float(text[:-1]), "seconds"
        elif text.endswith("i"):
            value, unit = int(text[:-1]), "iterations"
    if value is None or not (0 < value <= (MAX_SECONDS if unit == "seconds" else MAX_ITERATIONS)):
        raise ValueError(f"'thinking:{text[:20]}': {BUDGET_WORDS}")  # nan is refused by the comparison too
    return {unit: value}


def lineup(specs: Sequence[str], players: int) -> list[str]:
    if len(specs) == players:
        return list(specs)
    if len(specs) > players:
        raise ValueError(f"{len(specs)} bots named for {players} players")
    return (
        [specs[0]] + [specs[-1]] * (players - 1) if len(specs) == 2 else [specs[i % len(specs)] for i in range(players)]
    )


@attrs.frozen
class GamePlayed:
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    think: tuple[tuple[float, int], ...]  # per seat: seconds spent choosing, decisions taken
    longest: tuple[float, ...] = ()  # per seat: the longest decision, in seconds


def play_one(game: Game, levels: tuple[str, ...], seed: int) -> GamePlayed:
    """One game with ``levels[i]`` on seat i, timing every decision (runs in a worker process;
    the rules object pickles as a reference to its class)."""
    players = len(levels)
    # A thinking budget the game has no level for is saved as its strongest level.
    seats = [
        Seat(f"Bot {i + 1} ({lvl})", f"bot:{lvl if lvl in game.bot_levels else game.bot_levels[-1]}")
        for i, lvl in enumerate(levels)
    ]
    match = Match.new(game, GameConfig(players), seats, seed, durable=False)
    bots = [make_arena_bot(game, lvl) for lvl in levels]
    spent, taken, longest = [0.0] * players, [0] * players, [0.0] * players
    for _ in range(100_000):
        if match.finished:
            break
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        started = time.perf_counter()
        action = bots[seat].choose(match.view(seat), legal, match.bot_rng(seat))
        took = time.perf_counter() - started
        spent[seat] += took
        longest[seat] = max(longest[seat], took)
        taken[seat] += 1
        match.submit(seat, action)
    result = match.result
    match.close()
    return GamePlayed(levels, result.scores, result.winners, tuple(zip(spent, taken)), tuple(longest))


@attrs.frozen
class Standing:
    level: str
    seats: int
    wins: float
    low: float
    high: float
    mean_score: float
    seconds_per_decision: float
    longest_decision: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a rate of ``wins`` in ``n``.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_arena(
    game: Game, specs: Sequence[str], games: int, players: int, seed: int, jobs: int | None = None
) -> list[Standing]:
    base = lineup(specs, players)
    for spec in dict.fromkeys(base):
        make_arena_bot(game, spec)  # a wrong name fails here, not in a worker
    tasks = [(game, tuple(base[(s + i) % players] for s in range(players)), game_seed(seed, i)) for i in range(games)]
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        played = [play_one(*t) for t in tasks]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(play_one, *zip(*tasks)))
    return summarise(played)


def summarise(played: Sequence[GamePlayed]) -> list[Standing]:
    rows: dict[str, list[float]] = {}
    for g in played:
        for s, level in enumerate(g.levels):
            row = rows.setdefault(level, [0, 0.0, 0, 0.0, 0, 0.0])
            row[0] += 1
            row[1] += 1 / len(g.winners) if s in g.winners else 0.0
            row[2] += g.scores[s]
            row[3] += g.think[s][0]
            row[4] += g.think[s][1]
            row[5] = max(row[5], g.longest[s] if g.longest else 0.0)
    out = []
    for level, (seats, wins, score, secs, decisions, longest) in rows.items():
        low, high = wilson(wins, int(seats))
        out.append(
            Standing(level, int(seats), wins, low, high, score / seats, secs / decisions if decisions else 0.0, longest)
        )
    return out


def format_table(title: str, standings: Sequence[Standing], fair: float) -> list[str]:
    header = (
        f"{'bot':<16}{'seats':>6}{'win rate':>10}{'95 % interval':>16}{'mean score':>12}{'s/decision':>12}"
        f"{'longest s':>11}"
    )
    lines = [title, header]
    for st in standings:
        lines.append(
            f"{st.level:<16}{st.seats:>6}{st.rate:>10.1%}{f'{st.low:.0%}–{st.high:.0%}':>16}"
            f"{st.mean_score:>12.1f}{st.seconds_per_decision:>12.3f}{st.longest_decision:>11.3f}"
        )
    lines.append(f"(a fair share at this table is {fair:.0%})")
    return lines
