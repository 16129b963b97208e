"""Save as: never onto the game's own file, asks before replacing another, adds .jsonl, and says
where the game goes on saving."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from engine.core import read_log
from engine.games import get_game
from tui.screens.dialogs import ConfirmScreen, PromptScreen
from tui.screens.play import PlayScreen

from ..waiting import until
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


async def test_save_as_with_the_name_emptied_stays_open_and_says_so(make_app, settings):
    """It closed with no word, as if it had saved (seen in tmux)."""
    match = new_match(settings.saves_dir, seed=4)
    app = make_app(start=lambda app: PlayScreen(match))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await _save_as(pilot, app, "  ")
        assert isinstance(app.screen, PromptScreen)
        assert "Type a name, or press esc to cancel." in said, said
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen)
    assert sorted(p.name for p in settings.saves_dir.iterdir() if p.suffix == ".jsonl") == ["game.jsonl"]


async def test_save_as_into_a_folder_that_cannot_be_made_says_so_and_loses_nothing(make_app, settings, tmp_path):
    match = new_match(settings.saves_dir, seed=3)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        said = notifications(app)
        for target in (blocker / "sub" / "x.jsonl", "/proc/nope/x.jsonl"):
            await _save_as(pilot, app, str(target))
            assert isinstance(app.screen, PlayScreen)
            refusal = [m for m in said if "Could not save" in m]
            assert refusal and "\n" not in refusal[-1]
            said.clear()
        seat = min(match.to_act)
        match.submit(seat, match.legal_actions(seat)[0])  # the game goes on saving
    assert read_log(settings.saves_dir / "game.jsonl", get_game).entries == tuple(match.entries)


async def _answer(pilot, app, name: str) -> None:
    """Save as, with ``name`` typed over the proposed answer, key by key as a player types it."""
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(app.screen, PromptScreen)
    await pilot.press(*name, "enter")
    await pilot.pause()


async def test_save_as_takes_a_full_path_a_name_alone_a_folder_and_a_missing_folder(make_app, settings, tmp_path):
    match = new_match(settings.saves_dir, seed=4)
    app = make_app(start=lambda app: PlayScreen(match))
    said = notifications(app)
    wanted = tuple(match.entries)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        cases = [
            (str(tmp_path / "trysv" / "copy.jsonl"), tmp_path / "trysv" / "copy.jsonl"),  # folder made
            ("mine", settings.saves_dir / "mine.jsonl"),  # a name alone: the saves folder
            ("sub/two.jsonl", settings.saves_dir / "sub" / "two.jsonl"),
            (str(tmp_path) + "/", tmp_path / "game-copy.jsonl"),  # a folder: the proposed name in it
        ]
        for typed, where in cases:
            said.clear()
            await _answer(pilot, app, typed)
            assert isinstance(app.screen, PlayScreen)
            assert read_log(where, get_game).entries == wanted, typed
            assert said == [f"Saved a copy to {where}; the game goes on in game.jsonl."]


async def test_save_as_over_an_existing_file_keeps_it_on_enter_and_says_so(make_app, settings, tmp_path):
    match = new_match(settings.saves_dir, seed=5)
    taken = tmp_path / "taken.jsonl"
    taken.write_text("someone's notes\n")
    app = make_app(start=lambda app: PlayScreen(match))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await _answer(pilot, app, str(taken))
        assert isinstance(app.screen, ConfirmScreen)
        assert str(taken) in str(app.screen.query_one("Static").render())
        await pilot.press("enter")  # the safe answer: keep it
        await pilot.pause()
        assert taken.read_text() == "someone's notes\n"
        assert said[-1] == f"Nothing saved: {taken} is kept as it was."


async def test_a_name_typed_on_as_the_dialog_opens_is_not_lost_nor_played_on_the_board(make_app, settings, tmp_path):
    """Under load the keys after "a" arrive before the dialog has drawn: they all land in it, in
    order, over the proposed name, and none reaches the board (the tryout of issue 31 lost them)."""
    match = new_match(settings.saves_dir, seed=6)
    target = settings.saves_dir / "hullo.jsonl"  # h, u, l: the board's Hint, Undo and Recap keys
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        before = tuple(match.entries)
        for key in "ahullo":  # posted at once: nothing runs between them
            app.post_message(events.Key(key, key))
        await until(lambda: isinstance(app.screen, PromptScreen) and app.screen.query("#answer"))
        answer = app.screen.query_one("#answer", Input)
        await until(lambda: answer.value == "hullo", what="the name typed on, whole, in the dialog")
        await pilot.press("enter")
        await until(lambda: target.exists())
        assert read_log(target, get_game).entries == before == tuple(match.entries)
        assert [type(s) for s in app.screen_stack][-1] is PlayScreen


async def test_a_typed_on_the_move_line_is_a_letter_not_save_as(make_app, settings):
    match = new_match(settings.saves_dir, seed=7)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", "a", "b")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.query_one("#command", Input).value.endswith("ab")


async def test_a_letter_typed_on_the_ok_button_leaves_the_answer_alone(make_app, settings):
    match = new_match(settings.saves_dir, seed=8)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        await pilot.pause()
        answer = app.screen.query_one("#answer", Input)
        proposed = answer.value
        await pilot.press("tab", "x")  # the focus on OK
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and answer.value == proposed


async def test_a_game_open_elsewhere_is_named_once(make_app, settings):
    """Continue on a game another window plays said "x.jsonl: x.jsonl: this game is open
    elsewhere" (seen in tmux): the file is named once, and the title stays."""
    from tui.screens.start import resume_game
    from tui.screens.title import TitleScreen

    match = new_match(settings.saves_dir, seed=4)  # holds the file, as the other window does
    app = make_app()
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert resume_game(app, settings.saves_dir / "game.jsonl") is None
        await pilot.pause()
        assert said == ["game.jsonl: this game is open elsewhere"], said
        assert isinstance(app.screen, TitleScreen)
    match.close()
