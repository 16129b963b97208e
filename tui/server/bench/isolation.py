"""Isolation: one client floods the server while another player types at their table.

Phases, in one run on one server: a baseline (nobody floods), then each flood in turn: 1 MB of
random bytes, 100 KB of OSC-52 (a clipboard escape sequence), letters typed into the move line
just inside the server's byte rate cap for 20 s (never disconnected: the flooder's
own process takes every key), and a client that announces a 10000x10000 terminal and then
resizes to 5000x5000 and back. Through every phase the other player types at their table; the
server's memory (PSS of all its processes: the front, the template, the sessions, the bot pool)
is sampled every 0.1 s. Figures: that player's key to frame (and its ratio to the baseline),
the memory the server grew by over the phase (from just before the flood), and how long until
the flooder was disconnected (the terminal: until it was told it is shown clamped).
"""

from __future__ import annotations

import asyncio

import asyncssh
import base64
import os
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

from .harness import (
    Scratch,
    Serve,
    Terminal,
    Typist,
    close_store,
    connect,
    hang_up,
    load_average,
    ms,
    new_player,
    open_lobby,
    own_table,
    p95,
    total_pss_kib,
    verdict,
)

PLAY_SCREEN = b"Moves"
CLAMPED = b") is larger than"  # (the toast wraps the rest of its line: "this server draws...")
_SAYS = re.compile(r"disconnected|clamped|session ended|failed")
LETTERS = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class IsolationConfig:
    random_bytes: int = 1 << 20
    osc52_bytes: int = 100 * 1024
    huge: tuple[int, int] = (10000, 10000)
    window: float = 6.0  # seconds the victim types in each phase
    steady_seconds: float = 20.0  # ... and while the steady flood goes on (its memory grows with time)
    keys_per_second: float = 4.0
    cap_rate: int = 4096  # the server's byte rate cap (Limits.input_rate): "steady" sends 90 % of it
    seed: int = 1


