"""A play screen's tick (the thinking spinner, restarting a bot that owes a move) sleeps while no
bot thinks and wakes at the table's next word: an SSH server keeps many idle screens."""

from __future__ import annotations

from tui.screens.play import PlayScreen

from ..waiting import ticks
from .conftest import new_match, play_screen, settle


async def test_an_idle_play_screen_sleeps_and_wakes_while_a_bot_thinks(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=0.6)  # the human starts
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = play_screen(app)
        drives = []
        table_drive = screen.table.drive_bots

        def counting() -> None:
            drives.append(1)
            table_drive()

        screen.table.drive_bots = counting
        await ticks(app, app.SPINNER_INTERVAL, 5)  # the screen's tick had 5 chances to run
        assert drives == [], "nobody thinks: the tick sleeps"
        spin = screen._spin
        await pilot.press("enter", "enter")  # the human's move: the bots reply, shown slowly
        await settle(pilot, app)
        await settle(pilot, app)
        assert len(match.entries) > 3, "both bots replied"
        assert screen._spin > spin, "the spinner turned while they thought"
        assert match.to_act == {0} and screen.table.thinking is None
        spin = screen._spin
        await ticks(app, app.SPINNER_INTERVAL, 4)
        assert screen._spin == spin, "asleep again once the bots have moved"
