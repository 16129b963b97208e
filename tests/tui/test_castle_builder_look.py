"""Castle Builder's wall read as text in every theme (issue 31): neighbouring tiles' numbers stay
apart, the cursor's markers show on every label, the market coins' line uses the room there is,
and the thief's victims are counted in words that agree."""

from __future__ import annotations

import pytest

from engine.core import Table
from engine.games.castle_builder import TILES, Build, Steal
from tui.games.castle_builder import ChoiceScreen
from tui.games.castle_builder.look import ASCII_LOOK, UNICODE_LOOK, tile_lines
from tui.screens.play import PlayScreen

from .conftest import settle
from .test_castle_builder_screen import BIG, SIZE, advance_until, board, new_match, walk_to
from .textfit import screen_lines


@pytest.mark.parametrize("look", [UNICODE_LOOK, ASCII_LOOK], ids=["unicode", "ascii"])
def test_every_tile_keeps_a_blank_either_side_of_its_number(look):
    """A tile is four characters wide and its neighbour starts at once: "12/5" beside "✓/4" read
    "12/5✓/4" under NO_COLOR, where every stone half is the same reverse video. The number a tile
    is built with keeps a blank either side (room for the cursor's markers too), and the number
    the tiles above count sits on the top line, as the printed tile has it."""
    for tile in TILES.values():
        top, bottom = tile_lines(tile, look)
        assert len(top) == len(bottom) == 4, tile
        assert bottom[0] == bottom[-1] == " ", (tile.label, bottom)
        lower, _, upper = tile.label.replace("✓", look.check).partition("/")
        assert bottom.strip() == lower
        assert top[-1] == " ", (tile.label, top)  # the next tile's top starts at once
        assert top.rstrip().endswith(upper) if upper else "/" not in top, (tile.label, top)


def two_digit_builds(m) -> list[Build]:
    """Builds of a holder tile as printed on a place above the ground that needs 10 or more."""
    if m.to_act != {0} or m.view(0).choice is not None:
        return []
    view = m.view(0)
    needs = {(s.level, s.x): s.need for s in view.castles[0].spots}
    holder = {t.id for t in view.holder}
    return [
        a
        for a in m.legal_actions(0)
        if isinstance(a, Build)
        and a.delta == 0
        and a.level >= 2
        and a.tile in holder
        and (needs.get((a.level, a.x)) or 0) >= 10
    ]


def place_position():
    """Your turn with a holder tile that builds as printed where two digits are needed."""
    match = advance_until(new_match(3), two_digit_builds)
    build = two_digit_builds(match)[0]
    need = next(s.need for s in match.view(0).castles[0].spots if (s.level, s.x) == (build.level, build.x))
    return match, build, need


@pytest.mark.parametrize(
    "theme,ascii", [("monochrome", False), ("monochrome", True), ("bergfried-dark", False)], ids=str
)
async def test_the_cursor_on_a_place_that_needs_two_digits_shows_its_left_marker(make_app, theme, ascii):
    """``=12`` took three of the place's four characters from the left, so the cursor's left
    marker (the one mark of it under NO_COLOR besides reverse video) had no room and vanished."""
    match, build, need = place_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        grid = board(app).grid
        await walk_to(pilot, grid, ("tile", build.tile))
        await pilot.press("enter")
        await walk_to(pilot, grid, ("spot", build.level, build.x))
        await pilot.pause()
        left, _ = grid.glyphs.cursor
        assert any(f"{left}={need}" in line for line in screen_lines(app)), f"{left}={need}"


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
async def test_the_market_coins_line_names_every_coin_whole(make_app, size):
    """ "Coins: Bitter lady · Bitter lady · Highest tower" is 48 characters: it was cut to 46 at any
    size ("… Highest…"). A large screen shows it whole; at 80 columns the coin glyph stands for
    the word "Coins:" and every name still shows."""
    match = advance_until(
        new_match(4),
        lambda m: m.to_act == {0} and len(" · ".join(c.title for c in m.view(0).market_coins)) > 39,
    )
    names = [c.title for c in match.view(0).market_coins]
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        line = next(line for line in screen_lines(app) if names[0] in line)
        assert " · ".join(names) in line, line
        assert ("Coins: " in line) == (size == BIG), line


async def test_the_thief_counts_a_victims_tiles_in_words_that_agree(make_app):
    """ "Adalbert (1 tiles)": one tile is a tile."""

    def thief_one(m) -> bool:
        view = m.view(0)
        return (
            m.to_act == {0}
            and view.choice is not None
            and view.choice.kind == "thief"
            and any(isinstance(a, Steal) and view.holder_counts[a.victim] == 1 for a in m.legal_actions(0))
        )

    match = advance_until(new_match(2), thief_one)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        counts = match.view(0).holder_counts
        for label, action in dialog.options:
            held = counts[action.victim]
            assert str(label).endswith(f"({held} tile{'s' if held != 1 else ''})"), label


def test_the_ascii_check_mark_is_the_one_the_move_list_writes():
    """Under --ascii the board drew ✓ as "v" ("=v", "v/3") while the move list and the status line
    beside it wrote "Y/3" and "places need 20 · Y": one mark for one thing."""
    from tui.ascii import to_ascii

    assert ASCII_LOOK.check == to_ascii("✓")
