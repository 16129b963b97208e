"""Issue 28, the game's story on screen: the chart over the replay (c), from the replay viewer and
the game-over dialog; moving on the chart moves the replay; the chances come from a worker with a
progress bar while the keys keep working; readable in the ASCII and monochrome themes."""

from __future__ import annotations

import pytest

from engine.core import Table
from engine.core.story import score_series
from tui.screens.game_over import GameOverScreen
from tui.screens.replay import ReplayScreen
from tui.screens.story import StoryChart, StoryScreen

from ..waiting import until
from .conftest import finished_match
from .textfit import screen_lines


def _replay_app(make_app, match, **overrides):
    """An app whose first screen is the replay viewer of ``match`` (finished)."""
    return make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)), **overrides)


def _game_over_app(make_app, match):
    return make_app(start=lambda app: GameOverScreen(Table(match, bot_delay=0.0)))


async def _open_chart(pilot):
    """The replay viewer first, then ``c``: the viewer and the chart's screen."""
    await pilot.pause()
    replay = pilot.app.screen
    await pilot.press("c")
    await pilot.pause()
    return replay, pilot.app.screen


async def _chances_ready(pilot, app, story):
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert story.chances is not None


async def test_c_opens_the_chart_and_arrows_move_the_replay_under_it(make_app):
    match = finished_match()
    app = _replay_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        replay, story = await _open_chart(pilot)
        assert isinstance(story, StoryScreen)
        await pilot.press("right", "right", "right")  # answered while the chances compute
        assert replay.stop_index == 3 and story.current == 3
        await _chances_ready(pilot, app, story)
        assert story.series == score_series(match.game, match.header.config, match.events, replay.stops)
        text = "\n".join(screen_lines(app))
        assert f"step 3/{len(replay.stops) - 1} · move {replay.numbers[3]}/" in text and "Scores" in text
        await pilot.press("w")
        await pilot.pause()
        assert "Chance of winning" in "\n".join(screen_lines(app))
        await pilot.press("t")
        await pilot.pause()
        assert replay.stop_index == story.points[0].step
        text = "\n".join(screen_lines(app))
        assert f"step {story.points[0].step}: a costly move" in text
        assert f"step {story.points[0].step}/" in text  # the caption's step is the costly move's
        await pilot.press("end", "escape")
        await pilot.pause()
        assert app.screen is replay and replay.cursor.at_end


async def test_a_click_on_the_chart_moves_the_replay(make_app):
    match = finished_match()
    app = _replay_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        replay, story = await _open_chart(pilot)
        chart = story.query_one(StoryChart)
        await pilot.click(StoryChart, offset=(chart.size.width - 3, 5))
        await pilot.pause()
        assert replay.stop_index > len(replay.stops) * 0.9
        await app.workers.wait_for_complete()


async def test_the_game_over_dialog_opens_the_chart_at_the_end(make_app):
    match = finished_match()
    app = _game_over_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        story = app.screen
        assert isinstance(story, StoryScreen) and story.current == len(story.series) - 1
        await _chances_ready(pilot, app, story)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("overrides", [{"ascii": True}, {"theme": "monochrome"}])
async def test_the_chart_reads_in_ascii_and_monochrome(make_app, overrides):
    match = finished_match()
    app = _replay_app(make_app, match, **overrides)
    async with app.run_test(size=(80, 24)) as pilot:
        _, story = await _open_chart(pilot)
        await _chances_ready(pilot, app, story)
        lines = screen_lines(app)
        text = "\n".join(lines)
        names = [s.name for s in match.header.seats]
        assert all(name[:12] in text for name in names)  # the legend and the caption name every seat
        assert "1" in text and "2" in text and "3" in text  # each line drawn with its seat number
        if overrides.get("ascii"):
            assert text.isascii()


