"""Issue 9 item 7: King Up! has a legend of its marks under the board."""

from __future__ import annotations

from tui.screens.play import PlayScreen

from .conftest import new_match, settle
from .textfit import cut_text, screen_lines


async def test_the_king_up_board_explains_its_marks(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = "\n".join(screen_lines(app))
        for words in ("can move", "to move", "* you", "vote cards", "holds the crown", "throne"):
            assert words in shown, words
        assert not cut_text(app)
