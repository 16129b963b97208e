"""`bergfried bench engine GAME`: random games per second, load+replay against bare JSON parsing,
and seeking in the replay cursor. Figures, not pass/fail: the closing notes quote them."""
from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from engine.core import ReplayCursor, read_log, rng_for
from engine.core.selfplay import game_seed, play_out
from engine.games import game_module, get_game

LOG_EVENTS = 5000
FIRST_LOADS = 7  # sets of such files, each loaded once, for the first time


def run_engine_bench(game_id: str, games: int, seed: int) -> list[str]:
    game = get_game(game_id)
    players = min(max(game.min_players, 4), game.max_players)
    lines = [f"bench engine {game_id}: {players} players, random bots, seed {seed}"]
    start = time.perf_counter()
    events = 0
    for i in range(games):
        events += len(play_out(game, players, ["random"] * players, game_seed(seed, i)).entries)
    took = time.perf_counter() - start
    lines.append(f"  random games:        {games / took:8.1f} games/s  ({events / took:,.0f} events/s, "
                 f"{events / games:.0f} events/game)")
    with tempfile.TemporaryDirectory() as tmp:
        sets = [_write_logs(game, players, seed + k, Path(tmp) / str(k)) for k in range(1 + FIRST_LOADS)]
        lines += _load_vs_parse(game, sets)
        lines += _seek(game, sets[-1][0])
    extra = _game_extras(game_id, seed)
    lines += [f"  {k + ':':<20} {v}" for k, v in extra.items()]
    return lines


def _write_logs(game, players: int, seed: int, folder: Path) -> tuple[list[Path], int]:
    """Save files holding at least LOG_EVENTS events in all (one game's log may be shorter)."""
    folder.mkdir()
    paths, total, i = [], 0, 0
    while total < LOG_EVENTS:
        path = folder / f"{i}.jsonl"
        total += len(play_out(game, players, ["random"] * players, game_seed(seed + 1, i), path=path).entries)
        paths.append(path)
        i += 1
    return paths, total


def _load_vs_parse(game, sets: list[tuple[list[Path], int]]) -> list[str]:
    """Loads of files read for the first time, as a player's load is: a game may keep what it
    read before (move texts, positions), which a set of files read again would find."""
    def parse_only(paths):
        for p in paths:
            for line in p.read_text("utf-8").splitlines():
                json.loads(line)

    def load_and_replay(paths):
        for p in paths:  # every load decides each move again and folds it: the state comes with it
            _ = read_log(p, get_game).state

    load_and_replay(sets[0][0])  # the code run once, as in a process that has loaded a game before
    loads, parses = [], []  # CPU time per event of each set's first load, and of parsing it
    for paths, total in sets[1:]:
        parses.append(_cpu(parse_only, paths) / total)  # once each, as the loads: both the best of as many runs
        loads.append(_cpu(load_and_replay, paths) / total)
    load, parse = min(loads), min(parses)  # the best runs, as _best_of takes them
    paths, total = sets[-1]
    again, parse_again = _best_of(load_and_replay, paths), _best_of(parse_only, paths)
    logs = [read_log(p, get_game) for p in paths]
    rules = _best_of(_rules_only, game, logs)
    return [f"  load+verify+replay:  {load * 1e6:8.2f} µs/event, files read for the first time (the best of "
            f"{len(loads)} sets of {len(paths)} files, {total:,} events)",
            f"  JSON parse only:     {parse * 1e6:8.2f} µs/event  -> ratio {load / parse:.2f}x (target <= 3x)",
            f"  the same read again: {again * 1000:8.1f} ms, parse {parse_again * 1000:.1f} ms -> ratio "
            f"{again / parse_again:.2f}x (with what the game kept from reading them)",
            f"  of which the rules:  {rules * 1000:8.1f} ms  ({rules / parse_again:.2f}x parse: to_act, "
            "parse_action, decide, evolve where decide did not fold)"]


def _rules_only(game, logs) -> None:
    """The game's own share of a load: read each move, decide it, fold its events (a decider that
    folded its events already hands back where they lead)."""
    for loaded in logs:
        seed, state, after = loaded.header.rng_seed, game.initial_state(loaded.header.config), None
        entries = loaded.entries
        for i, e in enumerate(entries):
            if e.move is not None:
                game.to_act(state)
                events = game.decide(state, e.by, game.parse_action(state, e.by, e.move), rng_for(seed, i))
                after = getattr(events, "after", None)
            if after is None:
                state = game.evolve(state, e.event)
            elif i + 1 == len(entries) or entries[i + 1].act != e.act:
                state, after = after, None


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
    return [f"  seek (log of {len(events)}): mean {statistics.mean(times):.3f} ms, "
            f"p95 {times[int(len(times) * .95)]:.3f} ms, max {times[-1]:.3f} ms; cold seek to end "
            f"{cold_ms:.2f} ms (target < 20 ms)"]


def _cpu(fn, *args) -> float:
    """The CPU time of one run of ``fn``: a ratio of two such figures holds on a busy machine."""
    t = time.process_time()
    fn(*args)
    return time.process_time() - t


def _best_of(fn, *args, runs: int = 5) -> float:
    """The best CPU time of ``runs`` runs: a ratio of two figures then holds on a busy machine."""
    return min(_cpu(fn, *args) for _ in range(runs))


def _game_extras(game_id: str, seed: int) -> dict:
    """A game may add its own figures in engine/games/<game>/bench.py: bench(games, seed) -> dict."""
    try:
        module = game_module(game_id, "bench")
    except ModuleNotFoundError:
        return {}
    return module.bench(games=20, seed=seed)
