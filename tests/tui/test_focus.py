"""Issue 9 item 1: whenever it is the viewer's turn and no dialog is open, the board has focus."""

from __future__ import annotations

import pytest

from tui.screens.play import PlayScreen

from .conftest import new_match, play_screen, settle


def board_has_focus(app) -> bool:
    screen = play_screen(app)
    focused = app.focused
    return focused is not None and screen.board in (focused, *focused.ancestors)


async def test_after_a_typed_move_the_board_takes_the_keys_back_on_the_next_turn(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert board_has_focus(app)
        await pilot.press("colon", "A", "1", "enter")
        await settle(pilot, app)
        await settle(pilot, app)
        assert match.to_act == {0} and app.screen is play_screen(app)
        assert board_has_focus(app), app.focused
        assert "arrows" not in str(app.screen.query_one("#command").value)
        # The footer offers the board's keys again, not only "Leave" and "Help".
        assert any(
            b.binding.description == "Pass" or b.node is not app.screen for b in app.screen.active_bindings.values()
        )
        before = len(match.entries)
        await pilot.press("enter", "enter")  # the arrows and enter work at once
        await settle(pilot, app)
        assert len(match.entries) > before


async def test_a_resize_below_the_minimum_and_back_gives_the_board_its_focus(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.set_focus(None)
        await pilot.resize_terminal(60, 20)
        await settle(pilot, app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        assert app.screen is play_screen(app)
        assert board_has_focus(app)


async def test_keys_typed_after_colon_stay_in_the_command_line_while_the_turn_begins(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", "A")
        play_screen(app).redraw()  # the turn begins while typing
        await pilot.press("1")
        command = app.screen.query_one("#command")
        assert command.has_focus and command.value.lstrip(":") == "A1"


async def test_esc_out_of_the_command_line_gives_the_board_the_keys_back(make_app, settings):
    """A refused typed move, then esc: the arrows and enter work again at once (before, the
    command line still counted as focused while its blur was pending, so nothing had focus)."""
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", "A", "9", "enter")  # refused: floors 1-4 only
        await settle(pilot, app)
        assert match.to_act == {0}
        await pilot.press("escape")
        await pilot.pause()
        assert board_has_focus(app), app.focused
        before = len(match.entries)
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        assert len(match.entries) > before


async def test_tab_only_reaches_widgets_that_are_visible(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for widget in app.screen.focus_chain:
            assert widget.display and widget.visible and widget.region.area > 0, widget


# -- item 10: leaving ---------------------------------------------------------------------


async def test_esc_cancels_a_half_made_move_then_asks_before_leaving(make_app, settings):
    from tui.screens.dialogs import ConfirmScreen
    from tui.screens.title import TitleScreen

    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        board = play_screen(app).board
        await pilot.press("enter")  # a figure picked: half a move
        assert board.picking is not None
        await pilot.press("escape")
        assert board.picking is None and app.screen is play_screen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "saved" in str(app.screen.question)
        await pilot.press("escape")  # no: stay
        await pilot.pause()
        assert app.screen is play_screen(app) and board_has_focus(app)
        await pilot.press("escape", "enter")  # issue 31: enter's answer is Stay
        await pilot.pause()
        assert app.screen is play_screen(app)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_quitting_asks_first(make_app):
    from tui.screens.dialogs import ConfirmScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, ConfirmScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running or app.return_code is not None


# -- item 12: only keys that can work now ------------------------------------------------


def footer_keys(app) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values() if b.binding.show and b.enabled}


async def test_undo_is_offered_only_when_it_can_work_and_says_why_when_pressed(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Undo" not in footer_keys(app)  # nothing to take back yet
        await pilot.press("u")
        assert "Cannot undo: you have no move to take back" in str(app.screen.query_one("#status").render())


async def test_after_game_over_the_command_line_is_closed_and_undo_is_gone(make_app):
    from engine.core import Table

    from tui.screens.game_over import GameOverScreen

    from .conftest import finished_match

    match = finished_match()
    app = make_app(start=lambda app: PlayScreen(Table(match, bot_delay=0.0), frozenset({0})))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        app.screen.dismiss(None)
        await settle(pilot, app)
        command = app.screen.query_one("#command")
        assert command.disabled
        await pilot.press("u", "colon", "x")
        assert command.value == ""
        assert not {"Undo", "Type"} & footer_keys(app)
        assert "over" in str(app.screen.query_one("#status").render())


@pytest.mark.parametrize("key", ["n", "s"])
async def test_tab_never_stops_on_a_form_container(make_app, key):
    """New game and Settings: every Tab lands on a field or a button, never on the invisible
    scrolling form around them (a Tab that seemed to do nothing)."""
    from textual.containers import ScrollableContainer
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        chain = app.screen.focus_chain
        assert chain
        assert not [w for w in chain if isinstance(w, ScrollableContainer) and not isinstance(w, Input)], chain
