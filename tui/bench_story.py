"""``bergfried bench story``: how long a game's story takes, and whether the viewer stays quick
meanwhile (issue 28: a 150-move game's curve in under 30 s on one core at the casual level;
key→frame p95 under 50 ms while it computes).

* Curve: for each game, the longest of a few finished random-bot games (at least 150 moves where
  one is found); the chances (the thinking bot's evaluation of every step) and the turning points
  (the casual bot's advice on the costliest moves) computed in one thread, timed by that thread's
  CPU seconds (one core) and by the clock.
* Key to frame: ← and → in the replay viewer at 80x24 without the chart (the baseline of the same
  run), then with its chart open while the chances compute in the chart's worker, then once they
  are computed; each press timed until the screen has drawn its last line for it (the progress
  bar's own animation left out).

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


def _timed(screen: Any) -> list[float]:
    """Moments at which ``screen``'s widgets draw a line (the progress bar's own animation left
    out): each widget's render_line wrapped on this one screen."""
    from textual.widgets import ProgressBar

    drawn: list[float] = []
    for widget in screen.query("*"):
        if isinstance(widget, ProgressBar) or any(isinstance(a, ProgressBar) for a in widget.ancestors):
            continue
        original = widget.render_line

        def timed(y: int, original=original):
            strip = original(y)
            drawn.append(time.perf_counter())
            return strip

        widget.render_line = timed
    return drawn


async def _press(pilot: Any, key: str, drawn: list[float]) -> float | None:
    """Seconds from ``key`` until the last line drawn for it (None: nothing drawn)."""
    drawn.clear()
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    return drawn[-1] - start if drawn else None


async def _chart_latencies(match: Any, presses: int = 60) -> tuple[list[float], list[float], list[float]]:
    """Seconds from each key to the last line drawn for it: the replay viewer without the chart
    (the baseline), the chart while the chances compute, and the chart after."""
    from textual.screen import Screen

    from .app import BergfriedApp
    from .screens.replay import ReplayScreen
    from .screens.story import StoryScreen
    from .settings import Settings

    from engine.core import Table

    with tempfile.TemporaryDirectory() as root:
        settings = Settings(config_dir=Path(root), saves_dir=Path(root) / "saves", persist=False, animations=False)
        app = BergfriedApp(settings, start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
        viewer: list[float] = []
        during: list[float] = []
        after: list[float] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            drawn = _timed(app.screen)
            for i in range(presses):
                seconds = await _press(pilot, KEYS[i % len(KEYS)], drawn)
                if seconds is not None:
                    viewer.append(seconds)
            await pilot.press("c")
            story: Screen[Any] = app.screen  # Screen[Any]: see StoryScreen._chart_shown
            assert isinstance(story, StoryScreen)
            drawn = _timed(story)
            i = 0
            while len(after) < max(presses // 2, len(during)) and len(during) <= 400:
                computing = story.chances is None
                seconds = await _press(pilot, KEYS[i % len(KEYS)], drawn)
                i += 1
                if seconds is not None:
                    (during if computing and story.chances is None else after).append(seconds)
        return viewer, during, after


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
    viewer, during, after = asyncio.run(_chart_latencies(match))
    figures["chart_key_to_frame_game"] = viewer_game
    if viewer:
        figures["viewer_key_to_frame_p95_ms"] = round(1000 * p95(viewer), 1)
        figures["viewer_key_to_frame_median_ms"] = round(1000 * statistics.median(viewer), 1)
    figures["chart_key_to_frame_samples_computing"] = len(during)
    figures["chart_key_to_frame_samples_after"] = len(after)
    if during and after:
        figures["chart_key_to_frame_computing_p95_ms"] = round(1000 * p95(during), 1)
        figures["chart_key_to_frame_computing_median_ms"] = round(1000 * statistics.median(during), 1)
        figures["chart_key_to_frame_after_p95_ms"] = round(1000 * p95(after), 1)
        figures["chart_key_to_frame_p95_ratio"] = round(p95(during) / p95(after), 2)
    if viewer and after:
        figures["chart_vs_viewer_key_to_frame_p95_ratio"] = round(p95(after) / p95(viewer), 2)
    figures["chart_key_to_frame_target_p95_ms"] = 50
    return figures


if __name__ == "__main__":
    for key, value in run_story_bench().items():
        print(f"{key:40} {value}")
