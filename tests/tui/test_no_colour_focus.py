"""Under NO_COLOR a light background is drawn in reverse video (tui/no_colour.py). The New game
form's Start button, lit by its colour, was reversed while it did NOT have focus and plain while
it had it (Textual reverses a focused button: twice reversed is plain), and a focused list
showed by bold alone: a player saw the focus on Start while it was on the game's list."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Button, Select

from tui.no_colour import plain_style
from tui.screens.new_game import NewGameScreen

from .conftest import settle


def reversed_cells(widget) -> int:
    """How many of the widget's cells a terminal shows in reverse video under NO_COLOR."""
    size = widget.size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return sum(
        len(seg.text)
        for strip in strips
        for seg in strip
        if seg.style is not None and plain_style(seg.style).reverse and seg.text.strip()
    )


async def test_under_no_color_only_the_focused_field_or_button_is_in_reverse(make_app):
    app = make_app(start=lambda app: NewGameScreen(), no_color=True, theme="monochrome")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        start, back = screen.query_one("#start", Button), screen.query(Button).last()
        game = screen.query(Select).first()
        assert game.has_focus
        current = game.query_one("SelectCurrent #label")
        assert reversed_cells(current) > 0, "the focused list stands out"
        assert reversed_cells(start) == 0 and reversed_cells(back) == 0, "no button looks focused"
        start.focus()
        await pilot.pause()
        assert reversed_cells(start) > 0 and reversed_cells(back) == 0
        assert reversed_cells(current) == 0
