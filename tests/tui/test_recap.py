"""The "since your last turn" box: it opens by itself when another player's move touched you
(a robbery, and which tile), names the player, and l reopens it from the footer at 80x24."""

from __future__ import annotations

import random
from typing import Any

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from tui.screens.play import PlayScreen
from tui.screens.recap import RecapScreen

from .conftest import settle
from .textfit import screen_lines

SEATS = [Seat("You", "human"), Seat("Brunhild", "human")]


def new_match(seed: int) -> Match:
    game = get_game("castle-builder")
    return Match.new(game, GameConfig(2), SEATS, seed, path=None, created="2025-01-01T12:00:00", durable=False)


def about_to_rob_you() -> tuple[Match, Any]:
    """A Castle Builder game where Brunhild's (seat 1) next move robs you (seat 0) of a tile: the
    game and that move (found by playing on, then played again up to it: the draws are the same)."""
    for seed in range(60):
        match, rng, played = new_match(seed), random.Random(seed), []
        while not match.finished:
            seat = min(match.to_act)
            action = rng.choice(list(match.game.legal_actions(match.state, seat)))
            before = len(match.entries)
            match.submit(seat, action)
            if seat == 1 and any(_robs_you(e.event) for e in match.entries[before:]):
                again = new_match(seed)
                for by, done in played:
                    again.submit(by, done)
                return again, action
            played.append((seat, action))
    raise AssertionError("no robbery within 60 random games")


def _robs_you(event: Any) -> bool:
    return type(event).__name__ == "TileStolen" and event.victim == 0


def others_play_until_your_turn(table: Table) -> None:
    rng = random.Random(1)
    while not table.finished and 0 not in table.to_act:
        table.submit(1, rng.choice(list(table.legal_actions(1))))


def box_text(app) -> str:
    return "\n".join(screen_lines(app))


async def test_a_robbery_opens_the_recap_with_the_tile_taken_and_l_reopens_it(make_app):
    match, robbery = about_to_rob_you()
    table = Table(match)
    app = make_app(start=lambda app: PlayScreen(table, local_seats=frozenset({0})))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table.submit(1, robbery)  # Brunhild, at her own terminal
        others_play_until_your_turn(table)
        await settle(pilot, app)
        assert isinstance(app.screen, RecapScreen)
        text = box_text(app)
        assert "Since your last turn" in text and "Brunhild" in text
        assert "you lost " in text and "from your holder" in text
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)
        assert "l Recap" in screen_lines(app)[-1], screen_lines(app)[-1]
        await pilot.press("l")
        await settle(pilot, app)
        assert isinstance(app.screen, RecapScreen) and "you lost " in box_text(app)
        await pilot.press("a")  # everything Brunhild did, not only what touched you
        await pilot.pause()
        assert "only what touched you" in box_text(app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)
