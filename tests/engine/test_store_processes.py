"""Two real OS processes (multiprocessing "spawn": nothing inherited) play one table through one
store, SQLite and PostgreSQL: each sees the other's moves, the two logs are the same, and a move
reaches the other process quickly (the figures are printed; docs/store.md has the measured ones).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time
from pathlib import Path

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import open_store

TARGET_LINES = 60  # the table's log length at which both stop


def _player(data_dir: str, url: str | None, table_id: str, seat: int, results) -> None:
    """One player's process: plays the first legal action whenever it is their turn."""
    try:
        results.put(asyncio.run(_play(Path(data_dir), url, table_id, seat)))
    except BaseException as exc:  # the parent says what went wrong
        results.put((seat, repr(exc), [], [], []))


async def _play(data_dir: Path, url: str | None, table_id: str, seat: int):
    store = open_store(data_dir, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    lobby.watch(interval=0.02)
    table = lobby.table(table_id)
    got: list[tuple[int, float]] = []  # (lines after an update from elsewhere, when it came)
    sent: list[tuple[int, float]] = []  # (lines after my move, when I made it)
    table.attach(seat, lambda update: got.append((table.seq, time.time())) if update.kind == "moved" else None)
    deadline = time.monotonic() + 120
    while not table.finished and table.seq < TARGET_LINES and time.monotonic() < deadline:
        if seat in table.to_act:
            started = time.time()
            table.submit(seat, table.legal_actions(seat)[0])
            sent.append((table.seq, started))
        await asyncio.sleep(0.002)  # the watcher's call lands on this loop
    lines = [line.text for line in table.move_lines()]
    lobby.close()
    store.close()
    return seat, None, sent, got, lines


def _latencies(sent, got) -> list[float]:
    """For each move one process made: how long until the other process's seat was told."""
    out = []
    for seq, started in sent:
        told = next((t for s, t in got if s >= seq), None)
        if told is not None:
            out.append(told - started)
    return out


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_processes_play_one_table_and_see_each_others_moves(backend, tmp_path, request):
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    players = [context.Process(target=_player, args=(str(tmp_path), url, record.id, seat, results)) for seat in (0, 1)]
    for p in players:
        p.start()
    out = {}
    for _ in players:
        seat, error, sent, got, lines = results.get(timeout=180)
        assert error is None, f"seat {seat}: {error}"
        out[seat] = (sent, got, lines)
    for p in players:
        p.join(30)
    assert out[0][2] == out[1][2] and len(out[0][2]) >= 10  # the same game in both
    assert out[0][0] and out[1][0]  # both played
    waits = _latencies(out[0][0], out[1][1]) + _latencies(out[1][0], out[0][1])
    assert len(waits) >= len(out[0][0]) + len(out[1][0]) - 2  # every move reached the other
    waits.sort()
    p95 = waits[int(0.95 * (len(waits) - 1))]
    print(
        f"\n{backend}: {len(waits)} moves between processes, p50 {statistics.median(waits) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {waits[-1] * 1000:.1f} ms"
    )
    assert p95 < 1.0  # the goal is 250 ms (SQLite) / 150 ms (PostgreSQL); a loaded CI machine gets slack
    lines = store.lines(record.id)
    assert len(lines) >= TARGET_LINES or lobby.table(record.id).finished
    lobby.close()


def _racer(data_dir: str, url: str | None, table_id: str, seat: int, ready, go, results) -> None:
    """One process of the race: opens the table, waits for the start, submits its move."""
    from engine.store import Conflict

    store = open_store(Path(data_dir), url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    table = lobby.table(table_id)
    start, conflicts, append = table.seq, [], store.append

    def counted(table_id, seq, lines, tx=None, **kwargs):  # which lines this process lost to another
        try:
            return append(table_id, seq, lines, tx, **kwargs)
        except Conflict:
            conflicts.append(seq)
            raise

    store.append = counted
    ready.put(start)
    go.wait(60)
    outcome = "played"
    try:
        table.submit(seat, table.legal_actions(seat)[0])
    except Exception as exc:  # refused on the new position: reported by name
        outcome = type(exc).__name__
    results.put((start, conflicts, outcome))
    lobby.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_four_processes_append_move_n_at_once_and_exactly_one_wins(backend, tmp_path, request):
    from engine.store.tables import load_lines

    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    seat = next(iter(lobby.table(record.id).to_act))
    context = multiprocessing.get_context("spawn")
    ready, go, results = context.Queue(), context.Event(), context.Queue()
    racers = [
        context.Process(target=_racer, args=(str(tmp_path), url, record.id, seat, ready, go, results)) for _ in range(4)
    ]
    for p in racers:
        p.start()
    starts = {ready.get(timeout=120) for _ in racers}  # every racer has the table open at line N
    assert len(starts) == 1
    n = starts.pop()
    go.set()
    out = [results.get(timeout=120) for _ in racers]
    for p in racers:
        p.join(30)
    winners = [conflicts for _start, conflicts, _outcome in out if n not in conflicts]
    assert len(winners) == 1, f"exactly one process wrote line {n}: {out}"
    assert sum(n in conflicts for _start, conflicts, _outcome in out) == 3  # the others all tried it
    assert all(outcome in ("played", "IllegalMove", "IllegalAction") for *_, outcome in out)
    lines = store.lines(record.id)
    assert len(lines) > n
    load_lines(lines, get_game)  # the log reads whole, every move decided again
    lobby.close()
