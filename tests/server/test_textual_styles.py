"""The server's shortcuts in Textual (textual_private): shared styles give every node exactly the
rules Textual itself would (and a second App matches no rule again), callbacks' parameters are
counted as Textual counts them, and a text updated at the same size is drawn without a layout."""

from __future__ import annotations

import asyncio
import inspect

from textual.app import App
from textual.containers import Vertical
from textual.css.stylesheet import Stylesheet
from textual.layout import Layout
from textual.widgets import Input, Static

from tui.server import textual_private

CSS = """
Static { color: red; }
Input:focus { background: blue; }
Vertical.box > Static { background: green; }
Vertical:focus-within { border: solid red; }
Static:first-child { text-style: bold; }
App:dark Static#two { color: yellow; }
Static:disabled { color: grey; }
"""


class Styled(App):
    CSS = CSS

    def compose(self):
        with Vertical(classes="box"):
            yield Static("one")
            yield Static("two", id="two")
            yield Static("off", disabled=True)
        yield Input(id="field")
        yield Static("last")


async def styles_after(focus: bool) -> list[tuple[str, dict]]:
    app = Styled()
    async with app.run_test(size=(40, 12)) as pilot:
        app.set_focus(app.query_one(Input) if focus else None)
        await pilot.pause()
        return [
            (repr(node), {name: plain(value) for name, value in node.styles.base._rules.items()})
            for node in app.screen.walk_children()
        ]


def plain(value):
    # (a layout is an object without equality: one from each App's parse would never compare equal)
    return f"layout {value.name}" if isinstance(value, Layout) else value


def test_textual_still_leaves_a_nodes_rules_in_the_cache_it_is_given():
    assert "cache" in inspect.signature(getattr(Stylesheet.apply, "__wrapped__", Stylesheet.apply)).parameters
    source = inspect.getsource(getattr(Stylesheet.apply, "__wrapped__", Stylesheet.apply))
    assert "cache[cache_key] = node_rules" in source
    assert "node._has_hover_style" in source and "_EXCLUDE_PSEUDO_CLASSES_FROM_CACHE" in source
    assert {"focus-within", "first-child", "odd"} <= Stylesheet._EXCLUDE_PSEUDO_CLASSES_FROM_CACHE


def test_shared_styles_are_textuals_own_and_a_second_app_reuses_them():
    textual_private.uninstall()
    textuals = [asyncio.run(styles_after(focus)) for focus in (False, True)]
    textual_private.install()
    first = [asyncio.run(styles_after(focus)) for focus in (False, True)]
    kept = dict(textual_private.SHARED_STYLES)
    again = [asyncio.run(styles_after(focus)) for focus in (False, True)]
    assert first == textuals and again == textuals
    assert kept == textual_private.SHARED_STYLES  # nothing was matched again
    blurred, focused = ([rules for name, rules in run if name.startswith("Input")][0] for run in textuals)
    assert focused["background"] != blurred.get("background")


def test_nodes_whose_rules_look_at_siblings_are_matched_by_textual_every_time():
    textual_private.install()
    asyncio.run(styles_after(False))
    kinds = {key[1].__name__: value for key, value in textual_private.SHARED_STYLES.items() if len(key) == 4}
    assert kinds["Static"][1] is False  # :first-child
    assert kinds["Vertical"][1] is False  # :focus-within
    assert "focus" in kinds["Input"][0] and kinds["Input"][1] is True


def test_callbacks_parameters_are_counted_as_textual_counts_them():
    import functools
    import textual._callback as callback

    source = inspect.getsource(callback.count_parameters)
    assert "_count_parameters(func.func)" in source and "_param_count" in source

    class Pump:
        def method(self, a, b=1):
            pass

        def __call__(self, x):
            pass

    def plain(a, b, *args, **kwargs):
        pass

    def closure(n):
        def inner(a, *, b):
            pass

        return inner

    @functools.wraps(plain)
    def wrapped(a):
        pass

    callables = [
        plain,
        closure(1),
        closure(2),
        Pump().method,
        Pump(),
        wrapped,
        lambda: None,
        functools.partial(Pump().method, 1),
        functools.partial(plain, 1, 2),
    ]
    textual_private.uninstall()
    textuals = [callback.count_parameters(f) for f in callables]
    textual_private.install()
    fresh = [
        plain,
        closure(3),
        closure(4),
        Pump().method,
        Pump(),
        wrapped,
        lambda: None,
        functools.partial(Pump().method, 1),
        functools.partial(plain, 1, 2),
    ]
    assert [callback.count_parameters(f) for f in fresh] == textuals == [4, 2, 2, 2, 1, 4, 0, 1, 2]
    assert (type(plain), closure(5).__code__) in textual_private._PARAMETERS


def test_a_static_updated_with_text_of_the_same_size_needs_no_layout():
    from textual.screen import Screen

    source = inspect.getsource(getattr(Static.update, "__wrapped__", Static.update))
    assert "layout: bool = True" in source and "self.refresh(layout=layout)" in source
    textual_private.install()

    class Lines(App):
        def compose(self):
            yield Static("thinking |", id="status")
            yield Static("below", id="below")

    async def updates() -> list[tuple[int, int]]:
        app = Lines()
        async with app.run_test(size=(20, 6)) as pilot:
            await pilot.pause()
            status = app.query_one("#status", Static)
            layouts, seen = [], []
            refresh_layout = Screen._refresh_layout

            def counting(screen, *args, **kwargs):
                layouts.append(1)
                return refresh_layout(screen, *args, **kwargs)

            Screen._refresh_layout = counting
            try:
                for text in ("thinking /", "thinking -", "thinking |\nand more", "a text too long for one line"):
                    status.update(text)
                    await pilot.pause()
                    seen.append((len(layouts), status.size.height))
            finally:
                Screen._refresh_layout = refresh_layout
            assert app.query_one("#below").region.y == status.region.bottom
            return seen

    # same size: no layout; a second line, or text that wraps: laid out, and taller
    (same, _), (again, _), (lines, high), (wrapped, wrapped_high) = asyncio.run(updates())
    assert same == again == 0 and 0 < lines < wrapped and high == wrapped_high == 2
