"""Save as: never onto the game's own file, asks before replacing another, adds .jsonl, and says
where the game goes on saving."""

from __future__ import annotations

from engine.core import read_log
from engine.games import get_game
from tui.screens.dialogs import ConfirmScreen, PromptScreen
from tui.screens.play import PlayScreen

from .conftest import new_match, notifications, settle


async def _save_as(pilot, app, name: str) -> None:
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(app.screen, PromptScreen)
    assert "goes on saving to game.jsonl" in str(app.screen.query_one("Static").render())
    app.screen.query_one("#answer").value = name
    await pilot.press("enter")
    await pilot.pause()


async def test_save_as_refuses_the_games_own_file_adds_the_suffix_and_asks_before_replacing(
    make_app, settings, tmp_path
):
    match = new_match(settings.saves_dir, seed=2)
    own = settings.saves_dir / "game.jsonl"
    app = make_app(start=lambda app: PlayScreen(match))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await _save_as(pilot, app, str(own))
        assert any("own file" in message for message in said)
        await _save_as(pilot, app, str(tmp_path / "copy"))
        copy = tmp_path / "copy.jsonl"
        assert read_log(copy, get_game).entries == tuple(match.entries)
        copy.write_text("something else\n")
        await _save_as(pilot, app, str(copy))
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert copy.read_text() == "something else\n"
        await _save_as(pilot, app, str(copy))
        await pilot.press("y")
        await pilot.pause()
        assert read_log(copy, get_game).entries == tuple(match.entries)
    assert read_log(own, get_game).entries == tuple(match.entries)


async def test_save_as_into_a_folder_that_cannot_be_made_says_so_and_loses_nothing(make_app, settings, tmp_path):
    match = new_match(settings.saves_dir, seed=3)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for target in (blocker / "sub" / "x.jsonl", "/proc/nope/x.jsonl"):
            await _save_as(pilot, app, str(target))
            assert isinstance(app.screen, PlayScreen)
            refusal = [n.message for n in app._notifications if "Could not save" in n.message]
            assert refusal and "\n" not in refusal[-1]
            app._notifications.clear()
        seat = min(match.to_act)
        match.submit(seat, match.legal_actions(seat)[0])  # the game goes on saving
    assert read_log(settings.saves_dir / "game.jsonl", get_game).entries == tuple(match.entries)
