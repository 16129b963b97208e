"""Issue 31, Palais Royal at 80x24: the step bar and the line under it fit whole (the other steps
go down to their numbers when the bar is too wide), and the park's legend explains x2 and ●+."""

from __future__ import annotations

from themes import UNICODE
from tui.games.palais_royal.look import LEGEND, step_bar
from tui.screens.play import PlayScreen

from .conftest import settle
from .test_palais_royal_screen import advance_until, board, human_in_step, new_match


async def test_the_step_bar_and_its_detail_fit_at_80x24(make_app, settings):
    match = advance_until(new_match(settings.saves_dir), human_in_step(3))
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        steps = board(app).query_one("#steps")
        text = steps.text.plain
        assert len(text) <= steps.size.width, (text, steps.size.width)
        assert "3 Rooms" in text and text.rstrip().endswith("5 Cards"), text
        view, names = match.view(0), [s.name for s in match.seats]
        narrow = step_bar(view, names, UNICODE, app.theme_variables, width=30).plain
        assert narrow.split() == ["●", "1", "2", "3", "Rooms", "4", "5"], narrow  # the current step whole
        detail = board(app).query_one("#detail")
        assert len(str(detail.text)) <= detail.size.width, detail.text
        assert "x2: counts double in its row" in LEGEND and "●+ under a room: its majority" in LEGEND
