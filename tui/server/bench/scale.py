"""Scale: N players logged in to one server, some of them typing at a person's pace while bots
think at tables of their own, first with nobody chatting, then (the same typists, as long again)
while ``chatters`` other players talk in the lobby's chat; then logins with the N sessions idle;
then the private memory of each session's process.

A chatter goes from their table to the lobby (escape), opens the chat (ctrl+t) and says a line
every 2 to 4 seconds (typed, enter): every chatter's screen shows every line, so each line is a
frame at each of them, and a write the front tells every session of.

Every player has a King Up! table (them and two bots) whose opening bot moves are played
before the server starts, so it waits for them: an idle session draws nothing. ``bot_tables``
tables of three bots keep the bot pool thinking throughout (nobody watches them).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from .harness import (
    Scratch,
    Serve,
    Terminal,
    Typist,
    close_store,
    command_line,
    connect,
    cpu_ns,
    cpu_seconds,
    hang_up,
    load_average,
    ms,
    new_player,
    open_lobby,
    own_table,
    p95,
    process_tree,
    pss_kib,
    uss_kib,
    verdict,
)

#: What the play screen shows once drawn (its move list's title).
PLAY_SCREEN = b"Moves"
#: What it shows last: the move line's placeholder. (A first frame sent only what changed after
#: the one Textual drew and dropped while the App was starting: the move line and the side
#: panel's rule came a frame later, ~20 ms.)
WHOLE_SCREEN = b"type a move here"


@dataclass
class ScaleConfig:
    sessions: int = 200
    typists: int = 50
    keys_per_second: float = 2.0
    typing_seconds: float = 10.0
    chatters: int = 20  # players (not typists) who talk in the lobby while the typists type again
    logins: int = 20  # connections timed with every session idle
    bot_tables: int = 4
    bot_level: str = "expert"
    bot_workers: int = 2
    seed: int = 1


@dataclass
class Timings:
    first: list[float] = field(default_factory=list)  # connect to first frame, while logging in
    idle_first: list[float] = field(default_factory=list)  # ... with every session logged in, idle
    idle_whole: list[float] = field(default_factory=list)  # ... to the whole screen (its move line drawn)
    keys: list[float] = field(default_factory=list)  # key to frame, typing at a pace
    missed: int = 0  # keys whose echo never came
    chat_keys: list[float] = field(default_factory=list)  # key to frame, typing while others chat
    chat_missed: int = 0
    said: list[float] = field(default_factory=list)  # enter to the line on the chatter's own screen
    unsaid: int = 0  # lines that never showed
    # CPU of the session processes by what their players do: {phase: {kind: cores}}
    kinds: dict[str, dict[str, float]] = field(default_factory=dict)
    # the logins with N idle: the new session's CPU at its first frame (ms), and per login and
    # logout, the N idle sessions' CPU and the front's (ms)
    child_cpu: list[float] = field(default_factory=list)
    idle_cpu_per_login: float = float("nan")
    front_cpu_per_login: float = float("nan")


class Chatter:
    """A player talking in the lobby's chat: a line every 2 to 4 s, through the keys a person
    presses; each timed from its enter to the frame that shows it on their own screen."""

    def __init__(self, term: Terminal, name: str, rng: random.Random) -> None:
        self.term, self.name, self.rng = term, name, rng
        self.said: list[float] = []
        self.unsaid = 0

    async def to_lobby(self) -> None:
        """From the table to the lobby, the chat open with its typing line focused."""
        mark = len(self.term.data)
        self.term.send(b"\x1b")  # (a lone escape: the App's parser lets it through after a moment)
        await self.term.wait_for(b"Welcome", mark, timeout=30, plain=True)
        mark = len(self.term.data)
        await asyncio.sleep(0.5)  # the lobby takes its keys (its chat is the lobby's once it arrived)
        self.term.send(b"\x14")  # ctrl+t: the chat unfolds, its typing line focused
        await self.term.wait_for(b"say something", mark, timeout=30, plain=True)

    async def talk_for(self, seconds: float) -> None:
        deadline = time.perf_counter() + seconds
        await asyncio.sleep(self.rng.uniform(0, min(2.0, seconds / 2)))  # not in step
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            text = f"{self.name} says {n}".encode()
            mark = len(self.term.data)
            self.term.send(text)
            await asyncio.sleep(0.3)  # (typed, then sent: enter a moment later)
            sent = self.term.send(b"\r")
            try:
                shown = await self.term.wait_for(f"{self.name}: ".encode() + text, mark, timeout=5, plain=True)
                self.said.append(shown - sent)
            except (TimeoutError, ConnectionError):
                self.unsaid += 1
            await asyncio.sleep(max(0.0, self.rng.uniform(2.0, 4.0) - (time.perf_counter() - sent)))


def prepare(data_dir: Path, config: ScaleConfig) -> list:
    store, accounts, lobby = open_lobby(data_dir)
    rng = random.Random(config.seed)
    keys = []
    for i in range(config.sessions + config.logins):
        keys.append(new_player(accounts, f"p{i}"))
        own_table(accounts, lobby, f"p{i}", [f"bot:{config.bot_level}"] * 2, rng)
    for _ in range(config.bot_tables):
        lobby.create("house", "king-up", [f"bot:{config.bot_level}"] * 3)
    close_store(store, lobby)
    return keys


async def log_in(port: int, name: str, key, whole: list[float] | None = None) -> tuple[Terminal, float]:
    """A player's connection and the time from its TCP connect to their table's first frame (and
    to the whole screen, into ``whole``)."""
    start = time.perf_counter()
    term = await connect(port, name, key)
    shown = await term.wait_for(PLAY_SCREEN, 0, timeout=60)
    if whole is not None:
        whole.append(await term.wait_for(WHOLE_SCREEN, 0, timeout=60, plain=True) - start)
    return term, shown - start


def session_processes(server: Serve) -> list[int]:
    """The session processes: the template's children (the template is the front's child that
    runs ``tui.server.template``)."""
    tree = process_tree(server.pid)
    template = next((p for p in tree if "tui.server.template" in command_line(p) and _parent(p) == server.pid), None)
    return [p for p in tree if template is not None and _parent(p) == template]


def bot_processes(server: Serve) -> list[int]:
    return [p for p in process_tree(server.pid) if "multiprocessing.spawn" in command_line(p)]


def by_login(sessions: list[int]) -> list[int]:
    """The session processes in the order their players logged in (one at a time, each after
    the one before had drawn: their start times differ by more than a clock tick)."""

    def started(pid: int) -> tuple[int, int]:
        try:
            return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]), pid
        except (OSError, IndexError, ValueError):
            return 0, pid

    return sorted(sessions, key=started)


class KindCPU:
    """The CPU seconds of the session processes of each kind of player (typing at a table,
    chatting in the lobby, idle at a table) over a phase, in cores."""

    def __init__(self, kinds: dict[str, list[int]]) -> None:
        self.kinds = kinds
        self.start()

    def start(self) -> None:
        self.t0 = time.monotonic()
        self.c0 = {kind: cpu_seconds(pids) for kind, pids in self.kinds.items()}

    def cores(self) -> dict[str, float]:
        took = max(time.monotonic() - self.t0, 1e-9)
        return {kind: (cpu_seconds(pids) - self.c0[kind]) / took for kind, pids in self.kinds.items()}


async def timed_logins(server: Serve, port: int, keys: list, idle: list[int], config: ScaleConfig, timings: Timings):
    """N idle sessions: a login on top, then gone again, ``config.logins`` times: connect to
    first frame, the new session's CPU by then, and what the idle sessions and the front spent
    per login and logout (schedstat: exact)."""
    known = set(idle)
    c_idle, c_front = cpu_ns(idle), cpu_ns([server.pid])
    for j in range(config.logins):
        i = config.sessions + j
        term, took = await log_in(port, f"p{i}", keys[i], timings.idle_whole)
        timings.idle_first.append(took)
        new = [p for p in session_processes(server) if p not in known]
        timings.child_cpu.append(cpu_ns(new) / 1e9)
        known.update(new)
        await hang_up([term])
        for _ in range(100):  # its process gone (its leaving is part of the login's cost)
            if not any(Path(f"/proc/{p}").exists() for p in new):
                break
            await asyncio.sleep(0.02)
    await asyncio.sleep(0.5)  # the last logout's word reaches every session
    logins = max(config.logins, 1)
    timings.idle_cpu_per_login = (cpu_ns(idle) - c_idle) / 1e6 / logins
    timings.front_cpu_per_login = (cpu_ns([server.pid]) - c_front) / 1e6 / logins


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


async def run(config: ScaleConfig, port: int = 0) -> dict[str, str]:
    rng = random.Random(config.seed)
    timings = Timings()
    with Scratch("bergfried-bench-scale-") as data_dir:
        keys = prepare(data_dir, config)
        server = Serve(
            data_dir,
            port,
            bot_workers=config.bot_workers,
            max_connections=config.sessions + config.logins + 10,
        )
        terms: list[Terminal] = []
        try:
            port = await server.started()
            load_before = load_average()
            for i in range(config.sessions):  # one at a time: each meets the ones before it idle
                term, took = await log_in(port, f"p{i}", keys[i])
                terms.append(term)
                timings.first.append(took)
            await asyncio.sleep(2.0)  # the last logins settle
            sessions = by_login(session_processes(server))
            typed, chat_end = config.typists, config.typists + config.chatters
            per_kind = KindCPU(
                {"typing": sessions[:typed], "chatting": sessions[typed:chat_end], "idle": sessions[chat_end:]}
            )
            uss = [uss_kib(p) for p in sessions]
            pss = [pss_kib(p) for p in sessions]
            per_session = cpu_seconds(sessions) / max(len(sessions), 1)  # its start, and idle since
            c_idle, t_idle = cpu_seconds(sessions), time.monotonic()
            await asyncio.sleep(3.0)
            idle_busy = (cpu_seconds(sessions) - c_idle) / (time.monotonic() - t_idle)
            await timed_logins(server, port, keys, sessions, config, timings)
            bots, front = bot_processes(server), [server.pid]
            c_bots, c_front, c_sessions, t0 = (
                cpu_seconds(bots),
                cpu_seconds(front),
                cpu_seconds(sessions),
                time.monotonic(),
            )
            typists = [Typist(t, random.Random(rng.random())) for t in terms[: config.typists]]
            chatters = [
                Chatter(t, f"p{config.typists + i}", random.Random(rng.random()))
                for i, t in enumerate(terms[config.typists : config.typists + config.chatters])
            ]
            await asyncio.wait_for(asyncio.gather(*(c.to_lobby() for c in chatters)), 120)
            per_kind.start()
            typing = [t.type_for(config.typing_seconds, config.keys_per_second) for t in typists]
            await asyncio.wait_for(asyncio.gather(*typing), config.typing_seconds + 60)
            timings.kinds["quiet"] = per_kind.cores()
            timings.keys = [x for t in typists for x in t.times]
            timings.missed = sum(t.missed for t in typists)
            took = time.monotonic() - t0
            if chatters:  # the same typists as long again, while the chatters talk
                for t in typists:
                    t.times, t.missed = [], 0
                typing = [t.type_for(config.typing_seconds, config.keys_per_second) for t in typists]
                talking = [c.talk_for(config.typing_seconds) for c in chatters]
                per_kind.start()
                await asyncio.wait_for(asyncio.gather(*typing, *talking), config.typing_seconds + 60)
                timings.kinds["chatting"] = per_kind.cores()
                timings.chat_keys = [x for t in typists for x in t.times]
                timings.chat_missed = sum(t.missed for t in typists)
                timings.said = [x for c in chatters for x in c.said]
                timings.unsaid = sum(c.unsaid for c in chatters)
            bots_busy = (cpu_seconds(bots) - c_bots) / took
            front_busy = (cpu_seconds(front) - c_front) / took
            sessions_busy = (cpu_seconds(sessions) - c_sessions) / took
            load_after = load_average()
            await hang_up(terms)
        finally:
            server.stop()
    n = config.sessions
    key_p95 = p95(timings.keys) if timings.keys else float("inf")
    idle_p95 = p95(timings.idle_first) if timings.idle_first else float("inf")
    uss_mib = statistics.median(uss) / 1024 if uss else float("inf")
    return {
        "sessions": f"{n} logged in, {min(config.typists, n)} typing {config.keys_per_second:g} keys/s "
        f"for {config.typing_seconds:g} s; {config.bot_tables} tables of 3 {config.bot_level} bots",
        "load average (1, 5, 15 min)": f"{load_before} before, {load_after} after",
        "key to frame p50 / p95": f"{ms(timings.keys, 1)}, {timings.missed} unanswered in 5 s: "
        f"{verdict(key_p95, 0.100)} ≤ 100 ms",
        f"connect to first frame, {n} idle": f"{ms(timings.idle_first)}: {verdict(idle_p95, 0.150)} ≤ 150 ms",
        "  to the whole screen (its move line)": ms(timings.idle_whole),
        "  CPU per login, its own process": f"{ms(timings.child_cpu)} from its fork to its whole screen",
        f"  CPU per login and logout, the {n} idle": f"{timings.idle_cpu_per_login:.1f} ms in all "
        f"({timings.idle_cpu_per_login * 1000 / max(n, 1):.0f} µs each); "
        f"the front {timings.front_cpu_per_login:.1f} ms",
        **_chat_figures(config, timings, key_p95),
        "connect to first frame, logging in": ms(timings.first) + " (the i-th meets i-1 idle sessions)",
        "private memory per session (USS)": f"{uss_mib:.1f} MiB median, {max(uss, default=0) / 1024:.1f} max "
        f"({len(uss)} processes): {verdict(uss_mib, 20)} ≤ 20 MiB",
        "  proportional (PSS)": f"{statistics.median(pss) / 1024 if pss else 0:.1f} MiB median",
        "CPU of a session process": f"{per_session * 1000:.0f} ms from its fork to now (its start, then idle); "
        f"all {n} idle: {idle_busy:.2f} cores",
        "CPU while typing, in cores": f"sessions {sessions_busy:.2f}, front {front_busy:.2f}, bot pool {bots_busy:.2f}",
        **_kind_figures(timings),
    }


def _kind_figures(timings: Timings) -> dict[str, str]:
    """The sessions' cores by what their players do, quiet and while others chat."""
    return {
        f"  sessions' cores, {phase}": ", ".join(f"{kind} {cores:.2f}" for kind, cores in kinds.items())
        for phase, kinds in timings.kinds.items()
    }


def _chat_figures(config: ScaleConfig, timings: Timings, quiet_p95: float) -> dict[str, str]:
    """Key to frame again while ``chatters`` talk, and its ratio to the quiet typing before."""
    chatters = min(config.chatters, max(0, config.sessions - config.typists))
    if not chatters:
        return {"while chatting": "no chatters (--chatters 0, or every session types)"}
    p95_chat = p95(timings.chat_keys) if timings.chat_keys else float("inf")
    return {
        f"key to frame, {chatters} chatting": f"{ms(timings.chat_keys, 1)}, {timings.chat_missed} unanswered: "
        f"{verdict(p95_chat, 0.100)} ≤ 100 ms; p95 {p95_chat / quiet_p95:.2f}x the quiet typing's",
        "  a chat line, enter to own screen": f"{ms(timings.said)}, {timings.unsaid} never shown",
    }
