"""Two players and a spectator at one King Up! table over SSH: moves, secrets, reconnect, restart."""

from __future__ import annotations

import asyncio

from engine.core.views import view_to_json

from .conftest import until


async def play_screen(server, name):
    """The player's table screen as their App describes it (its seat, the moves it lists, the
    view it draws), if it shows one (None while it starts)."""
    status = await server.status(name)
    return status and status["play"]


async def screen_of(server, name) -> str | None:
    status = await server.status(name)
    return status and status["screen"]


def at_table(server, name):
    async def check():
        return await play_screen(server, name) is not None

    return check


def focus(server, name, **want):
    """The player's App has the focus on a widget with these properties (focused, focused_type,
    focused_value as tui.server.probe describes them)."""

    async def check():
        status = await server.status(name)
        return status is not None and all(status[k] == v for k, v in want.items())

    return check


def moves_shown(screen) -> list[str]:
    return screen["moves"]


async def seat_three(server):
    """alice creates a table, bob joins its open seat, carol watches."""
    alice = await server.connect("alice")
    lobby = server.service.lobby
    record = lobby.create("alice", "king-up", ["me", "open", "bot:random"])
    bob = await server.connect("bob")
    await bob.wait_for(record.id)
    bob.press("\r")  # join the only table
    await until(at_table(server, "bob"), what="bob at the table")
    alice.press("\r")  # continue her game (one enter is enough)
    await until(at_table(server, "alice"), what="alice at the table")
    carol = await server.connect("carol")
    carol.press("w")
    await until(at_table(server, "carol"), what="carol watching")
    return alice, bob, carol, record, lobby.table(record.id)


async def test_players_see_their_seat_and_every_move_reaches_every_screen(server):
    alice, bob, carol, record, table = await seat_three(server)
    screens = {n: await play_screen(server, n) for n in ("alice", "bob", "carol")}
    assert (screens["alice"]["viewer"], screens["bob"]["viewer"], screens["carol"]["viewer"]) == (0, 1, None)
    # Play the placements, one by typing it over SSH, until the first vote.
    typed = False
    while len(table.to_act) == 1:
        seat = next(iter(table.to_act))
        if seat == 2:
            await until(lambda: len(table.to_act) != 1 or 2 not in table.to_act, what="bot move")
            continue
        text = table.format_action(seat, table.legal_actions(seat)[0])
        before = table.version
        if not typed:
            client = (alice, bob)[seat]
            client.press(":")
            await until(focus(server, ("alice", "bob")[seat], focused="command"), what="the move line")
            client.press(text + "\r")
            typed = True
        else:
            table.play(seat, text)
        await until(lambda before=before: table.version > before, what=f"move {text}")

    async def every_move_shown():
        shown = [moves_shown(await play_screen(server, n)) for n in screens]
        return all(moves == [line.text for line in table.move_lines()] for moves in shown)

    await until(every_move_shown, timeout=20, what="every move on every screen")
    assert typed and any(line.text.startswith(("alice", "bob")) for line in table.move_lines())
    assert {0, 1} <= table.to_act  # the vote (the bot may have voted)
    await until(lambda: 2 not in table.to_act, what="the bot's vote")
    vote = table.legal_actions(0)[0]
    table.submit(0, vote)
    views = {}

    async def voted_everywhere():
        views.update({n: (await play_screen(server, n))["view"] for n in screens})
        return all(
            views[n] == view_to_json(table.view(seat)) for n, seat in (("alice", 0), ("bob", 1), ("carol", None))
        )

    await until(voted_everywhere, what="the vote on every screen")
    assert views["alice"] == view_to_json(table.view(0)) and views["alice"]["my_vote"] is not None
    assert views["bob"] == view_to_json(table.view(1)) and views["bob"]["my_vote"] is None
    assert views["bob"]["my_goal"] != views["alice"]["my_goal"] or views["bob"]["my_goal"] is not None
    assert views["carol"] == view_to_json(table.view(None))
    assert views["carol"]["my_vote"] is None and views["carol"]["my_goal"] is None
    assert views["carol"]["voted"][0] and not views["carol"]["voted"][1]
    await asyncio.gather(alice.close(), bob.close(), carol.close())


