"""``bergfried bench story``: how long a game's story takes, and whether the viewer stays quick
meanwhile (issue 28: a 150-move game's curve in under 30 s on one core at the casual level;
key→frame p95 under 50 ms while it computes).

* Curve: for each game, the longest of a few finished random-bot games (at least 150 moves where
  one is found); the chances (the thinking bot's evaluation of every step) and the turning points
  (the casual bot's advice on the costliest moves) computed in one thread, timed by that thread's
  CPU seconds (one core) and by the clock.
* Key to frame: the replay viewer at 80x24 with its chart open, ← and → pressed while the
  chances compute in the chart's worker thread, each press timed until the chart has drawn its
  last line; then the same presses once they are computed, as the baseline of the same run.

    from tui.bench_story import run_story_bench
    figures = run_story_bench()
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.story_bench import curve_seconds, long_game

KEYS = ("right", "right", "right", "left", "left", "left")


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


async def _chart_latencies(match: Any) -> tuple[list[float], list[float]]:
    """Seconds from each key to the chart's last drawn line: while the chances compute, and after."""
    from textual.screen import Screen

    from .app import BergfriedApp
    from .screens.replay import ReplayScreen
    from .screens.story import StoryChart, StoryScreen
    from .settings import Settings

    from engine.core import Table

    with tempfile.TemporaryDirectory() as root:
        settings = Settings(config_dir=Path(root), saves_dir=Path(root) / "saves", persist=False, animations=False)
        app = BergfriedApp(settings, start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
        during: list[float] = []
        after: list[float] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            story: Screen[Any] = app.screen  # Screen[Any]: see StoryChart.on_click
            assert isinstance(story, StoryScreen)
            chart = story.query_one(StoryChart)
            drawn: list[float] = []
            original = chart.render_line

            def timed(y: int):
                strip = original(y)
                drawn.append(time.perf_counter())
                return strip

            chart.render_line = timed  # type: ignore[method-assign] # timed on this one chart
            i = 0
            while len(after) < max(30, len(during)):
                computing = story.chances is None
                drawn.clear()
                start = time.perf_counter()
                await pilot.press(KEYS[i % len(KEYS)])
                await pilot.pause()
                i += 1
                if drawn:
                    (during if computing and story.chances is None else after).append(drawn[-1] - start)
                if len(during) > 400:
                    break
        return during, after


def run_story_bench(games: list[str] | None = None, viewer_game: str = "palais-royal") -> dict:
    from engine.games import GAMES

    figures: dict = {}
    matches = {game_id: long_game(game_id) for game_id in (games or list(GAMES))}
    for game_id, match in matches.items():
        name = game_id.replace("-", "_")
        seconds = curve_seconds(match)
        figures[f"story_{name}_moves"] = sum(1 for e in match.entries if e.move is not None)
        figures[f"story_{name}_steps"] = seconds["steps"]
        figures[f"story_{name}_cpu_s"] = round(seconds["cpu"], 2)
        figures[f"story_{name}_wall_s"] = round(seconds["wall"], 2)
    figures["story_target_s"] = 30
    match = matches.get(viewer_game) or long_game(viewer_game)
    during, after = asyncio.run(_chart_latencies(match))
    figures["chart_key_to_frame_game"] = viewer_game
    figures["chart_key_to_frame_samples_computing"] = len(during)
    figures["chart_key_to_frame_samples_after"] = len(after)
    if during and after:
        figures["chart_key_to_frame_computing_p95_ms"] = round(1000 * p95(during), 1)
        figures["chart_key_to_frame_computing_median_ms"] = round(1000 * statistics.median(during), 1)
        figures["chart_key_to_frame_after_p95_ms"] = round(1000 * p95(after), 1)
        figures["chart_key_to_frame_p95_ratio"] = round(p95(during) / p95(after), 2)
    figures["chart_key_to_frame_target_p95_ms"] = 50
    return figures


if __name__ == "__main__":
    for key, value in run_story_bench().items():
        print(f"{key:40} {value}")
