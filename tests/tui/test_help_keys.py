"""Issue 9 item 15 (the part outside Carcassonne): End on a long help page reaches the bottom at once."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import TabbedContent, TabPane

from tui.screens.help import HelpScreen


async def test_end_reaches_the_bottom_of_a_long_rules_page_at_once(make_app):
    app = make_app(start=lambda app: HelpScreen("carcassonne-castle"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        tabs = app.screen.query_one(TabbedContent)
        page = tabs.get_pane(tabs.active).query_one(VerticalScroll)
        await pilot.press("end")
        await pilot.pause()
        assert page.max_scroll_y > 20 and page.scroll_y == page.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert page.scroll_y == 0


async def test_every_help_tab_shows_its_whole_name_at_80_columns(make_app):
    """With the long titles the tab strip was wider than the screen: on the last page it read
    "Up!  Carcassonne: The Castle …" (King Up! cut, Keys gone)."""
    from .textfit import screen_lines

    app = make_app(start=lambda app: HelpScreen("castle-builder"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        strip = screen_lines(app)[0]
        for label in ("Keys", "King Up!", "Carcassonne", "Between Two Castles", "Palais Royal", "Castle Builder"):
            assert label in strip, strip


def test_the_keys_page_names_every_key_of_the_replay_and_its_chart():
    """The replay's s, c, n and x (x has no room in its footer at 80 columns) and the chart's
    keys are on the help's keys page, each in its section's table."""
    from tui.screens.help import KEYS

    def keys_of(section: str) -> set[str]:
        rows = KEYS.split(f"## {section}\n", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
        return {key for row in rows for key in row.split("|")[1].replace(",", " ").split()}

    assert {"s", "c", "n", "x", "p", "v"} <= keys_of("Replays")
    assert {"←", "→", "w", "t", "esc"} <= keys_of("The story chart")


async def test_f1_builds_only_the_page_shown_and_a_tab_builds_its_rules_when_first_shown(make_app):
    """F1 built all six pages at once (some 7,000 widgets, 3 CPU s a press): now only the page
    shown has its text, and another page is written the first time its tab is activated."""
    from textual.widgets import Markdown

    from .conftest import settle
    from .textfit import screen_lines

    def blocks_by_page(app) -> dict[str, int]:
        tabs = app.screen.query_one(TabbedContent)
        return {pane.id: len(pane.query_one(Markdown).children) for pane in tabs.query(TabPane)}

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        built = blocks_by_page(app)
        assert built.pop("keys") > 10 and set(built.values()) == {0}, built
        await pilot.press("right")  # the first game's rules: King Up!
        await settle(pilot, app)
        assert app.screen.query_one(TabbedContent).active == "rules-king-up"
        assert "King Up! (Viva il Re!)" in "\n".join(screen_lines(app)[:6]), screen_lines(app)[:6]
        assert [label for label, _ in app.screen.sections()][0] == "King Up! (Viva il Re!)"
        built = blocks_by_page(app)
        assert built.pop("keys") > 10 and built.pop("rules-king-up") > 10 and set(built.values()) == {0}, built
        await pilot.press("left", "left")  # back past Keys to the last page, built on the way
        await settle(pilot, app)
        assert "Castle Builder" in "\n".join(screen_lines(app)[:6])
        assert blocks_by_page(app)["rules-castle-builder"] > 10
