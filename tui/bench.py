"""``bergfried bench tui``: how fast the client starts and answers a key.

* Start-up: process start to the first frame of ``bergfried`` against a bare Textual app,
  both spawned as ``python -c`` children in headless mode that exit as soon as they are
  ready, interleaved so both see the same machine load. Target: ratio at most 1.3.
* Key to frame: arrow keys on the King Up! board in a headless app; each press is timed
  until the board has rendered the changed lines. Target: p95 under 30 ms.

    from tui.bench import run_tui_bench
    figures = run_tui_bench()
"""
from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
import os
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
async def quit(pilot):
    os.write(1, b"ready\\n")
    pilot.app.exit()
Bare().run(headless=True, size=(80, 24), auto_pilot=quit)
"""

BERGFRIED = """
import os, sys
from pathlib import Path
from tui.app import BergfriedApp
from tui.settings import Settings
root = Path(sys.argv[1])
settings = Settings(config_dir=root / "config", saves_dir=root / "saves", persist=False)
async def quit(pilot):
    os.write(1, b"ready\\n")
    pilot.app.exit()
BergfriedApp(settings).run(headless=True, size=(80, 24), auto_pilot=quit)
"""


def _spawn(code: str, *args: str) -> float:
    """Seconds from spawning the child to its "ready" line (written when the first frame is up)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
    line = child.stdout.readline()
    ready = time.perf_counter() - start
    _, err = child.communicate()
    if line.strip() != b"ready" or child.returncode:
        raise RuntimeError(f"bench child failed: {err.decode(errors='replace')[-500:]}")
    return ready


def startup(runs: int = 5) -> dict:
    """Median seconds to first frame for a bare Textual app and for Bergfried's title screen."""
    bare, ours = [], []
    with tempfile.TemporaryDirectory() as root:
        _spawn(BARE)  # warm the filesystem cache and bytecode for both
        _spawn(BERGFRIED, root)
        for _ in range(runs):
            bare.append(_spawn(BARE))
            ours.append(_spawn(BERGFRIED, root))
    bare_s, ours_s = statistics.median(bare), statistics.median(ours)
    return {"startup_bare_s": round(bare_s, 3), "startup_bergfried_s": round(ours_s, 3),
            "startup_ratio": round(ours_s / bare_s, 2), "startup_target_ratio": 1.3}


async def _key_latencies(presses: int) -> list[float]:
    from engine.core import GameConfig, Match, Seat
    from engine.games import get_game

    from .app import BergfriedApp
    from .screens.play import PlayScreen
    from .settings import Settings
    from .widgets.grid import Grid

    seats = [Seat("You", "human"), Seat("A", "bot:greedy"), Seat("B", "bot:greedy")]
    match = Match.new(get_game("king-up"), GameConfig(3), seats, seed=1)
    with tempfile.TemporaryDirectory() as root:
        settings = Settings(config_dir=Path(root), saves_dir=Path(root) / "saves", persist=False,
                            cursor_blink=False, animations=False, bot_delay=0.0)
        app = BergfriedApp(settings, start=lambda app: PlayScreen(match, owns_match=False))
        latencies: list[float] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            grid = app.screen.query_one(Grid)
            grid.focus()
            rendered: list[float] = []
            original = grid.render_line

            def timed(y: int):
                strip = original(y)
                rendered.append(time.perf_counter())
                return strip

            grid.render_line = timed
            for i in range(presses):
                rendered.clear()
                start = time.perf_counter()
                await pilot.press("right" if (i // 6) % 2 == 0 else "left")
                await pilot.pause()
                if rendered:
                    latencies.append(rendered[-1] - start)
        return latencies


def key_to_frame(presses: int = 100) -> dict:
    latencies = sorted(asyncio.run(_key_latencies(presses)))
    if not latencies:
        return {"key_to_frame_samples": 0}
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    return {"key_to_frame_samples": len(latencies),
            "key_to_frame_median_ms": round(1000 * statistics.median(latencies), 2),
            "key_to_frame_p95_ms": round(1000 * p95, 2), "key_to_frame_target_p95_ms": 30}


def run_tui_bench(runs: int = 5, presses: int = 100) -> dict:
    """Both measurements as one dict of figures (seconds, milliseconds and ratios)."""
    return {**startup(runs), **key_to_frame(presses)}


if __name__ == "__main__":
    for key, value in run_tui_bench().items():
        print(f"{key:28} {value}")
