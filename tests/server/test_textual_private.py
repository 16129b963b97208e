"""The Textual internals the server overrides: fail loudly when an upgrade moves them."""

from __future__ import annotations

import contextlib
import gc
import inspect
import sys
import weakref

import textual.app as textual_app
from textual._xterm_parser import XTermParser

from tui.server import textual_private
from tui.server.textual_private import SessionParser, session_console


def test_textual_still_redirects_stdout_by_these_names():
    source = inspect.getsource(textual_app.App._process_messages)
    assert "redirect_stdout(" in source and "redirect_stderr(" in source


def test_the_server_process_keeps_its_stdout():
    textual_private.install()
    before = sys.stdout
    with textual_app.redirect_stdout(object()):
        assert sys.stdout is before


def test_the_parser_cache_is_still_an_lru_cache_and_ours_has_none():
    assert hasattr(XTermParser._parse_extended_key, "cache_info")
    parser = SessionParser()
    list(parser.feed("\x1b[97u"))
    ref = weakref.ref(parser)
    del parser
    gc.collect()
    assert ref() is None


def test_a_session_console_reads_the_clients_terminal():
    assert session_console({"TERM": "xterm-256color", "COLORTERM": "truecolor"}).color_system == "truecolor"
    assert session_console({"TERM": "xterm-256color"}).color_system == "256"
    assert session_console({"TERM": "dumb"}).color_system is None


def test_an_input_still_sizes_itself_in_its_value_watcher_and_ours_needs_no_layout():
    import asyncio

    from textual.app import App
    from textual.widgets import Input

    textual_private.install()
    textual = inspect.getsource(getattr(Input._watch_value, "__wrapped__", Input._watch_value))
    assert "self.virtual_size = Size(self.content_width, 1)" in textual

    class One(App):
        def compose(self):
            yield Input(id="i")

    async def typed():
        app = One()
        async with app.run_test(size=(30, 5)) as pilot:
            field = app.query_one(Input)
            field.focus()
            await pilot.pause()
            layouts = []
            screen_refresh = type(app.screen)._refresh_layout

            def counting(screen, *args, **kwargs):
                layouts.append(1)
                return screen_refresh(screen, *args, **kwargs)

            type(app.screen)._refresh_layout = counting
            try:
                await pilot.press(*"a much longer text than the field is wide")
                await pilot.pause()
            finally:
                type(app.screen)._refresh_layout = screen_refresh
            assert field.value == "a much longer text than the field is wide"
            assert field.virtual_size.width == field.content_width and field.scroll_x > 0
            return len(layouts)

    assert asyncio.run(typed()) == 0


def test_footer_keys_start_as_their_footer_and_restyle_no_more():
    import asyncio

    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    assert FooterKey.compact._default is True and Footer.compact._default is False
    assert 'set_class(compact, "-compact")' in inspect.getsource(FooterKey._watch_compact)
    textual_private.install()

    class Keys(App):
        BINDINGS = [Binding("a", "bell", "Aaa"), Binding("b", "bell", "Bbb")]

        def compose(self):
            yield Footer()

    async def footer_keys():
        app = Keys()
        async with app.run_test(size=(40, 5)) as pilot:
            await pilot.pause()
            return [(k.compact, k.has_class("-compact")) for k in app.query(FooterKey)]

    keys = asyncio.run(footer_keys())
    assert keys and all(k == (False, False) for k in keys)


def test_parsed_css_is_shared_between_apps_with_the_same_variables_only():
    from textual.css.stylesheet import Stylesheet

    params = list(inspect.signature(Stylesheet._parse_rules).parameters)
    assert params == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    assert "self._variable_tokens" in inspect.getsource(
        getattr(Stylesheet._parse_rules, "__wrapped__", Stylesheet._parse_rules)
    )
    textual_private.install()
    css = "Static { color: $accent; }"
    one, two = Stylesheet(variables={"accent": "red"}), Stylesheet(variables={"accent": "red"})
    other = Stylesheet(variables={"accent": "blue"})
    rules = one._parse_rules(css, ("test", "css"))
    assert two._parse_rules(css, ("test", "css")) is rules
    assert other._parse_rules(css, ("test", "css")) is not rules
    assert str(other._parse_rules(css, ("test", "css"))[0].styles.color) != str(rules[0].styles.color)


