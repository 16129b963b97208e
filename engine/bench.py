"""`bergfried bench engine GAME`: random games per second, how long the game's longest save file
takes to open, and seeking in the replay cursor. Figures, not pass/fail: the closing notes quote them."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from engine.core import ReplayCursor, read_log
from engine.core.selfplay import game_seed, play_out
from engine.games import game_module, get_game

LONGEST_OF = 6  # whole games played at the most seats, of which the longest save file is opened
OPEN_TARGET_MS = 100  # what a player would notice


def run_engine_bench(game_id: str, games: int, seed: int) -> list[str]:
    game = get_game(game_id)
    players = min(max(game.min_players, 4), game.max_players)
    lines = [f"bench engine {game_id}: {players} players, random bots, seed {seed}"]
    start = time.perf_counter()
    events = 0
    for i in range(games):
        events += len(play_out(game, players, ["random"] * players, game_seed(seed, i)).entries)
    took = time.perf_counter() - start
    lines.append(
        f"  random games:        {games / took:8.1f} games/s  ({events / took:,.0f} events/s, "
        f"{events / games:.0f} events/game)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        longest = _longest_save(game, seed, Path(tmp))
        lines.append(_open_time(longest))
        lines += _seek(game, [longest])
    extra = _game_extras(game_id, seed)
    lines += [f"  {k + ':':<20} {v}" for k, v in extra.items()]
    return lines


def _longest_save(game, seed: int, folder: Path) -> Path:
    """The longest of LONGEST_OF save files of whole random games at the most seats."""
    paths = []
    for i in range(LONGEST_OF):
        path = folder / f"{i}.jsonl"
        play_out(game, game.max_players, ["random"] * game.max_players, game_seed(seed + 1, i), path=path)
        paths.append(path)
    return max(paths, key=lambda p: p.stat().st_size)


def _open_time(path: Path, runs: int = 5) -> str:
    """Opening a save file as a player does (read, every move decided again, the final state): the
    first time in this process, then the median of ``runs`` more."""
    first = _wall(read_log, path, get_game)
    again = statistics.median(_wall(read_log, path, get_game) for _ in range(runs))
    loaded = read_log(path, get_game)
    return (
        f"  longest save opens:  {first * 1000:8.1f} ms first, {again * 1000:.1f} ms again (median) "
        f"({len(loaded.entries):,} events, {path.stat().st_size / 1024:.0f} KB; target < {OPEN_TARGET_MS} ms)"
    )


def _wall(fn, *args) -> float:
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def _seek(game, paths: list[Path]) -> list[str]:
    loaded = max((read_log(p, get_game) for p in paths), key=lambda lg: len(lg.entries))
    events = [e.event for e in loaded.entries]
    cursor = ReplayCursor(game, loaded.header.config, events)
    rng = random.Random(0)
    times = []
    for _ in range(500):
        target = rng.randrange(len(events) + 1)
        t = time.perf_counter()
        cursor.seek(target)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    cold = ReplayCursor(game, loaded.header.config, events)
    t = time.perf_counter()
    cold.end()
    cold_ms = (time.perf_counter() - t) * 1000
    return [
        f"  seek (log of {len(events)}): mean {statistics.mean(times):.3f} ms, "
        f"p95 {times[int(len(times) * 0.95)]:.3f} ms, max {times[-1]:.3f} ms; cold seek to end "
        f"{cold_ms:.2f} ms (target < 20 ms)"
    ]


def _game_extras(game_id: str, seed: int) -> dict:
    """A game may add its own figures in engine/games/<game>/bench.py: bench(games, seed) -> dict."""
    try:
        module = game_module(game_id, "bench")
    except ModuleNotFoundError:
        return {}
    return module.bench(games=20, seed=seed)
