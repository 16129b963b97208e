"""Screenshots of every screen at 80×24, fixed theme and seed; stored in snapshots/test_snapshots/.

Update them after a deliberate change with ``python -m pytest tests/tui --snapshot-update``
and look at the SVGs before committing.
"""

from __future__ import annotations

import pytest

from engine.core import Table
from engine.core import replay as fold
from engine.games.king_up.events import RoundScored
from themes import THEME_NAMES
from tui.bots import make_bot
from tui.games.king_up import RoundEndScreen
from tui.screens.help import HelpScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import finished_match, new_match

SIZE = (80, 24)


def advance_until(match, stop):
    """Play every seat with the greedy bot until ``stop(match)`` holds."""
    bot = make_bot(match.game, "greedy")
    while not stop(match):
        seat = min(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal_actions(seat), match.rng("t")))
    return match


def mid_game():
    match = new_match(seed=2)
    return advance_until(match, lambda m: m.state.phase == "climbing" and m.to_act == {0})


def at_vote():
    return advance_until(new_match(seed=2), lambda m: m.state.phase == "voting" and 0 in m.to_act)


async def settle(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_title(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_new_game_setup(snap_compare, make_app):
    assert snap_compare(make_app(), press=["n"], terminal_size=SIZE)


def test_game_in_progress(snap_compare, make_app):
    match = mid_game()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle, press=["right"], terminal_size=SIZE
    )


def test_placing_a_figure_shows_the_floors_it_may_go_to(snap_compare, make_app):
    match = new_match(seed=2)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle, press=["enter"], terminal_size=SIZE
    )


def test_the_vote(snap_compare, make_app):
    match = at_vote()
    assert snap_compare(make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle, terminal_size=SIZE)


def test_round_scoring(snap_compare, make_app):
    match = finished_match()
    events = match.events
    cut = next(i for i, ev in enumerate(events) if isinstance(ev, RoundScored)) + 1
    view = match.game.view(fold(match.game, match.header.config, events[:cut]), 0)
    assert snap_compare(make_app(start=lambda app: RoundEndScreen(view, match.seats, 1)), terminal_size=SIZE)


def test_replay_viewer(snap_compare, make_app):
    match = finished_match()
    screen = lambda app: ReplayScreen.from_table(Table(match))  # noqa: E731
    assert snap_compare(make_app(start=screen), press=["pagedown", "right", "right", "right"], terminal_size=SIZE)


def test_help_keys(snap_compare, make_app):
    assert snap_compare(make_app(start=lambda app: HelpScreen()), terminal_size=SIZE)


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_board_in_every_theme(snap_compare, make_app, theme):
    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme)
    assert snap_compare(app, run_before=settle, terminal_size=SIZE)


def test_board_in_ascii_monochrome(snap_compare, make_app):
    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme="monochrome", ascii=True)
    assert snap_compare(app, run_before=settle, terminal_size=SIZE)
