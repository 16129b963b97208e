"""Between processes and hosts: two ``bergfried serve`` on one database (SQLite in one data
folder; PostgreSQL, as servers on two hosts would), alice logged in to the first, bob to the
second, at one Carcassonne: The Castle table. Each types their move on their own server's
move line; the figure is from the Enter that plays it to the frame on the *other* server's
screen that lists it (the move reaches the other server through the store: SQLite's change
check, or PostgreSQL's NOTIFY). The mover's own screen is timed too, for comparison.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from engine.core.moves import NAME_WIDTH
from engine.store.pg_cluster import Cluster, Unavailable

from .. import ensure_host_key
from .harness import (
    Scratch,
    Serve,
    Terminal,
    close_store,
    connect,
    hang_up,
    load_average,
    ms,
    new_player,
    open_lobby,
    p95,
    verdict,
)

GAME = "carcassonne-castle"  # two players who take turns, every move a short typed word
PLAYERS = ("alice", "bob")


def prepare(data_dir: Path, database: str | None):
    """The two players and their table; the bench's own store and table (to choose each move
    among the legal ones and to learn the line it lists)."""
    store, accounts, lobby = open_lobby(data_dir, database)
    keys = {name: new_player(accounts, name) for name in PLAYERS}
    record = lobby.create("alice", GAME, ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    for name in PLAYERS:
        accounts.set_last_table(name, record.id)
    return store, lobby, lobby.table(record.id), keys


async def one_move(table, seat: int, mover: Terminal, other: Terminal, rng: random.Random) -> tuple[float, float]:
    """``seat`` types a legal move and plays it: seconds from the Enter to the line on the
    other's screen and on the mover's own."""
    text = table.format_action(seat, rng.choice(table.legal_actions(seat)))
    mark = len(mover.data)
    mover.send(f":{text}".encode())
    await mover.wait_for(text.encode(), mark, timeout=10, plain=True)  # the line took the keys
    before, marks = table.version, (len(mover.data), len(other.data))
    sent = mover.send(b"\r")
    deadline = time.monotonic() + 10
    while table.version == before:  # the store has the move: which line lists it
        if time.monotonic() > deadline:
            raise TimeoutError(f"the move {text} was not played")
        await asyncio.sleep(0.005)
        table.refresh()
    line = next(m.text for m in reversed(table.move_lines()) if m.mover == seat)
    # the name and the move's first word: a narrow move list cuts the rest ("A11s M with a …")
    line = line[: NAME_WIDTH + 1] + line[NAME_WIDTH + 1 :].split()[0]
    shown_other = await other.wait_for(line.encode(), marks[1], timeout=10, plain=True)
    shown_own = await mover.wait_for(line.encode(), marks[0], timeout=10, plain=True)
    return shown_other - sent, shown_own - sent


async def play(moves: int, data_dirs: tuple[Path, Path], database: str | None, port: int, seed: int) -> dict:
    rng = random.Random(seed)
    store, lobby, table, keys = prepare(data_dirs[0], database)
    servers: list[Serve] = []
    other_times: list[float] = []
    own_times: list[float] = []
    note = ""
    try:
        for data_dir in data_dirs:  # (made now: two servers starting at once would both make one)
            ensure_host_key(data_dir / "host_key")
        for i, data_dir in enumerate(data_dirs):
            servers.append(Serve(data_dir, port + i if port else 0, database=database, bot_workers=1))
        await asyncio.gather(*(server.started() for server in servers))  # their templates warm up at once
        terms = [await connect(s.port, name, keys[name]) for s, name in zip(servers, PLAYERS)]
        for term in terms:
            await term.wait_for(b"Moves", 0, timeout=60)
        await asyncio.sleep(1.0)
        for _ in range(moves):
            if table.finished:
                break
            seat = min(table.to_act)
            try:
                other, own = await one_move(table, seat, terms[seat], terms[1 - seat], rng)
            except (TimeoutError, ConnectionError) as exc:
                note = f" (stopped early: {exc})"
                break
            other_times.append(other)
            own_times.append(own)
        await hang_up(terms)
    finally:
        for server in servers:
            server.stop()
        close_store(store, lobby)
    return {"other": other_times, "own": own_times, "note": note}


async def run(moves: int, port: int = 0, seed: int = 1) -> dict[str, str]:
    out = {"load average (1, 5, 15 min)": load_average()}
    with Scratch("bergfried-bench-hosts-") as folder:
        sqlite = await play(moves, (folder, folder), None, port, seed)
    out["SQLite, two server processes"] = figure(sqlite, 0.250)
    try:
        with Cluster("bergfried-bench-pg-") as cluster, Scratch("bergfried-bench-hosts-") as folder:
            url = cluster.new_database("bench")
            pg = await play(moves, (folder / "a", folder / "b"), url, port, seed)
        out["PostgreSQL, two servers"] = figure(pg, 0.150)
    except Unavailable as exc:
        out["PostgreSQL, two servers"] = f"skipped: {exc}"
    out["load average after"] = load_average()
    return out


def figure(result: dict, target: float) -> str:
    other = result["other"]
    worst = p95(other) if other else float("inf")
    return (
        f"on the other server's screen {ms(other, 1)}: {verdict(worst, target)} ≤ {target * 1000:.0f} ms; "
        f"on the mover's own {ms(result['own'], 1)}{result['note']}"
    )