class Memory:
    """The server's memory (all its processes, PSS) sampled until stopped: the peak."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self._task: asyncio.Task | None = None

    def start(self) -> int:
        now = total_pss_kib(self.pid)
        self.peak = now
        self._task = asyncio.get_running_loop().create_task(self._sample())
        return now

    async def _sample(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self.peak = max(self.peak, await loop.run_in_executor(None, total_pss_kib, self.pid))
            await asyncio.sleep(0.1)

    async def stop(self) -> int:
        if self._task is not None:
            self._task.cancel()
        self.peak = max(self.peak, total_pss_kib(self.pid))
        return self.peak


def prepare(data_dir: Path, names: list[str], seed: int) -> dict[str, asyncssh.SSHKey]:
    """Each name a player with a King Up! table that waits for them."""
    store, accounts, lobby = open_lobby(data_dir)
    rng = random.Random(seed)
    keys = {}
    for name in names:
        keys[name] = new_player(accounts, name)
        own_table(accounts, lobby, name, ["bot:greedy", "bot:greedy"], rng)
    close_store(store, lobby)
    return keys


def osc52(size: int) -> bytes:
    """A clipboard-setting escape sequence about ``size`` bytes long."""
    return b"\x1b]52;c;" + base64.b64encode(os.urandom(size * 3 // 4)) + b"\x07"


async def flood_bytes(term: Terminal, data: bytes) -> float:
    """Send ``data`` at once; seconds until the server hung up (inf: it did not in 30 s)."""
    sent = term.send(data)
    try:
        await asyncio.wait_for(term.closed.wait(), 30)
    except TimeoutError:
        return float("inf")
    return (term.closed_at or time.perf_counter()) - sent


async def flood_at_cap(term: Terminal, seconds: float, rate: int) -> float:
    """Letters into the move line at ``rate`` a second, in chunks of a tenth of that, for
    ``seconds``: a client just inside the byte rate cap whose own process takes every key (as
    10,000 plain "A" at a table did). Returns the seconds until it was disconnected, or inf when
    it never was (it keeps within the limit)."""
    rng = random.Random(0)
    term.send(b":")  # the move line takes the keys (random bytes left the table, then quit)
    await asyncio.sleep(0.5)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and not term.closed.is_set():
        term.send(bytes(rng.choice(LETTERS) for _ in range(rate // 10)))
        await asyncio.sleep(0.1)
    return (term.closed_at - start) if term.closed_at is not None else float("inf")


async def phase(server: Serve, victim: Typist, config: IsolationConfig, flood=None, seconds: float = 0) -> dict:
    """The victim types for ``window`` s while ``flood`` (a coroutine function: returns the
    seconds until the flooder was dealt with) runs; memory from just before the flood."""
    victim.times = []
    memory = Memory(server.pid)
    before = memory.start()
    typing = asyncio.ensure_future(victim.type_for(seconds or config.window, config.keys_per_second))
    dealt = await flood() if flood is not None else None
    await typing
    peak = await memory.stop()
    return {"keys": list(victim.times), "grown": (peak - before) / 1024, "dealt": dealt}


async def run(config: IsolationConfig, port: int = 0) -> dict[str, str]:
    rng = random.Random(config.seed)
    names = ["victim", "noise", "paste", "steady", "huge"]
    with Scratch("bergfried-bench-isolation-") as data_dir:
        keys = prepare(data_dir, names, config.seed)
        server = Serve(data_dir, port, bot_workers=1)
        results: dict[str, dict] = {}
        try:
            port = await server.started()
            load_before = load_average()
            term = await connect(port, "victim", keys["victim"])
            await term.wait_for(PLAY_SCREEN, 0, timeout=60)
            victim = Typist(term, rng)
            results["baseline"] = await phase(server, victim, config)
            for name, data in (("noise", os.urandom(config.random_bytes)), ("paste", osc52(config.osc52_bytes))):
                flooder = await connect(port, name, keys[name])
                await flooder.wait_for(PLAY_SCREEN, 0, timeout=60)
                await asyncio.sleep(0.5)
                results[name] = await phase(server, victim, config, lambda f=flooder, d=data: flood_bytes(f, d))
                await hang_up([flooder])
            steady = await connect(port, "steady", keys["steady"])
            await steady.wait_for(PLAY_SCREEN, 0, timeout=60)
            await asyncio.sleep(0.5)
            rate = config.cap_rate * 9 // 10
            results["steady"] = await phase(
                server,
                victim,
                config,
                lambda: flood_at_cap(steady, config.steady_seconds, rate),
                config.steady_seconds,
            )
            await hang_up([steady])
            await asyncio.sleep(1.5)  # its process ends: the next phase's memory starts without it
            held: list[Terminal] = []
            results["huge"] = await phase(
                server, victim, config, lambda: huge_terminal(port, keys["huge"], config.huge, held)
            )
            await hang_up([*held, term])
            load_after = load_average()
            log = server.log_text()
        finally:
            server.stop()
    return report(results, config, load_before, load_after, log)


async def huge_terminal(port: int, key, huge: tuple[int, int], hold: list[Terminal]) -> float:
    """A client announcing a ``huge`` terminal, then resizing to half of it and back a few
    times: seconds from its connect until it is told it is shown clamped (inf: never)."""
    start = time.perf_counter()
    term = await connect(port, "huge", key, size=huge)
    hold.append(term)
    try:
        told = await term.wait_for(CLAMPED, 0, timeout=30, plain=True)
    except (TimeoutError, ConnectionError):
        return float("inf")
    assert term.chan is not None
    for size in [(huge[0] // 2, huge[1] // 2), huge] * 3:
        term.chan.change_terminal_size(*size)
        await asyncio.sleep(0.2)
    return told - start


def report(results: dict[str, dict], config: IsolationConfig, load_before: str, load_after: str, log: str) -> dict:
    base = results["baseline"]["keys"]
    base95 = p95(base) if base else float("nan")
    out = {
        "load average (1, 5, 15 min)": f"{load_before} before, {load_after} after",
        "other player's key to frame, no flood": ms(base, 1),
    }
    labels = {
        "noise": f"{config.random_bytes // 1024} KiB of random bytes",
        "paste": f"{config.osc52_bytes // 1024} KiB of OSC-52",
        "steady": f"{config.cap_rate * 9 // 10} letters a second for {config.steady_seconds:g} s",
        "huge": f"a {config.huge[0]}x{config.huge[1]} terminal",
    }
    for name, label in labels.items():
        r = results.get(name)
        if r is None:
            continue
        keys = r["keys"]
        key95 = p95(keys) if keys else float("inf")
        dealt = r["dealt"]
        if name == "huge":
            what = f"told it is shown clamped in {dealt:.2f} s (its login is in the memory)"
        elif name == "steady":
            what = "within the cap: not disconnected" if dealt == float("inf") else f"disconnected in {dealt:.2f} s"
        else:
            what = f"disconnected in {dealt:.2f} s ({verdict(dealt, 5)} ≤ 5 s)"
        out[f"flood: {label}"] = (
            f"key to frame {ms(keys, 1)} = {key95 / base95:.2f}x baseline p95 ({verdict(key95, 0.100)} ≤ 100 ms); "
            f"memory +{r['grown']:.1f} MiB ({verdict(r['grown'], 100)} ≤ 100 MiB); {what}"
        )
    said = []
    for name in labels:  # the first line on each flooder that says what was done about it
        line = next((x for x in log.splitlines() if f" {name}:" in x and _SAYS.search(x)), None)
        if line is not None:
            said.append(line.split(" ", 2)[-1])
    out["the server's log says"] = " | ".join(said) or "(nothing)"
    return out
