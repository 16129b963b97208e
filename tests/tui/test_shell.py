"""The app shell: title, menu keys, command palette, settings persistence, themes, size guard, CLI."""

from __future__ import annotations

import argparse
import io
import json


from themes import ASCII, BOARD_VARIABLES, THEME_NAMES, THEMES, glyphs_for
from tui.app import BergfriedApp
from tui.cli import build_settings, split_ui_options, ui_parser, wants_engine
from tui.screens.help import HelpScreen
from tui.no_colour import NoColour
from tui.screens.new_game import NewGameScreen
from tui.screens.saves import SavesScreen
from tui.screens.settings import SettingsScreen
from tui.screens.size_guard import TooSmallScreen
from tui.screens.title import TitleScreen
from tui.settings import Settings

from .conftest import notifications


async def test_title_lists_the_games_and_every_menu_key_opens_its_screen(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        games = app.screen.query_one("#game-list")
        assert "King Up!" in str(games.get_option_at_index(0).prompt)
        for key, screen in (
            ("n", NewGameScreen),
            ("l", SavesScreen),
            ("r", SavesScreen),
            ("s", SettingsScreen),
            ("h", HelpScreen),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen), "nothing to continue in an empty saves folder"


async def test_menu_works_with_arrows_and_enter(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "down", "down", "down", "enter")  # menu: New, Continue, Load, Replays
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen) and app.screen.mode == "replay"


async def test_command_palette_offers_the_screen_actions_and_themes(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("New", "Continue", "Load", "Replays", "Settings", "Help", "Quit"):
            assert wanted in titles
        assert {f"Theme: {name}" for name in THEME_NAMES} <= set(titles)


async def test_theme_choice_is_applied_and_persisted(make_app, settings):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.use_theme("colorblind")
        await pilot.pause()
        assert app.theme == "colorblind"
        assert app.theme_variables["piece-0"] == THEMES["colorblind"].variables["piece-0"]
    stored = json.loads(settings.config_path.read_text())
    assert stored["theme"] == "colorblind"
    assert Settings.load(settings.config_dir, settings.saves_dir).theme == "colorblind"


def test_a_damaged_config_file_falls_back_to_defaults(tmp_path):
    (tmp_path / "config.json").write_text("{not json")
    assert Settings.load(tmp_path).theme == "bergfried-dark"
    (tmp_path / "config.json").write_text(json.dumps({"theme": "nope", "bot_delay": 1.0}))
    loaded = Settings.load(tmp_path)
    assert loaded.theme == "bergfried-dark" and loaded.bot_delay == 1.0


def test_every_theme_defines_every_board_variable_and_ascii_glyphs_are_ascii():
    for theme in THEMES.values():
        assert set(BOARD_VARIABLES) <= set(theme.variables), theme.name
    for field in ("cursor", "legal", "spinner", "seats"):
        assert all(ch.isascii() for part in getattr(ASCII, field) for ch in part)
    assert all(getattr(ASCII, f).isascii() for f in ("empty", "throne", "crown", "yes", "no", "card"))
    shapes = glyphs_for("colorblind").seats
    assert len(set(shapes)) == len(shapes), "colorblind seats differ by shape, not only colour"


async def test_no_color_setting_filters_all_colour(make_app):
    app = make_app(no_color=True)
    async with app.run_test(size=(80, 24)):
        assert app.no_color and any(isinstance(f, NoColour) for f in app.get_line_filters())


async def test_too_small_terminal_shows_a_message_until_it_grows(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "at least 80×24" in text and "50×15" in text
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_starting_in_a_too_small_terminal_shows_the_message_on_top(make_app):
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


def test_cli_routes_headless_commands_to_the_engine():
    assert not wants_engine([])
    assert not wants_engine(["--theme", "monochrome"])
    assert not wants_engine(["play", "king-up", "--seat", "human"])
    assert not wants_engine(["replay", "x.jsonl"])
    assert wants_engine(["replay", "x.jsonl", "--text"])
    assert wants_engine(["games"])
    assert wants_engine(["--ascii", "selfplay", "king-up"])
    assert split_ui_options(["--ascii", "games", "--theme=monochrome"]) == (
        ["--ascii", "--theme=monochrome"],
        ["games"],
    )


def test_cli_settings_honour_no_color_ascii_and_theme(tmp_path):
    args = ui_parser().parse_args(["--config-dir", str(tmp_path), "--saves-dir", str(tmp_path / "s")])
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    plain = build_settings(args, environ={"LANG": "en_US.UTF-8"}, stream=utf8)
    assert (plain.theme, plain.ascii, plain.no_color) == ("bergfried-dark", False, False)
    nocolor = build_settings(args, environ={"NO_COLOR": "1"}, stream=utf8)
    assert nocolor.no_color and nocolor.theme == "monochrome"
    assert build_settings(args, environ={}, stream=latin).ascii
    themed = ui_parser().parse_args(["--theme", "high-contrast", "--ascii", "--config-dir", str(tmp_path)])
    chosen = build_settings(themed, environ={"NO_COLOR": "1"}, stream=utf8)
    assert chosen.theme == "high-contrast" and chosen.ascii
    assert isinstance(themed, argparse.Namespace)


async def test_app_glyphs_follow_settings(make_app):
    app: BergfriedApp = make_app(ascii=True)
    async with app.run_test(size=(80, 24)):
        assert app.glyphs is ASCII


async def test_resizing_during_a_game_with_bots_never_crashes_and_holds_the_bots(make_app, settings):
    from tui.screens.play import PlayScreen

    from .conftest import new_match

    match = new_match(settings.saves_dir, seed=6)  # seat 1, a bot, starts; then seat 2
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=1.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(30, 8)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        held = len(match.entries)
        assert 0 not in match.to_act, "a bot still owes its move when the terminal shrinks"
        await pilot.pause(1.8)
        await app.workers.wait_for_complete()
        assert len(match.entries) == held, "no bot moves while the player cannot see the board"
        for size in ((1, 1), (79, 24), (200, 60), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        for _ in range(60):
            await pilot.pause(0.1)
            await app.workers.wait_for_complete()
            if 0 in match.to_act:
                break
        assert len(match.entries) > held and 0 in match.to_act


def screen_text(svg: str) -> str:
    import html
    import re

    # The SVG writes spaces as no-break spaces.
    return "".join(html.unescape(t) for t in re.findall(r"<text [^>]*>(.*?)</text>", svg)).replace("\xa0", " ")


async def test_ascii_mode_puts_only_ascii_on_screen(make_app, settings):
    from tui.screens.play import PlayScreen

    from .conftest import new_match

    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match), ascii=True, theme="monochrome")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app.export_screenshot())
        assert "Alighiero" in text and text.isascii(), sorted({c for c in text if not c.isascii()})
        app.settings.ascii = False
        app.refresh_glyphs()
        await pilot.pause()
        assert not screen_text(app.export_screenshot()).isascii()