async def test_a_dropped_player_comes_back_to_the_table(server):
    alice, bob, carol, record, table = await seat_three(server)
    await bob.close()
    await until(lambda: all(s.player.name != "bob" for s in server.service.sessions), what="bob gone")
    assert record.seat_of("bob") == 1
    bob = await server.connect("bob", wait=None)
    await until(at_table(server, "bob"), what="bob back at the table")
    assert (await play_screen(server, "bob"))["viewer"] == 1
    bob.press("\x1b")  # he started at the table: esc makes his lobby now

    async def in_lobby():
        return await screen_of(server, "bob") == "LobbyScreen"

    await until(in_lobby, what="bob's lobby")
    await bob.wait_for("Welcome, bob")
    await asyncio.gather(alice.close(), bob.close(), carol.close())


async def test_tables_survive_a_server_restart(server):
    alice, bob, carol, record, table = await seat_three(server)
    await until(lambda: 2 not in table.to_act, what="the bot's move")
    seat = next(iter(table.to_act))
    table.play(seat, table.format_action(seat, table.legal_actions(seat)[0]))
    lines = [line.text for line in table.move_lines()]
    await server.stop()
    await server.start()
    restored = server.service.lobby.table(record.id)
    # (the bot may already have played its next move at the restored table)
    assert [line.text for line in restored.move_lines()][: len(lines)] == lines
    assert restored.seats == table.seats
    alice = await server.connect("alice", wait=None)
    await until(at_table(server, "alice"), what="alice back at the table")
    await alice.close()


async def test_a_waiting_table_lists_in_the_lobby_and_can_be_left(server):
    alice = await server.connect("alice")
    record = server.service.lobby.create("alice", "king-up", ["me", "open", "invite:bob"])
    await alice.wait_for(record.id)  # (its row: "waiting", 1 seat free)
    await alice.wait_for("waiting")
    alice.press("x")
    lobby = server.service.lobby
    await until(lambda: record.id not in [r.id for r in lobby.records()], what="table gone")
    await alice.close()


async def test_idle_sessions_are_closed(tmp_path):
    from .conftest import Server

    srv = Server(tmp_path, idle_lobby=0.5, idle_check=0.2)
    await srv.start()
    try:
        alice = await srv.connect("alice", wait=None)
        await asyncio.wait_for(alice.closed.wait(), 10)
        assert "without a key" in alice.text
    finally:
        await srv.stop()


async def test_a_table_is_created_from_the_lobby(server):
    bob = await server.connect("bob")
    bob.press("n")
    await bob.wait_for("A new table")
    await until(focus(server, "bob", focused="game"), what="the form's first field")
    bob.press("\t" * 6)  # game, players, seat 2, seat 3, stand-in, its level: Create
    await until(focus(server, "bob", focused="create"), what="the Create button")
    bob.press("\r")
    lobby = server.service.lobby
    await until(lambda: lobby.summaries("bob"), what="the new table")
    summary = lobby.summaries("bob")[0]
    assert summary.your_seat == 0 and summary.free == len(summary.seats) - 1
    assert summary.status == "waiting"
    await bob.close()


def showing(server, name, screen):
    async def check():
        return await screen_of(server, name) == screen

    return check


async def test_a_lone_escape_is_a_key(server):
    bob = await server.connect("bob")
    bob.press("n")
    await until(showing(server, "bob", "NewTableScreen"), what="the dialog")
    bob.press("\x1b")  # nothing follows: the parser's timer flushes it
    await until(showing(server, "bob", "LobbyScreen"), what="back in the lobby")
    await bob.close()


async def test_escape_leaves_a_table_for_the_lobby_and_the_seat_stays(server):
    alice, bob, carol, record, table = await seat_three(server)
    bob.press("\x1b")
    await until(showing(server, "bob", "LobbyScreen"), what="bob in the lobby")
    assert record.seat_of("bob") == 1
    assert server.service.accounts.last_table("bob") is None
    await asyncio.gather(alice.close(), bob.close(), carol.close())
