"""`bergfried serve` as real OS processes: a SIGKILLed server leaves its port free and no process
behind, and a restart restores every table; two servers on one PostgreSQL serve one lobby (a
game across them, one killed, its player back at the other). Real asyncssh clients whose
screens a terminal emulator draws, on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import re

import asyncssh

from engine.core import TableHost
from engine.core.moves import NAME_WIDTH
from engine.games import get_game
from engine.lobby import Accounts, Lobby
from engine.store import open_store
from tui.server.server import key_text

from ..waiting import until
from .processes import ServeProcess, alive, listening, login


def seed(data_dir, database, names):
    """A store with an account (and a key) for each name, and a lobby over it."""
    store = open_store(data_dir, database, durable=False)
    accounts = Accounts(store)
    keys = {}
    for name in names:
        keys[name] = asyncssh.generate_private_key("ssh-ed25519")
        accounts.claim(name, key_text(keys[name]))
    return store, accounts, Lobby(store, TableHost(get_game, durable=False), bots="pool"), keys


def lines_of(store, table_id: str) -> int:
    return store.tables([table_id])[0]["lines"]


def at_table(screen, name: str) -> bool:
    """The player's screen shows their table: the move list and their own seat (name*)."""
    return screen.shows(r"\bMoves\b") and screen.shows(rf"\b{name}\*")


async def test_a_killed_server_frees_its_port_at_once_and_a_restart_restores_every_table(tmp_path):
    data = tmp_path / "server"
    store, accounts, lobby, keys = seed(data, None, ["alice"])
    mine = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    accounts.set_last_table("alice", mine.id)
    house = lobby.create("house", "king-up", ["bot:expert"] * 3)  # bots that think (a second a move)
    lobby.close()
    server = ServeProcess(data)
    port = await server.start()
    try:
        alice = await login(port, "alice", keys["alice"])
        await until(lambda: at_table(alice, "alice"), what="alice at her table")

        def thinking() -> bool:  # the pool holds the lease of the house table's next move
            rows = store.db.query("SELECT seq FROM leases WHERE table_id = ?", (house.id,))
            return bool(rows) and rows[0][0] == lines_of(store, house.id)

        await until(thinking, timeout=30, what="a bot thinking")
        left = server.descendants()  # the template, the bot pool, alice's process
        assert len(left) >= 3
        played = lines_of(store, house.id)
        server.kill()
        assert not listening(port)  # no child holds the listening socket
        await asyncio.wait_for(alice.closed.wait(), 5)  # her screen does not freeze: it is told
        await until(lambda: not any(alive(pid) for pid in left), timeout=15, what="every process of it ended")

        again = ServeProcess(data)
        assert await again.start(port) == port  # the same port, at once
        try:
            alice = await login(port, "alice", keys["alice"])
            await until(lambda: at_table(alice, "alice"), what="alice back at her table")
            assert lines_of(store, house.id) >= played  # nothing lost ...
            await until(lambda: lines_of(store, house.id) > played, timeout=30, what="the house's bots going on")
            alice.conn.close()
        finally:
            again.stop()
        assert "Traceback" not in server.log() + again.log()
    finally:
        server.stop()


async def test_a_killed_bot_worker_is_replaced_and_its_tables_bots_play_on(tmp_path):
    """The bot pool's worker dies (the kernel's out-of-memory killer, an operator's kill): the
    server says so in its log, starts another, and the bots play on."""
    import signal
    from pathlib import Path

    data = tmp_path / "server"
    store, _accounts, lobby, _keys = seed(data, None, [])
    house = lobby.create("house", "king-up", ["bot:random"] * 3)
    lobby.close()
    server = ServeProcess(data)
    await server.start()
    try:
        await until(lambda: lines_of(store, house.id) > 0, timeout=30, what="the house's bots playing")

        def workers() -> set[int]:
            return {
                pid
                for pid in server.descendants()
                if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
            }

        (worker,) = workers()
        os.kill(worker, signal.SIGKILL)
        played = lines_of(store, house.id)
        await until(lambda: f"(pid {worker}) ended" in server.log(), timeout=30, what="the log saying so")
        await until(lambda: bool(workers() - {worker}), what="another worker")
        await until(lambda: lines_of(store, house.id) > played, timeout=30, what="the house's bots going on")
        assert "Traceback" not in server.log()
    finally:
        server.stop()


