"""Issue 28: from the replay viewer, n plays on from the step shown as a new practice game."""

from __future__ import annotations

from engine.core import Table, read_log
from engine.games import get_game
from tui.screens.branch import BranchScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import finished_match, settle
from .textfit import screen_lines


async def test_n_plays_on_from_the_step_shown_with_the_seats_chosen(make_app, settings):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        # into round 2, where a round's scoring has been a step without a move of its own
        await pilot.press("pagedown", "right", "right")
        position, step = replay.cursor.position, replay.stop_index
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BranchScreen)
        # the move number the viewer shows (its status line), not the move list's row
        assert f"Play on from move {replay.numbers[step]}:" in "\n".join(screen_lines(app))
        assert replay.numbers[step] != step
        await pilot.press("ctrl+g")
        await settle(pilot, app)
        assert any(isinstance(s, PlayScreen) for s in app.screen_stack)
        files = list(settings.saves_dir.glob("*-branch*.jsonl"))
        assert len(files) == 1
        loaded = read_log(files[0], get_game)
        branch = loaded.header.branch
        assert branch.step == step and branch.source == "this game"
        assert "practice" in loaded.header.config.variants
        assert [e.event for e in loaded.entries[:position]] == match.events[:position]


async def test_n_at_the_end_of_a_finished_game_says_to_step_back(make_app):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        await pilot.press("end", "n")
        await pilot.pause()
        assert app.screen is replay
