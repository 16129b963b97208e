"""Issue 9 item 14: focus is visible on New game and Settings; a checkbox's on and off differ
by shape, not only by shade."""

from __future__ import annotations

from tui.widgets import OnOffCheckbox

from .textfit import screen_lines


def line_of(app, widget) -> str:
    region = widget.region
    return screen_lines(app)[region.y][region.x : region.right]


async def test_focused_fields_stand_out_and_checkboxes_show_on_and_off(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        theme = app.screen.query_one("#theme")
        assert theme.has_focus
        focused_bg = theme.query_one("SelectCurrent").styles.background
        await pilot.press("tab")
        await pilot.pause()
        unfocused_bg = theme.query_one("SelectCurrent").styles.background
        assert focused_bg != unfocused_bg
        assert abs(focused_bg.brightness - unfocused_bg.brightness) > 0.05 or focused_bg.rgb != unfocused_bg.rgb
        box = app.screen.query_one(OnOffCheckbox)
        off = line_of(app, box)
        box.value = not box.value
        await pilot.pause()
        on = line_of(app, box)
        assert off[1] == " " and on[1] not in " ", (on, off)  # a mark when on, an empty box off
        box.value = not box.value  # leave the setting as it was
