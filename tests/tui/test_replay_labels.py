"""Issue 9 item 13: the replay's labels tell the truth (whose goal card, scored rounds, the
scoring step), and the vote dialog leaves the newest moves in sight."""

from __future__ import annotations

from engine.core import Table
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import finished_match, new_match, play_screen, settle
from .textfit import screen_lines


def text(app) -> str:
    return "\n".join(screen_lines(app))


async def test_replay_labels_at_the_scoring_step_and_as_another_seat(make_app):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        scoring = next(i for i, label in enumerate(replay.labels) if label.lstrip().startswith("scored"))
        replay.seek_stop(scoring)
        await pilot.pause()
        shown = text(app)
        assert "Round 1/3 · scored" in shown and "voting" not in shown.split("Moves")[0]
        assert "▶" not in "\n".join(line[48:] for line in screen_lines(app)[:8])
        assert "is scored" in shown and "secret until" not in shown
        await pilot.press("end", "v", "v")  # spectator -> seat 1 -> seat 2
        await pilot.pause()
        name = match.seats[1].name
        assert f"{name}'s goal card" in text(app) and "Your goal card" not in text(app)


async def test_the_vote_dialog_leaves_the_move_list_in_sight(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot, app)
            if type(app.screen).__name__ == "VoteScreen":
                break
            await pilot.press("enter")
        assert type(app.screen).__name__ == "VoteScreen"
        box = app.screen.query_one("#vote-box").region
        moves = play_screen(app).query_one("#moves").region
        assert not box.overlaps(moves)


async def test_viewing_a_seat_before_the_deal_does_not_say_spectating(make_app):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v", "home")  # seat 1, move 0: the replay starts with the round dealt
        await pilot.pause()
        shown = text(app)
        assert "Spectating" not in shown, shown
        assert f"{match.seats[0].name}'s goal card  worth 0 now" in shown.replace("\n", " ")


async def test_the_viewer_numbers_moves_as_replay_text_does(make_app, tmp_path):
    """Issue 30: the viewer counted "step 161/161" where `replay FILE --text` numbered the same
    game up to 121: both number by the log's moves now."""
    from engine.cli import replay_text
    from engine.core import read_log
    from engine.games import get_game

    from .conftest import replay_at_end

    match = finished_match()
    async with replay_at_end(make_app, match, tmp_path) as (pilot, viewer):
        loaded = read_log(tmp_path / "done.jsonl", get_game)
        lines = [line for line in replay_text(match.game, loaded) if line[:4].strip().isdigit()]
        last = int(lines[-1].split()[0])
        assert f"move {last}/{last}" in text(pilot.app)
        numbered = [str(o.prompt).split()[0] for o in viewer.query_one("#moves").options]
        said = len(viewer.labels[0].split(" · ")) - 1  # the set-up's lines, told on the start's line
        assert numbered[0] == "0" and said == sum(1 for line in lines if line.split()[0] == "0")
        assert numbered[1:] == [line.split()[0] for line in lines][said:], "each line numbered as --text numbers it"
