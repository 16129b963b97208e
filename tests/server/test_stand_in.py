"""A bot takes the seat of a player who stays away (as long as the table's creator allows), and
the player takes it back on return; invitations hold a seat for a name nobody has logged in with."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, UTC

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby, LobbyError

from .conftest import until
from .stand_ins import alice_away_while_a_stand_in_plays
from .test_tables import at_table, focus, play_screen, showing


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def lobby_at(path, clock):
    return Lobby(path, TableHost(get_game, durable=False), clock=clock)


async def until_alice_acts(table) -> None:
    """bob plays (and the bot thinks) until seat 0, alice's, is to act."""
    for _ in range(50):
        await asyncio.wait_for(table.settled(), 10)
        if 0 in table.to_act:
            return
        if 1 in table.to_act:
            table.submit(1, table.legal_actions(1)[0])
    raise AssertionError("alice never had a turn")


async def test_a_bot_plays_for_a_player_away_too_long_and_she_takes_her_seat_back(tmp_path):
    clock = Clock()
    lobby = lobby_at(tmp_path, clock)
    record = lobby.create(
        "alice", "king-up", ["me", "invite:bob", "bot:random"], stand_in_after=3600, stand_in_level="random"
    )
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    bob = table.attach(1, lambda update: None)  # bob is at the table; alice is not
    await until_alice_acts(table)
    lobby.check_away()  # alice's away clock starts
    assert record.seats[0].away_since is not None and record.seats[1].away_since is None
    clock.now += timedelta(minutes=59)
    lobby.check_away()
    assert table.stand_ins == set() and 0 in table.to_act  # not long enough: her turn waits
    assert "a bot for now" not in lobby.summaries("bob")[0].seats[0]
    clock.now += timedelta(minutes=2)
    lobby.check_away()
    assert table.stand_ins == {0} and record.seats[0].stand_in
    assert lobby.summaries("bob")[0].seats[0] == "alice (a bot for now)"
    await asyncio.wait_for(table.settled(), 10)
    assert 0 not in table.to_act or table.finished  # the stand-in played her move
    bob.detach()
    lobby.close()

    again = lobby_at(tmp_path, clock)  # a restart keeps the stand-in
    again.restore()
    restored, kept = again.table(record.id), again.record(record.id)
    assert restored.stand_ins == {0} and kept.seats[0].stand_in and kept.stand_in_after == 3600
    again.arrive(record.id, "alice")  # she is back: the seat is hers again
    assert restored.stand_ins == set() and not kept.seats[0].stand_in
    assert kept.seats[0].away_since is None
    again.close()
    third = lobby_at(tmp_path, clock)
    assert not third.record(record.id).seats[0].stand_in
    third.close()


def test_no_stand_in_unless_the_creator_chose_one(tmp_path):
    clock = Clock()
    lobby = lobby_at(tmp_path, clock)
    record = lobby.create("alice", "king-up", ["me", "bot:random", "bot:random"])
    lobby.check_away()
    clock.now += timedelta(days=30)
    lobby.check_away()
    assert lobby.table(record.id).stand_ins == set() and record.seats[0].away_since is None
    with pytest.raises(LobbyError):
        lobby.create(
            "alice", "king-up", ["me", "bot:random", "bot:random"], stand_in_after=60, stand_in_level="no-such-bot"
        )
    lobby.close()


def test_an_invitation_may_name_a_player_who_never_logged_in(tmp_path):
    lobby = lobby_at(tmp_path, Clock())
    record = lobby.create("alice", "king-up", ["me", "invite:dave", "open"])
    assert record.seats[1].player == "dave" and not record.seats[1].joined
    assert lobby.summaries("dave")[0].invited
    with pytest.raises(LobbyError, match="not a player's name"):
        lobby.create("alice", "king-up", ["me", "invite:9 lives", "open"])
    lobby.close()


async def test_over_ssh_a_stand_in_plays_while_alice_is_gone_and_stops_when_she_is_back(away_server):
    server, lobby = away_server, away_server.service.lobby
    record, table = await alice_away_while_a_stand_in_plays(server)
    assert "alice (a bot for now)" in lobby.summaries("bob")[0].seats or table.finished
    if not table.finished:
        alice = await server.connect("alice", wait=None)  # back to her table, her seat again
        await until(at_table(server, "alice"), what="alice back")
        await until(lambda: table.stand_ins == set(), what="alice's seat hers again")
        assert not lobby.record(record.id).seats[0].stand_in
        assert (await play_screen(server, "alice"))["viewer"] == 0
        await alice.close()


async def test_over_ssh_a_new_table_invites_by_name_and_the_first_key_to_claim_it_sits(server):
    alice = await server.connect("alice")
    alice.press("n")
    await until(showing(server, "alice", "NewTableScreen"), what="the dialog")
    await alice.wait_for("A new table")  # drawn: its on_mount has set its seats
    await until(focus(server, "alice", focused="game"), what="the game chosen first")
    alice.press("\t" * 4)  # game, players, seat 2, seat 3: stand-in
    await until(focus(server, "alice", focused="stand-in"), what="the stand-in rule")
    alice.press("\r")
    await until(focus(server, "alice", focused_type="SelectOverlay"), what="its choices")
    alice.press("\x1b[B\r")  # a bot plays after 10 minutes away
    await until(focus(server, "alice", focused="stand-in", focused_value="600"), what="10 minutes")
    alice.press("\x1b[Z\x1b[Z")  # back to seat 2
    await until(focus(server, "alice", focused_type="Select", focused_value="open"), what="seat 2")
    alice.press("\r")
    await until(focus(server, "alice", focused_type="SelectOverlay"), what="seat 2's choices")
    alice.press("\x1b[B" * 6 + "\r")  # past the bots: invite by name…
    await until(focus(server, "alice", focused_type="EditLine"), what="the name field")
    alice.press("dave\r")
    lobby = server.service.lobby

    def created():
        lobby.poll()
        return lobby.summaries("alice")

    await until(created, what="the new table")
    record = lobby.record(lobby.summaries("alice")[0].id)
    assert record.seats[1].player == "dave" and not record.seats[1].joined
    assert (record.stand_in_after, record.stand_in_level) == (600, "greedy")
    assert not server.service.accounts.exists("dave")
    dave = await server.connect("dave")  # a new key claims the free name...
    await dave.wait_for("✉")  # ... and finds the invitation
    dave.press("\r")

    def seated():
        lobby.poll()
        return lobby.record(record.id).seat_of("dave") == 1

    await until(seated, what="dave in his seat")
    intruder = await server.connect("dave", key="mallory", wait="Choose a name")
    lobby.poll()
    assert lobby.record(record.id).seat_of("dave") == 1  # the name, and so the seat, is the first key's
    await asyncio.gather(alice.close(), dave.close(), intruder.close())
