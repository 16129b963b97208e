"""How the App starts: the theme chosen in the settings is in place before any CSS is parsed,
and the title is drawn in it."""

from __future__ import annotations

import pytest

from textual.color import Color

from themes import THEMES
from tui.app import BergfriedApp
from tui.screens.title import TitleScreen

from .conftest import make_settings


@pytest.mark.parametrize("name", ["bergfried-light", "high-contrast"])
async def test_the_settings_theme_is_the_first_one_drawn(tmp_path, name):
    theme = THEMES[name]
    app = BergfriedApp(make_settings(tmp_path, theme=name))
    assert app.theme == name and f"-theme-{name}" in app.classes
    assert ("-dark-mode" in app.classes) == theme.dark != ("-light-mode" in app.classes)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.styles.background == Color.parse(theme.background)
        assert app.theme_variables["board-background"] == theme.variables["board-background"]
