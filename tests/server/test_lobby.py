"""The lobby without any UI: accounts, tables that wait, start, list and come back."""

from __future__ import annotations

import asyncio

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby, LobbyError, Login

KEY_A, KEY_B = "ssh-ed25519 AAAAalice", "ssh-ed25519 AAAAbob"


def test_the_first_key_owns_a_name(tmp_path):
    accounts = Accounts(tmp_path / "accounts.json")
    assert accounts.check("alice", KEY_A) is Login.CLAIM
    accounts.claim("alice", KEY_A)
    again = Accounts(tmp_path / "accounts.json")  # kept on disk
    assert again.check("alice", KEY_A) is Login.KNOWN
    assert again.check("alice", KEY_B) is Login.TAKEN
    assert again.check("bob", KEY_A) is Login.OTHER
    assert again.check("9lives", KEY_B) is Login.INVALID
    with pytest.raises(ValueError):
        again.claim("alice", KEY_B)


def lobby_at(path):
    return Lobby(path, TableHost(get_game, durable=False))


async def test_a_table_waits_for_its_seats_then_starts_and_survives_a_restart(tmp_path):
    lobby = lobby_at(tmp_path)
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "open"])
    assert record.status == "waiting" and lobby.table(record.id) is None
    assert lobby.summaries("bob")[0].invited
    with pytest.raises(LobbyError):
        lobby.create("alice", "king-up", ["me", "invite:alice", "open"])
    assert lobby.join(record.id, "carol") == 2  # the open seat, not bob's
    assert lobby.join(record.id, "bob") == 1  # the invitation: now full
    table = lobby.table(record.id)
    assert record.status == "playing"
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    with pytest.raises(LobbyError):
        lobby.join(record.id, "dave")
    turn = lobby.summaries("alice")[0]
    assert turn.to_act == tuple(["alice", "bob", "carol"][s] for s in sorted(table.to_act))
    seat = next(iter(table.to_act))
    table.play(seat, table.format_action(seat, table.legal_actions(seat)[0]))
    lines = [line.text for line in table.move_lines()]
    lobby.close()
    again = lobby_at(tmp_path)
    assert again.restore() == []
    assert [line.text for line in again.table(record.id).move_lines()] == lines
    again.close()
    await asyncio.sleep(0)


def test_the_last_player_out_removes_a_waiting_table(tmp_path):
    lobby = lobby_at(tmp_path)
    record = lobby.create("alice", "king-up", ["me", "open", "bot:random"])
    lobby.join(record.id, "bob")
    with pytest.raises(LobbyError):
        lobby.leave(record.id, "bob")  # started: the seat stays
    waiting = lobby.create("alice", "king-up", ["me", "open", "invite:bob"])
    lobby.leave(waiting.id, "alice")
    assert [s.id for s in lobby.summaries("alice")] == [record.id]
    lobby.close()


async def test_bots_think_in_the_server_process_pool(tmp_path):
    from tui.server.bots import BotPool

    with BotPool(1) as pool:
        lobby = Lobby(tmp_path, TableHost(get_game, executor=pool, durable=False))
        record = lobby.create("alice", "king-up", ["bot:greedy", "me", "bot:random"])
        table = lobby.table(record.id)
        for _ in range(4):  # the human plays whenever it is their turn
            await asyncio.wait_for(table.settled(), 30)
            if 1 in table.to_act:
                table.play(1, table.format_action(1, table.legal_actions(1)[0]))
        await asyncio.wait_for(table.settled(), 30)
        assert table.stopped is None
        assert any(line.text.startswith(("Greedy", "Random")) for line in table.move_lines())
        lobby.close()


def test_the_pools_workers_yield_the_cpu_to_the_server():
    import os

    from tui.server.bots import NICENESS, BotPool

    with BotPool(1) as pool:
        assert pool.submit(os.nice, 0).result(30) == min(os.nice(0) + NICENESS, 19)
