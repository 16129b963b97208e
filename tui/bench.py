"""``bergfried bench tui``: how fast the client starts and answers a key.

* Start-up: process start to the first frame of ``bergfried`` against a bare Textual app,
  both spawned as ``python -c`` children in headless mode that exit once their screen has
  been painted, in pairs so both see the same machine load, with 100 saves in the folder and
  bytecode cached for both. Target: median ratio of the pairs at most 1.3 until the title
  shows its game list and the Continue line.
* Key to frame: arrow keys on the board of every registered game the client can draw, in a
  headless app; each press is timed until the board has rendered the changed lines. Target:
  p95 under 30 ms (under 5 ms on the Carcassonne castle).

    from tui.bench import run_tui_bench
    figures = run_tui_bench()
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Both children report the moment their screen is first composited (Screen._compositor_refresh
# is where Textual paints a screen; hooking it is fine for a benchmark, not for the app).
# Bergfried also reports when the title shows the game list, which waits for the engine's
# game modules to import.
PROBE = """
import os, sys, time
from textual.screen import Screen
_paint = Screen._compositor_refresh
_seen = set()
def report(what):
    if what not in _seen:
        _seen.add(what)
        os.write(1, f"{what} {time.time()!r} {time.process_time()!r}\\n".encode())
def watched(self):
    _paint(self)
    if type(self).__name__ == TARGET:
        report("frame")
        games, hint = self.query("#game-list"), self.query("#continue-hint")
        if not games or (games.first().option_count and str(hint.first().render()).strip()):
            report("full")
            self.app.exit()
Screen._compositor_refresh = watched
"""

BARE = (
    PROBE
    + """
TARGET = "Screen"
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
Bare().run(headless=True, size=(80, 24))
"""
)

BERGFRIED = (
    PROBE
    + """
TARGET = "TitleScreen"
from pathlib import Path
from tui.app import BergfriedApp
from tui.settings import Settings
root = Path(sys.argv[1])
settings = Settings(config_dir=root / "config", saves_dir=root / "saves", persist=False)
BergfriedApp(settings).run(headless=True, size=(80, 24))
"""
)


def _child_env(pycache: Path) -> dict[str, str]:
    """The children's environment: bytecode cached in ``pycache`` for both (as an installed
    Bergfried has it), even where PYTHONDONTWRITEBYTECODE would have Bergfried's own modules
    compiled again at every start while Textual's come precompiled from site-packages."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def _spawn(code: str, *args: str, env: dict[str, str] | None = None) -> dict[str, float]:
    """Seconds from spawning the child to each moment it reports ("frame", "full"), and the
    child's CPU seconds by then ("frame_cpu", "full_cpu")."""
    start = time.time()
    child = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        env=env,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=60,
    )
    lines = [line.split() for line in child.stdout.decode().splitlines() if line.strip()]
    if "frame" not in {what for what, *_ in lines} or child.returncode:
        raise RuntimeError(f"bench child failed: {child.stderr.decode(errors='replace')[-500:]}")
    moments = {what: float(at) - start for what, at, _ in lines}
    moments.update({f"{what}_cpu": float(cpu) for what, _, cpu in lines})
    return moments


SAVES = 100


def _fill_saves(folder: Path, count: int = SAVES) -> None:
    """``count`` King Up! saves, most of them finished, the newest one still being played."""
    import random

    from engine.core import GameConfig, Match
    from engine.core.selfplay import bot_seats, game_seed
    from engine.games import get_game

    game = get_game("king-up")
    for i in range(count):
        match = Match.new(
            game,
            GameConfig(3),
            bot_seats(["random"] * 3),
            game_seed(9, i),
            path=folder / f"save-{i:03}.jsonl",
            durable=False,
        )
        rng = random.Random(i)
        moves = 8 if i == count - 1 or i % 10 == 0 else 100_000  # a few stay unfinished
        while moves and not match.finished:
            seat = min(match.to_act)
            match.submit(seat, rng.choice(match.legal_actions(seat)))
            moves -= 1
        match.close()


