"""Issue 9 item 11: the Load and Replays lists tell the truth whenever they are shown."""

from __future__ import annotations

from engine.core import write_log_atomic
from tui.screens.saves import SavesScreen

from .conftest import finished_match, new_match, settle


def rows(app) -> list[tuple]:
    table = app.screen.query_one("DataTable")
    return [tuple(table.get_row_at(i)) for i in range(table.row_count)]


async def test_lists_refresh_when_shown_and_load_points_to_replays(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    match.play(0, "A3")
    match.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot, app)
        replays = app.screen
        assert isinstance(replays, SavesScreen) and len(rows(app)) == 1
        await pilot.press("l")  # nothing bound: stays in Replays
        # Meanwhile a game finishes in this folder (another terminal, or the one just played).
        done = finished_match()
        write_log_atomic(settings.saves_dir / "done.jsonl", done.game, done.header, done.entries)
        app.push_screen(SavesScreen("load"))
        await settle(pilot, app)
        assert [r[3] for r in rows(app)] == ["move 1"], "the unfinished game only"
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.screen is replays and len(rows(app)) == 2, "Replays was refreshed on return"
        (settings.saves_dir / "game.jsonl").unlink()
        app.push_screen(SavesScreen("load"))
        await settle(pilot, app)
        assert rows(app) == []
        detail = str(app.screen.query_one("#detail").render())
        assert "No unfinished games" in detail and "1 finished game " in detail + " "
        await pilot.press("f5")
        await settle(pilot, app)
        assert "Replays" in str(app.screen.query_one("#detail").render())
