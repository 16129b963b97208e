"""Issue 31: a rules page is a few hundred lines at 80x24; ] and [ jump between its sections
and s lists them to jump to one, all named on the footer."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import TabbedContent

from tui.screens.help import HelpScreen, SectionsScreen

from .conftest import settle
from .textfit import screen_lines


def page(app) -> VerticalScroll:
    tabs = app.screen.query_one(TabbedContent)
    return tabs.get_pane(tabs.active).query_one(VerticalScroll)


def top_line(app) -> str:
    return screen_lines(app)[3].strip()


async def test_sections_are_a_key_away_on_a_rules_page(make_app):
    app = make_app(start=lambda app: HelpScreen("palais-royal"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        footer = screen_lines(app)[-1]
        assert "] Next section" in footer and "s Sections" in footer, footer
        titles = [label for label, _ in app.screen.sections()]
        assert titles[:3] == ["Palais Royal", "The table", "Set-up"]
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        assert "Set-up" in "\n".join(screen_lines(app)[2:6]), screen_lines(app)[:6]
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert "The table" in "\n".join(screen_lines(app)[2:6])
        await pilot.press("s")
        await settle(pilot, app)
        assert isinstance(app.screen, SectionsScreen)
        await pilot.press("end", "enter")  # the last section
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        assert titles[-1] in "\n".join(screen_lines(app)), "the last section is on screen (the page ends below it)"
        assert page(app).scroll_y == page(app).max_scroll_y > 100