def startup(runs: int = 11) -> dict:
    """Seconds to first frame for a bare Textual app and for Bergfried's title screen, and to the
    title with its game list and Continue line filled in (100 saves in the folder).

    The two are started in pairs, one right after the other, so both see the same load; each
    pair gives a ratio, and the figures are the median ratio with the spread of the middle
    half of the pairs (on a busy machine single starts vary by half their time)."""
    bare, ours, full, bare_cpu, full_cpu = [], [], [], [], []
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "saves").mkdir()
        _fill_saves(Path(root) / "saves")
        env = _child_env(Path(root) / "pycache")
        for _ in range(2):  # bytecode and file cache for both; the first start checks the saves
            _spawn(BARE, env=env)
            _spawn(BERGFRIED, root, env=env)
        for i in range(runs):
            first_bare = i % 2 == 0  # alternate which goes first, so neither always has the cache warm
            if first_bare:
                bare_moments = _spawn(BARE, env=env)
            moments = _spawn(BERGFRIED, root, env=env)
            if not first_bare:
                bare_moments = _spawn(BARE, env=env)
            bare.append(bare_moments["frame"])
            bare_cpu.append(bare_moments["frame_cpu"])
            ours.append(moments["frame"])
            full.append(moments.get("full", moments["frame"]))
            full_cpu.append(moments.get("full_cpu", moments["frame_cpu"]))
    bare_s, ours_s, full_s = (statistics.median(x) for x in (bare, ours, full))
    ratios = sorted(f / b for f, b in zip(full, bare))
    quartile = len(ratios) // 4
    return {
        "startup_bare_s": round(bare_s, 3),
        "startup_bergfried_s": round(ours_s, 3),
        "startup_ratio": round(statistics.median(o / b for o, b in zip(ours, bare)), 2),
        "startup_target_ratio": 1.3,
        "startup_saves": SAVES,
        "startup_pairs": runs,
        "startup_title_with_games_and_continue_s": round(full_s, 3),
        "startup_title_with_games_and_continue_ratio": round(statistics.median(ratios), 2),
        "startup_ratio_middle_half": f"{ratios[quartile]:.2f}-{ratios[-1 - quartile]:.2f}",
        "startup_ratio_range": f"{ratios[0]:.2f}-{ratios[-1]:.2f}",
        # CPU seconds the child spent until then: far less moved by other processes' load.
        "startup_cpu_ratio": round(statistics.median(full_cpu) / statistics.median(bare_cpu), 2),
    }


# Arrow keys walked on every board: along a row and back, then down a column and back.
WALK = ("right",) * 6 + ("left",) * 6 + ("down",) * 3 + ("up",) * 3


def boards() -> list[str]:
    """The registered games the client can draw (each has a board to walk on)."""
    from engine.games import GAMES

    from .games import has_ui

    return [game_id for game_id in GAMES if has_ui(game_id)]


async def _key_latencies(game_id: str, presses: int) -> list[float]:
    """Seconds from each arrow key on ``game_id``'s board until the board has drawn its last line,
    in a headless app where seat 1 is the human to move and the others are greedy bots."""
    from engine.core import GameConfig, Match, Seat
    from engine.games import get_game

    from .app import BergfriedApp
    from .screens.play import PlayScreen
    from .settings import Settings
    from .widgets.grid import Grid

    game = get_game(game_id)
    players = game.min_players
    seats = [Seat("You", "human")] + [Seat(f"Bot {i}", "bot:greedy") for i in range(1, players)]
    with tempfile.TemporaryDirectory() as root:
        match = Match.new(game, GameConfig(players), seats, seed=1)
        settings = Settings(
            config_dir=Path(root),
            saves_dir=Path(root) / "saves",
            persist=False,
            cursor_blink=False,
            animations=False,
            bot_delay=0.0,
        )
        app = BergfriedApp(settings, start=lambda app: PlayScreen(match))
        latencies: list[float] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            grid = app.screen.query_one(Grid)
            grid.focus()
            await pilot.pause()
            rendered: list[float] = []
            original = grid.render_line

            def timed(y: int):
                strip = original(y)
                rendered.append(time.perf_counter())
                return strip

            grid.render_line = timed  # type: ignore[method-assign] # timed on this one grid
            for i in range(presses):
                rendered.clear()
                start = time.perf_counter()
                await pilot.press(WALK[i % len(WALK)])
                await pilot.pause()
                if rendered:
                    latencies.append(rendered[-1] - start)
        return latencies


def key_to_frame(presses: int = 100, games: list[str] | None = None) -> dict:
    """Median and p95 key-to-frame per game board (target: p95 under 30 ms; Carcassonne 5 ms)."""
    figures: dict = {}
    for game_id in boards() if games is None else games:
        latencies = sorted(asyncio.run(_key_latencies(game_id, presses)))
        name = game_id.replace("-", "_")
        figures[f"key_to_frame_{name}_samples"] = len(latencies)
        if latencies:
            p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
            figures[f"key_to_frame_{name}_median_ms"] = round(1000 * statistics.median(latencies), 2)
            figures[f"key_to_frame_{name}_p95_ms"] = round(1000 * p95, 2)
    figures["key_to_frame_target_p95_ms"] = 30
    return figures


def run_tui_bench(runs: int = 11, presses: int = 100) -> dict:
    """Both measurements as one dict of figures (seconds, milliseconds and ratios)."""
    return {**startup(runs), **key_to_frame(presses)}


if __name__ == "__main__":
    for key, value in run_tui_bench().items():
        print(f"{key:28} {value}")
