"""Chat and notices between real OS processes (multiprocessing "spawn": nothing inherited),
SQLite and PostgreSQL: bob's process hears every line said in another process, in order and
inert, and is told of an invitation made there."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from pathlib import Path

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import open_store
from engine.together.chat import LOBBY, Chat
from engine.together.session import Together

LINES = 5


def _bob(data_dir: str, url: str | None, results) -> None:
    try:
        results.put(asyncio.run(_listen(Path(data_dir), url, results)))
    except BaseException as exc:  # the parent says what went wrong
        results.put(("failed", repr(exc)))


async def _listen(data_dir: Path, url: str | None, results):
    store = open_store(data_dir, url, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False), bots="pool")
    lobby.watch()
    heard, told = [], []
    together = Together(lobby, "bob", on_chat=heard.extend, on_notices=told.extend)
    results.put(("ready", None))
    deadline = time.monotonic() + 60
    while (len(heard) < LINES or not told) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    together.close()
    lobby.close()
    store.close()
    return "done", ([(line.author, line.role, line.text) for line in heard], [(n.kind, n.text) for n in told])


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_chat_and_an_invitation_reach_another_os_process(backend, request, tmp_path):
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    store = open_store(tmp_path, url, durable=False)
    for name in ("alice", "bob", "carol"):
        store.claim(name, f"ssh-ed25519 AAAA{name}")
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    bob = context.Process(target=_bob, args=(str(tmp_path), url, results), daemon=True)
    bob.start()
    try:
        assert results.get(timeout=60) == ("ready", None)
        chat = Chat(store, burst=LINES)
        for i in range(LINES - 1):
            chat.say(LOBBY, "alice", f"line {i}\x1b[2J")
        chat.say(LOBBY, "carol", "me too")
        lobby = Lobby(store, TableHost(get_game, durable=False))
        record = lobby.create("alice", "king-up", ["me", "invite:bob", "open"])
        kind, got = results.get(timeout=60)
        assert kind == "done", got
        heard, told = got
        assert heard == [("alice", "lobby", f"line {i}␛[2J") for i in range(LINES - 1)] + [("carol", "lobby", "me too")]
        assert told == [("invited", f"alice invites you to King Up! ({record.id})")]
        lobby.close()
    finally:
        bob.join(30)
        if bob.is_alive():
            bob.kill()
        store.close()
