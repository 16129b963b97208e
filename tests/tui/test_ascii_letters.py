"""--ascii keeps a name readable: a letter with an accent shows as its letter ("Abbé de Sully"
read "Abb? de Sully" in Palais Royal's park), every stand-in as wide as the original."""

from __future__ import annotations

from rich.cells import cell_len

from tui.ascii import to_ascii


def test_accented_letters_keep_their_letter_and_other_signs_keep_their_width():
    assert "".join(to_ascii(c) if not c.isascii() else c for c in "Abbé de Sully, Vendôme, Créqui") == (
        "Abbe de Sully, Vendome, Crequi"
    )
    assert to_ascii("Ç") == "C" and to_ascii("ß") == "?"  # (no one-letter stand-in for ß)
    assert "".join(to_ascii(c) if not c.isascii() else c for c in "Søren Łukasz Đorđe") == "Soren Lukasz Dorde"
    for char in "→●漢é":
        assert len(to_ascii(char)) == cell_len(char) and to_ascii(char).isascii()


async def test_no_sign_of_the_menus_turns_to_a_question_mark(make_app):
    """--ascii drew the drop-down arrow of every choice (New game, Settings) as "?", which read
    as a question or a broken glyph (seen in tmux at 80x24). (Widgets draw through the filter.)"""
    from tui.screens.new_game import NewGameScreen
    from tui.screens.settings import SettingsScreen

    from .conftest import settle
    from .textfit import screen_lines

    app = make_app(start=lambda app: NewGameScreen(), ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in ("New game", "New game, the game's choices open", "Settings"):
            await settle(pilot, app)
            lines = screen_lines(app)
            assert not any("?" in line for line in lines), (screen, lines)
            assert all(line.isascii() for line in lines), (screen, lines)
            if screen == "New game":
                await pilot.press("down")  # the game's choices open: their arrow points up
            else:
                await pilot.press("escape")
                await settle(pilot, app)
                await app.push_screen(SettingsScreen())
