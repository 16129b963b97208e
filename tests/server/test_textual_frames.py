"""The server's first screens and frames (textual_frames, textual_private.first_screen) and
unchanged texts: the first frame is the finished screen, drawn once; a screen's first showing
styles nothing twice; a first screen can be switched away; a text updated to what it shows is
not drawn again. Each test also checks the Textual internals it relies on, so a Textual upgrade
that moves them fails here, loudly."""

from __future__ import annotations

import asyncio
import inspect

from textual import events
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from tui.server import textual_private


def _source(function) -> str:
    return inspect.getsource(getattr(function, "__wrapped__", function))


class Later(App):
    """A screen whose text is only finished "after the first refresh" (as a footer's keys are)."""

    CSS = "Static { color: red; }"

    def compose(self):
        yield Static("first", id="s")

    def on_mount(self) -> None:
        self.call_after_refresh(lambda: self.query_one("#s", Static).update("finished"))


async def _frames(app: App) -> list[str]:
    """The texts of the frames the App displays until it has settled."""
    frames: list[str] = []
    display = app._display

    def recording(screen, update) -> None:
        if update is not None:
            frames.append("".join(str(line) for line in screen._compositor.render_strips()))
        display(screen, update)

    app._display = recording
    async with app.run_test(size=(30, 5)) as pilot:
        for _ in range(4):
            await pilot.pause()
    return frames


def test_textual_still_draws_a_first_frame_before_the_after_refresh_callbacks():
    assert "self._invoke_and_clear_callbacks" in _source(Screen._on_timer_update)
    assert "self._callbacks.append(" in _source(Screen._invoke_later)
    textual_private.uninstall()
    try:
        frames = asyncio.run(_frames(Later()))
    finally:
        textual_private.install()
    assert "first" in frames[0] and "finished" in frames[-1]


def test_the_servers_first_frame_waits_for_them_and_is_the_only_one():
    textual_private.install()
    frames = asyncio.run(_frames(Later()))
    assert len(frames) == 1 and "finished" in frames[0]


def test_the_first_frame_does_not_wait_for_the_update_timers_tick():
    # Textual draws a dirty screen at its update timer's next tick, a period after it resumes.
    assert "self._update_timer.resume()" in _source(Screen._on_idle)
    assert "await sleep(wait_time)" in _source(Timer._run)
    # What the server reads to know a screen has settled.
    assert {"_layout_required", "_refresh_styles_required"} <= set(vars(Static()))
    assert Static()._message_queue.empty() is True
    textual_private.install()
    ticks: list[str] = []
    tick = Timer._tick

    async def counting(timer, *args, **kwargs):
        ticks.append(timer.name)
        return await tick(timer, *args, **kwargs)

    async def run() -> tuple[list[str], list[str]]:
        app = Later()
        ticked_before: list[str] = []
        display = app._display

        def recording(screen, update) -> None:
            if update is not None and not ticked_before:
                ticked_before.append(",".join(ticks) or "none")
            display(screen, update)

        app._display = recording
        Timer._tick = counting
        try:
            async with app.run_test(size=(30, 5)) as pilot:
                await pilot.pause()
        finally:
            Timer._tick = tick
        return ticked_before

    assert "screen_update" not in asyncio.run(run())[0]


def test_a_screens_first_showing_styles_its_nodes_once():
    source = _source(Screen._on_screen_resume)
    assert "if event.refresh_styles:" in source and "self.update_node_styles(" in source
    assert events.ScreenResume(refresh_styles=True).refresh_styles is True
    textual_private.install()
    restyled: list[Screen] = []
    update_node_styles = Screen.update_node_styles

    def counting(screen, *args, **kwargs):
        restyled.append(screen)
        return update_node_styles(screen, *args, **kwargs)

    async def run() -> tuple[str, int, int]:
        app = Later()
        Screen.update_node_styles = counting
        try:
            async with app.run_test(size=(30, 5)) as pilot:
                await pilot.pause()
                colour = app.query_one("#s", Static).styles.color.hex
                first = len(restyled)
                app.screen.post_message(events.ScreenResume())  # later: styled again, as ever
                await pilot.pause()
                return colour, first, len(restyled)
        finally:
            Screen.update_node_styles = update_node_styles

    colour, first, later = asyncio.run(run())
    assert colour == "#FF0000" and first == 0 and later == 1


def test_a_text_updated_to_what_it_shows_is_not_drawn_again():
    source = _source(Static.update)
    assert "self.__content = content" in source
    assert "self.__visual = visualize(self, content, markup=self._render_markup)" in source
    textual_private.install()

    async def run() -> list[bool]:
        app = Later()
        async with app.run_test(size=(30, 5)) as pilot:
            await pilot.pause()
            static = app.query_one("#s", Static)
            drawn = []
            for text in ("finished", Content("finished"), Content.from_markup("[b]finished"), "finished", "other"):
                app.screen._dirty_widgets.clear()
                static.update(text)
                drawn.append(static in app.screen._dirty_widgets or static._repaint_required)
                assert static.visual.plain == (text if isinstance(text, str) else text.plain)
                await pilot.pause()
            return drawn

    assert asyncio.run(run()) == [False, False, True, True, True]


def test_a_first_screen_can_be_switched_away_like_a_pushed_one():
    assert "._pop_result_callback()" in _source(App.switch_screen)
    assert "._push_result_callback(" in _source(App.push_screen)

    class Home(Screen):
        def compose(self):
            yield Static("home")

    class Other(Screen):
        def compose(self):
            yield Static("other")

    class First(App):
        def get_default_screen(self) -> Screen:
            return textual_private.first_screen(self, Home())

    async def run() -> list[type]:
        app = First()
        async with app.run_test(size=(30, 5)) as pilot:
            await pilot.pause()
            app.switch_screen(Other())
            await pilot.pause()
            return [type(s) for s in app.screen_stack]

    assert asyncio.run(run()) == [Other]
