"""Issue 31, Castle Builder: the game-over ranking counts coins (it said "points"), and its
replay offers no round keys (the game has no rounds) while a game with rounds still does."""

from __future__ import annotations

from engine.core import Table
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from .conftest import finished_match, replay_at_end, settle
from .test_castle_builder_screen import advance_until, new_match
from .textfit import screen_lines


async def test_the_ranking_counts_coins(make_app):
    match = advance_until(new_match(7), lambda m: m.finished)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        text = "\n".join(screen_lines(app))
        assert "coins" in text and "points" not in text, text


async def test_only_a_game_with_rounds_offers_the_round_keys(make_app, tmp_path):
    match = advance_until(new_match(7), lambda m: m.finished)
    async with replay_at_end(make_app, match, tmp_path / "cb") as (pilot, replay):
        assert "Round" not in screen_lines(pilot.app)[-1], screen_lines(pilot.app)[-1]
    async with replay_at_end(make_app, finished_match(), tmp_path / "ku") as (pilot, replay):
        assert "PgDn Round" in screen_lines(pilot.app)[-1], screen_lines(pilot.app)[-1]
