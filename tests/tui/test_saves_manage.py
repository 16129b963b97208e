"""Issue 31: Load and Replays delete and rename a save, each asked first and refused while the
game is being played; Replays names the winner and the scores."""

from __future__ import annotations

import os
from datetime import datetime

from engine.core import write_log_atomic
from tui.screens.dialogs import ConfirmScreen, PromptScreen
from tui.screens.saves import SavesScreen

from .conftest import finished_match, new_match, play_screen, notifications, replay_at_end, settle
from .textfit import screen_lines


def rows(app) -> list[tuple]:
    table = app.screen.query_one("DataTable")
    return [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


def write_finished(folder, name="done.jsonl"):
    done = finished_match()
    write_log_atomic(folder / name, done.game, done.header, done.entries)
    return done


async def test_replays_name_the_winner_and_the_scores(make_app, settings):
    done = write_finished(settings.saves_dir)
    result = done.game.result(done.state)
    app = make_app(start=lambda app: SavesScreen("replay"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        (row,) = rows(app)
        winner = done.header.seats[result.winners[0]].name
        assert row[3] == f"{winner} won · {'–'.join(str(x) for x in result.scores)}", row


async def test_delete_asks_first_and_enter_keeps_the_file(make_app, settings):
    write_finished(settings.saves_dir)
    path = settings.saves_dir / "done.jsonl"
    app = make_app(start=lambda app: SavesScreen("replay"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        await settle(pilot, app)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the default is Keep
        await settle(pilot, app)
        assert path.exists() and len(rows(app)) == 1
        await pilot.press("d", "y")
        await settle(pilot, app)
        assert not path.exists() and rows(app) == []


async def test_a_game_being_played_is_neither_deleted_nor_renamed(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)  # open: its writer holds the file's lock
    path = settings.saves_dir / "game.jsonl"
    app = make_app(start=lambda app: SavesScreen("load"))
    said = notifications(app)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("d", "y")
            await settle(pilot, app)
            assert path.exists() and any("Not deleted" in m and "being played" in m for m in said), said
            await pilot.press("r")
            await settle(pilot, app)
            await pilot.press("ctrl+a", *"other", "enter")
            await settle(pilot, app)
            assert path.exists() and any("Not renamed" in m for m in said), said
    finally:
        match.close()


async def test_rename_never_replaces_another_file(make_app, settings):
    write_finished(settings.saves_dir, "a.jsonl")
    write_finished(settings.saves_dir, "b.jsonl")
    app = make_app(start=lambda app: SavesScreen("replay"))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        first = app.screen.selected.path
        other = ({"a.jsonl", "b.jsonl"} - {first.name}).pop()
        await pilot.press("r")
        await settle(pilot, app)
        assert isinstance(app.screen, PromptScreen)
        await pilot.press("ctrl+u", *other.removesuffix(".jsonl"), "enter")
        await settle(pilot, app)
        assert first.exists() and any("exists already" in m for m in said), said
        await pilot.press("r")
        await settle(pilot, app)
        await pilot.press("ctrl+u", *"final-of-the-evening", "enter")
        await settle(pilot, app)
        assert not first.exists() and (settings.saves_dir / "final-of-the-evening.jsonl").exists()
        assert (settings.saves_dir / other).exists()
        assert len(rows(app)) == 2
        await pilot.press("r")  # enter on the name as proposed: nothing is renamed, nor said to be
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert (settings.saves_dir / "final-of-the-evening.jsonl").exists()
        assert "Renamed to final-of-the-evening.jsonl." not in said[-1:], said
        assert said[-1] == "final-of-the-evening.jsonl keeps its name.", said


async def test_a_game_left_can_be_renamed_and_deleted_and_the_list_keeps_its_place(make_app, settings):
    """Leaving a game kept it open in this process, its file locked, so Delete and Rename said
    "being played right now" about a game nobody was playing any more."""
    from tui.screens.play import PlayScreen

    write_finished(settings.saves_dir, "a-done.jsonl")  # a second row, so the cursor has a choice
    match = new_match(settings.saves_dir, seed=4)
    match.close()
    path = settings.saves_dir / "game.jsonl"
    app = make_app(start=lambda app: SavesScreen("load"))
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "⏎ Open" in screen_lines(app)[-1], "enter opens, and the footer says so"
        assert app.screen.selected.path == path and "game.jsonl · started 2025-01-01 12:00 · not started" in str(
            app.screen.query_one("#detail").render()
        )
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("escape", "y")  # leave it
        await settle(pilot, app)
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("r")
        await settle(pilot, app)
        await pilot.press("ctrl+u", *"left-game", "enter")
        await settle(pilot, app)
        renamed = settings.saves_dir / "left-game.jsonl"
        assert renamed.exists() and not path.exists(), said
        assert app.screen.selected.path == renamed, "the cursor stays on the file renamed"
        await pilot.press("d", "y")
        await settle(pilot, app)
        assert not renamed.exists(), said


async def test_a_replay_at_its_end_says_who_won(make_app, tmp_path):
    done = finished_match()
    result = done.game.result(done.state)
    names = [s.name for s in done.header.seats]
    async with replay_at_end(make_app, done, tmp_path) as (pilot, viewer):
        status = str(viewer.query_one("#status").render())
        assert f"{' and '.join(names[s] for s in result.winners)} won · " in status, status
        await pilot.press("home")
        await pilot.pause()
        assert " won" not in str(viewer.query_one("#status").render())


def save_after(folder, name: str, moves: int, played: datetime) -> None:
    """A King Up! save of the usual three players, started at the usual time, ``moves`` moves in
    and last written at ``played``."""
    match = new_match(None, seed=5)
    for _ in range(moves):
        seat = min(match.to_act)
        match.submit(seat, match.legal_actions(seat)[0])
    write_log_atomic(folder / name, match.game, match.header, match.entries)
    os.utime(folder / name, (played.timestamp(), played.timestamp()))


async def test_two_saves_of_one_game_are_told_apart(make_app, settings):
    """Two saves of the same game by the same players started at the same minute showed the same
    row ("King Up!  Ann, Bob, Cid  2025-01-01 12:00  in progress"): each now says when it was last
    played and how far it went, in the replay viewer's numbering."""
    save_after(settings.saves_dir, "early.jsonl", 2, datetime(2025, 1, 1, 12, 5))
    save_after(settings.saves_dir, "late.jsonl", 9, datetime(2025, 1, 1, 12, 40))
    app = make_app(start=lambda app: SavesScreen("load"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        late, early = rows(app)
        assert late[:2] == early[:2], "the same game and players"
        assert late[2:] == ("2025-01-01 12:40", "move 9") and early[2:] == ("2025-01-01 12:05", "move 2"), rows(app)
        header = [str(c.label) for c in app.screen.query_one("DataTable").ordered_columns]
        assert header == ["game", "players", "last played", "progress"]
        lines = screen_lines(app)
        assert any("12:40" in line and "move 9" in line for line in lines), lines
        detail = str(app.screen.query_one("#detail").render())
        assert detail == "late.jsonl · started 2025-01-01 12:00 · move 9", detail
        await pilot.press("enter")
        await settle(pilot, app)
        assert play_screen(app).table.save_path.name == "late.jsonl", "the row chosen is the game opened"


async def test_replays_tell_unfinished_saves_apart_too(make_app, settings):
    """Replays lists unfinished games as well: two of one game showed "in progress" alike."""
    save_after(settings.saves_dir, "early.jsonl", 2, datetime(2025, 1, 1, 12, 5))
    save_after(settings.saves_dir, "late.jsonl", 9, datetime(2025, 1, 1, 12, 40))
    app = make_app(start=lambda app: SavesScreen("replay"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert [row[3] for row in rows(app)] == ["move 9", "move 2"], rows(app)


async def test_an_autosave_and_its_copy_at_the_same_move_are_told_apart(make_app, settings):
    """Issue 31, tried as a user: "Save as" right after a move, and Load showed two rows alike
    ("Castle Builder  You, Adalbert  2026-11-28 23:53  move 2"); rows that would read alike
    name their file instead of the players (the end of it, where a copy's name differs)."""
    at = datetime(2025, 1, 1, 12, 5)
    save_after(settings.saves_dir, "20250101-120000-king-up.jsonl", 2, at)
    save_after(settings.saves_dir, "20250101-120000-king-up-copy.jsonl", 2, at)
    save_after(settings.saves_dir, "other.jsonl", 4, at)
    app = make_app(start=lambda app: SavesScreen("load"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = rows(app)
        assert len(set(shown)) == 3, shown
        cells = {row[1] for row in shown}
        assert any(c.endswith("king-up.jsonl") for c in cells) and any(c.endswith("-copy.jsonl") for c in cells)
        assert "You, Adalbert, Brunhild" in cells, "a row like no other keeps its players"
        assert all(c.startswith("file ") for c in cells - {"You, Adalbert, Brunhild"}), "not a player's name"
        lines = screen_lines(app)
        assert any("-copy.jsonl" in line for line in lines), lines
