"""A session's start is mostly Textual styling, laying out and drawing its first screen (about
65 of its 80 ms of CPU): how often widgets are styled on the way to a table's first frame is a
count that does not move with the machine's load, and a regression (a screen styled twice, a
second full restyle) shows in it at once."""

from __future__ import annotations

from collections import Counter

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widget import Widget

from tui.screens.lobby import RemotePlayScreen

from .remote_apps import alice_back_at_her_table
from tui.widgets.footer import is_key


async def test_a_table_is_styled_about_once_a_widget_on_the_way_to_its_first_frame(tmp_path, monkeypatch):
    lobby, make_app = alice_back_at_her_table(tmp_path)
    styled: Counter[str] = Counter()
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: DOMNode, **options) -> None:
        if isinstance(node, Widget):  # (not the nodes Textual makes for component classes)
            styled[type(node).__name__] += 1
        apply(self, node, **options)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, RemotePlayScreen)
            widgets = len(list(app.screen.walk_children(with_self=True)))
            keys = len([w for w in app.screen.query("*") if is_key(w)])
    finally:
        lobby.close()
    # 2026-11-28: 58 stylings for 24 widgets (the footer's keys, the move line and the screens
    # are styled twice: once composed, once as focus and bindings settle).
    assert sum(styled.values()) <= 3 * widgets, styled
    # The footer's keys are made once: its keys changed twice before its first refresh, and it
    # was recomposed twice (2026-11-29: 58 stylings, 14 of them its keys; now 51, 7).
    assert styled["FooterKey"] < 2 * keys, styled
    # Each widget is styled once as it mounts, not again as its screen is first shown (Textual's
    # restyle on showing a screen; 2026-11-29: 51 stylings, 33 without it).
    assert sum(styled.values()) <= 1.5 * widgets, styled