def test_footers_recompose_only_when_their_keys_change():
    import asyncio

    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer, Input
    from textual.widgets._footer import FooterKey

    textual_private.install()
    original = inspect.getsource(Footer.compose)
    assert "self.screen.active_bindings" in original and "binding.show" in original

    class Keys(App):
        BINDINGS = [Binding("a", "aaa", "Aaa"), Binding("b", "bbb", "Bbb")]

        def compose(self):
            yield Input(id="field")
            yield Footer()

        def action_aaa(self):
            pass

        def action_bbb(self):
            pass

    async def run():
        app = Keys()
        async with app.run_test(size=(60, 6)) as pilot:
            await pilot.pause()
            footer = app.query_one(Footer)
            app.set_focus(None)
            await pilot.pause()
            before = list(app.query(FooterKey))
            assert {k.description for k in before} >= {"Aaa", "Bbb"}
            app.refresh_bindings()  # nothing shown changed: same widgets
            await pilot.pause()
            assert list(app.query(FooterKey)) == before
            app.query_one(Input).focus()  # the input takes a and b: they go
            await pilot.pause()
            await pilot.pause()
            assert not {k.description for k in app.query(FooterKey)} & {"Aaa", "Bbb"}
            assert footer.is_attached

    asyncio.run(run())


def _one_static_app(text: str):
    """An App of one Static (id ``s``) saying ``text``."""
    from textual.app import App
    from textual.widgets import Static

    class One(App):
        def compose(self):
            yield Static(text, id="s")

    return One()


@contextlib.asynccontextmanager
async def _recording(text: str):
    """An App of one Static (id ``s``) saying ``text``, running at 30x5, and the updates it
    displays once it has settled (None where there was nothing to draw)."""
    app = _one_static_app(text)
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        frames: list = []
        display = app._display
        app._display = lambda screen, update: (frames.append(update), display(screen, update))
        yield app, pilot, frames


def test_no_frame_is_rendered_in_a_batch_and_the_batch_ends_with_one():
    import asyncio

    from textual.screen import Screen
    from textual.widgets import Static

    assert "if self._batch_count:" in inspect.getsource(textual_app.App._display)
    assert "render_update(" in inspect.getsource(
        getattr(Screen._compositor_refresh, "__wrapped__", Screen._compositor_refresh)
    )
    textual_private.install()

    async def run():
        async with _recording("before") as (app, pilot, frames):
            with app.batch_update():
                app.query_one("#s", Static).update("after")
                app.screen._compositor_refresh()  # what a layout in a batch calls
                assert frames == []
            await pilot.pause()
            await pilot.pause()
            assert [f for f in frames if f is not None]
            assert "after" in "".join(str(line) for line in app.screen._compositor.render_strips())

    asyncio.run(run())


def test_a_layout_and_a_repaint_due_together_make_one_frame():
    import asyncio

    from textual.screen import Screen
    from textual.widgets import Static

    original = inspect.getsource(getattr(Screen._on_timer_update, "__wrapped__", Screen._on_timer_update))
    assert original.index("self._refresh_layout(") < original.index("if self._repaint_required:")
    textual_private.install()

    async def run():
        async with _recording("one") as (app, pilot, frames):
            app.query_one("#s", Static).styles.height = 3  # a layout due
            app.screen.refresh()  # and the whole screen, as when it comes back
            app.screen._compositor_refresh()  # asked for meanwhile: waits for the update
            await pilot.pause()
            await pilot.pause()
            return [f for f in frames if f is not None]

    # Textual alone draws three: the frame asked for, the layout's, then the whole screen again;
    # here the update's one frame, and the static's own after it is resized.
    assert len(asyncio.run(run())) == 2


def test_uninstall_puts_textual_back():
    from textual.css.stylesheet import Stylesheet
    from textual.widgets import Footer, Input

    textual_private.uninstall()
    before = (Input._watch_value, Stylesheet._parse_rules, Footer.bindings_changed, textual_app.redirect_stdout)
    textual_private.install()
    assert Input._watch_value is not before[0]
    textual_private.uninstall()
    assert (Input._watch_value, Stylesheet._parse_rules, Footer.bindings_changed, textual_app.redirect_stdout) == before