async def test_closing_the_chart_while_the_chances_compute_keeps_them_for_its_reopening(make_app):
    """The worker outlives the chart's screen: what it finds after the chart was closed must not
    reach for that screen's widgets (which are gone), and reopening shows the finished chances."""
    match = finished_match()
    app = _replay_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        await pilot.press("c", "escape")  # closed at once, the computation under way
        await until(lambda: replay.story_chances is not None, what="the chances")
        await pilot.pause()
        assert app.screen is replay and app.return_code is None
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.chances is replay.story_chances


async def test_moving_along_the_chart_moves_its_marker_without_plotting_again(make_app):
    """A key on the chart re-plots nothing (plotext builds the curves once per size, theme and
    series); the marker lands where plotext's own upright line for that step would."""
    from textual_plotext import PlotextPlot

    from engine.core.story import draw_story

    match = finished_match()
    app = _replay_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        replay, story = await _open_chart(pilot)
        await _chances_ready(pilot, app, story)
        chart = story.query_one(StoryChart)
        built = chart.built()
        plots: list[int] = []
        original = chart.render

        def counted():
            plots.append(1)
            return original()

        chart.render = counted  # type: ignore[method-assign] # counted on this one chart
        width, height = chart.size
        reference = PlotextPlot()  # a plain plot of the same curves, for plotext's own line
        for step in (1, 5, len(story.series) // 2, len(story.series) - 1):
            story.seek(step)
            await pilot.pause()
            assert replay.stop_index == step
            shown = [chart.render_line(y).text for y in range(height)]
            draw_story(reference.plt, story.series, story.names, step, "Scores", columns=width)
            reference.plt.plotsize(width, height)
            own = reference.plt.build()
            draw_story(reference.plt, story.series, story.names, None, "Scores", columns=width)
            bare = reference.plt.build()
            assert _columns_changed(own, bare) == {built.column(step)}
            assert {x for y in range(height) for x in range(width) if shown[y][x] != built.lines[y].text[x]} == {
                built.column(step)
            }
        assert plots == [] and chart.built() is built


def _columns_changed(a: str, b: str) -> set[int]:
    from rich.text import Text

    lines_a, lines_b = Text.from_ansi(a).plain.split("\n"), Text.from_ansi(b).plain.split("\n")
    return {x for la, lb in zip(lines_a, lines_b) for x, (ca, cb) in enumerate(zip(la, lb)) if ca != cb}


async def test_a_click_picks_the_step_drawn_under_it(make_app):
    match = finished_match()
    app = _replay_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        replay, story = await _open_chart(pilot)
        chart = story.query_one(StoryChart)
        for step in (3, len(replay.stops) // 3, len(replay.stops) - 2):
            column = chart.built().column(step)
            await pilot.click(StoryChart, offset=(column, 8))
            await pilot.pause()
            assert chart.built().column(replay.stop_index) == column  # (steps share a column)
        await app.workers.wait_for_complete()


async def test_the_game_over_dialog_shows_every_button_whole_at_80x24(make_app):
    """The Chart button made the row wider than the dialog: "Title (t)" lost its key."""
    from textual.widgets import Button

    match = finished_match()
    app = _game_over_app(make_app, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert "Chart (c)" in labels and "Title (t)" in labels
        assert [label for label in labels if label not in text] == []


async def _chart_at_step_12(pilot, chances: bool = False):
    await pilot.pause()
    await pilot.press("c")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press(*["right"] * 12, *(["w"] if chances else []))
    await pilot.pause()


def test_snapshot_the_chart(snap_compare, make_app):
    match = finished_match()
    app = _replay_app(make_app, match)
    assert snap_compare(app, run_before=_chart_at_step_12, terminal_size=(80, 24))


def test_snapshot_the_chances_in_ascii_monochrome(snap_compare, make_app):
    match = finished_match()
    app = _replay_app(make_app, match, ascii=True, theme="monochrome")
    assert snap_compare(app, run_before=lambda pilot: _chart_at_step_12(pilot, True), terminal_size=(80, 24))