async def test_a_variant_the_game_refuses_for_this_count_says_why_and_keeps_the_form(make_app, settings):
    """Between Two Castles with 3 players and Ludwig ticked: the game refuses the setup. It used to
    end the program with a traceback; now New game stays open and says why."""
    from tui.screens.new_game import NewGameScreen

    app = make_app()
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("between-two-castles"))
        await pilot.pause()
        app.screen.query_one("#players").value = 3
        await pilot.pause()
        assert app.screen.query_one("#variant-ludwig").disabled  # the form offers it no more...
        app.screen.query_one("#variant-ludwig").value = True  # ...but a refusal is still told
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any("Ludwig variant is for two players" in message for message in said)
        app.screen.query_one("#variant-ludwig").value = False
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayScreen"


async def test_choosing_another_game_keeps_the_focus_on_the_game_so_tab_goes_on_to_players(make_app):
    """The form is made again for the game chosen; the focus used to jump to Start, so a Tab then
    led to Back and an Enter left the screen."""
    from tui.screens.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("king-up"))
        await pilot.pause()
        assert app.focused.id == "game"  # not Start: a first Enter must not start a game
        app.screen.query_one("#game").value = "between-two-castles"
        await pilot.pause()
        await pilot.pause()
        assert app.focused.id == "game"
        await pilot.press("tab")
        assert app.focused.id == "players"


async def test_a_saves_folder_that_cannot_be_made_says_so_and_keeps_the_form(make_app, settings, tmp_path):
    """``bergfried --saves-dir F/saves`` where F is a file: Start used to end the program."""
    from tui.screens.new_game import NewGameScreen

    (tmp_path / "F").write_text("a file\n")
    app = make_app(saves_dir=tmp_path / "F" / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        notes = notifications(app)
        app.push_screen(NewGameScreen("king-up"))
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any(m.startswith("Cannot start: ") and "saves folder" in m for m in notes), notes


def test_play_with_a_saves_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    from tui.cli import main

    (tmp_path / "F").write_text("a file\n")
    assert (
        main(
            ["play", "king-up", "--saves-dir", str(tmp_path / "F" / "saves"), "--config-dir", str(tmp_path / "config")]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("bergfried: cannot create the saves folder") and err.count("\n") == 1


async def test_new_game_explains_bot_levels_and_fixes_a_variant_the_player_count_decides(make_app):
    """Issue 30/31: the bot levels were never explained; variant labels repeated themselves
    ("reach-the-sky: reach the sky: ..."); the Ludwig switch showed off for 2 players although
    Ludwig always plays then, and could be ticked for 3 where the game refuses it."""
    from textual.widgets import Static

    from tui.screens.new_game import NewGameScreen
    from tui.widgets import OnOffCheckbox

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("between-two-castles"))
        await pilot.pause()
        levels = str(app.screen.query_one("#levels", Static).render())
        assert "random: any legal move" in levels and "expert" in levels
        ludwig = app.screen.query_one("#variant-ludwig", OnOffCheckbox)
        app.screen.query_one("#players").value = 2
        await pilot.pause()
        assert ludwig.value and ludwig.disabled
        app.screen.query_one("#players").value = 3
        await pilot.pause()
        assert not ludwig.value and ludwig.disabled
        app.screen.query_one("#game").value = "castle-builder"
        await pilot.pause()
        await pilot.pause()
        sky = str(app.screen.query_one("#variant-reach-the-sky", OnOffCheckbox).label)
        assert sky.startswith("reach the sky: play until") and sky.count("reach the sky") == 1


async def test_seats_are_named_apart_when_a_name_is_emptied_or_repeated(make_app):
    """Emptying "You" (a space typed over it) named seat 1 "Adalbert" like the bot in seat 2: two
    Adalberts at the table, seen in tmux. A blank human seat is "Player 1"; a repeated name gets
    a number."""
    from textual.widgets import Input

    from tui.screens.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("king-up"))
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = " "
        assert [s.name for s in app.screen.seats()] == ["Player 1", "Adalbert", "Brunhild"]
        app.screen.query_one("#name-0", Input).value = "Brunhild"
        assert [s.name for s in app.screen.seats()] == ["Brunhild", "Adalbert", "Brunhild 2"]