async def test_a_session_template_that_ended_is_started_again(tmp_path):
    """Every login after the template died was refused ("try again soon") until the host
    restarted the server. The front starts another and the next login is served."""
    import signal
    from pathlib import Path

    data = tmp_path / "server"
    store, accounts, lobby, keys = seed(data, None, ["alice"])
    lobby.close()
    server = ServeProcess(data)
    port = await server.start()
    try:
        (template,) = (
            pid for pid in server.descendants() if b"tui.server.template" in Path(f"/proc/{pid}/cmdline").read_bytes()
        )
        os.kill(template, signal.SIGKILL)
        await until(lambda: f"template (pid {template}) ended" in server.log(), timeout=30, what="the log saying so")
        await until(lambda: "new session template" in server.log(), timeout=60, what="another template")
        alice = await login(port, "alice", keys["alice"])
        await until(lambda: alice.shows(r"Welcome|Moves"), what="alice's first screen")
        alice.conn.close()
        assert "Traceback" not in server.log()
    finally:
        server.stop()


def moved(screen, name: str, text: str) -> bool:
    """The screen's move list shows ``name``'s move ``text``."""
    return screen.shows(rf"\b{re.escape(name[:9])}\S*\s+{re.escape(text)}\s*$")


def last_move_shown(screen, table) -> bool:
    lines = table.move_lines()
    if not lines:
        return True
    line = lines[-1].text  # the name and the move's first word (a narrow list cuts the rest)
    words = line[NAME_WIDTH + 1 :].split()
    return screen.shows(re.escape(line[: NAME_WIDTH + 1] + (words[0] if words else "")))


async def play(player, table, lobby, seat: int, name: str) -> str:
    """``name`` types their seat's first legal move; returns its text once it is stored."""
    text = table.format_action(seat, table.legal_actions(seat)[0])
    before = table.seq
    # Typed once the player's own screen has the last move (as a player would): this process may
    # read a bot's move before the player's server has told their session of it.
    await until(lambda: last_move_shown(player, table), what=f"the last move on {name}'s screen")
    player.chan.write(b":")
    player.chan.write(text.encode() + b"\r")

    def stored() -> bool:
        lobby.poll()
        return table.seq > before

    await until(stored, what=f"{name}'s move {text} stored")
    return text


async def test_two_servers_on_one_postgresql_serve_one_game_and_a_player_moves_to_the_other(tmp_path, postgres_url):
    store, accounts, lobby, keys = seed(tmp_path / "setup", postgres_url, ["alice", "bob"])
    record = lobby.create("alice", "king-up", ["me", "invite:bob", "bot:random"])
    lobby.join(record.id, "bob")
    for name in ("alice", "bob"):
        accounts.set_last_table(name, record.id)
    a, b = ServeProcess(tmp_path / "a", postgres_url), ServeProcess(tmp_path / "b", postgres_url)
    port_a, port_b = await asyncio.gather(a.start(), b.start())
    try:
        alice = await login(port_a, "alice", keys["alice"])
        bob = await login(port_b, "bob", keys["bob"])
        await until(lambda: at_table(alice, "alice") and at_table(bob, "bob"), what="both at the table")
        table = lobby.table(record.id)
        players = {0: ("alice", alice), 1: ("bob", bob)}
        shown = []
        while len(shown) < 3:  # moves by both, each shown on the other's screen (on the other host)
            lobby.poll()
            human = sorted(seat for seat in table.to_act if seat in players)
            if not human:
                await until(lambda: lobby.poll() or any(s in players for s in table.to_act), what="a bot's move")
                continue
            name, screen = players[human[0]]
            text = await play(screen, table, lobby, human[0], name)
            other = bob if screen is alice else alice
            await until(
                lambda other=other, name=name, text=text: moved(other, name, text),
                what=f"{name}'s {text} on the other server's screen",
            )
            shown.append((name, text))

        a.kill()  # alice's server dies; her game lives on in the database
        await asyncio.wait_for(alice.closed.wait(), 5)
        alice = await login(port_b, "alice", keys["alice"])
        await until(lambda: at_table(alice, "alice"), what="alice at her seat, on the other server")
        assert all(moved(alice, name, text) for name, text in shown)  # nothing lost
        lobby.poll()
        assert table.stopped is None and not table.finished

        def humans_turn() -> list[int]:
            lobby.poll()
            return sorted(seat for seat in table.to_act if seat in players)

        await until(humans_turn, what="a player's turn after the kill")
        seat = humans_turn()[0]  # the game goes on: a move on server B reaches the other player
        name = players[seat][0]
        screen, other = (alice, bob) if name == "alice" else (bob, alice)
        text = await play(screen, table, lobby, seat, name)
        await until(lambda: moved(other, name, text), what=f"{name}'s {text} after the kill")
        alice.conn.close()
        bob.conn.close()
        assert "Traceback" not in a.log() + b.log()
    finally:
        lobby.close()
        a.stop()
        b.stop()
