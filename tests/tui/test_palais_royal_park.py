"""The Palais Royal park as a player reads it at 80x24 (issue 31): every noble's whole
description shows under the board when the cursor is on it, and the decorations (lions,
statues, fountains, vases) are drawn between the spaces they part, in every theme and in ASCII."""

from __future__ import annotations

import pytest

from engine.core import Table
from engine.games.palais_royal.catalog import NOBLES
from tui.games.palais_royal.look import decoration_letter, noble_text, space_pos
from tui.screens.play import PlayScreen

from .test_palais_royal_screen import SIZE, advance_until, board, human_in_step, new_match
from .textfit import region_text, screen_lines

CELL = 7  # the park grid's cell width
GUTTER = 2  # its row labels ("1".."6") and a space


def set_up(seed: int):
    return advance_until(new_match(seed=seed), lambda m: m.to_act == {0} and m.view(0).phase == "placing")


def recruiting(seed: int):
    return advance_until(new_match(seed=seed), human_in_step(4), kinds=("random",) * 3)


def words(text: str) -> str:
    return " ".join(text.split())


async def descriptions_read(make_app, match) -> set[str]:
    """Puts the cursor on every noble of ``match``'s park at 80x24 and checks the line under the
    board shows its whole description; gives the names of the nobles read."""
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    read = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = board(app)
        panel.park.focus()
        await pilot.pause()
        view = match.view(0)
        for sp in view.park:
            if sp.noble is None:
                continue
            panel.park.move_cursor(space_pos(sp.space))
            await pilot.pause()
            shown = region_text(screen_lines(app), app.screen.find_widget(panel.query_one("#focus-line")).region)
            label = panel.park.current.label  # the description, and the decorations beside it
            assert label.startswith(noble_text(sp))
            assert words(label) in words(shown), f"{sp.noble.name} cut: {shown!r}"
            read.add(sp.noble.name)
    return read


async def test_every_nobles_whole_description_can_be_read_at_80x24(make_app):
    """Every noble of the game data, in the short form of set-up and in the long one of a game
    under way (a discount, decorations beside it), shows whole on the three lines under the board."""
    read: set[str] = set()
    for seed in range(1, 9):
        read |= await descriptions_read(make_app, set_up(seed))
        if len(read) == len(NOBLES):
            break
    assert read == {n.name for n in NOBLES}
    await descriptions_read(make_app, recruiting(3))


@pytest.mark.parametrize(
    ("theme", "ascii"), [("bergfried-dark", False), ("monochrome", True), ("high-contrast", False)]
)
async def test_the_decorations_are_drawn_between_the_spaces_they_part(make_app, theme, ascii):
    match = recruiting(2)
    view = match.view(0)
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        park = board(app).park
        region = app.screen.find_widget(park).region
        lines = screen_lines(app)
        assert view.decorations
        for decoration in view.decorations:
            first, second = sorted(decoration.between)
            (x1, y1), (x2, y2) = space_pos(first), space_pos(second)
            row = lines[region.y + 1 + y1]  # under the column letters
            # side by side: in the margin between them; one above the other: left of the upper one
            column = region.x + GUTTER + (x1 * CELL + CELL - 1 if y1 == y2 else x1 * CELL)
            assert row[column] == decoration_letter(decoration.name), (decoration, row)
            if y1 != y2:
                assert park.cell_at((x1, y1)).wall_below and x1 == x2


async def test_a_taller_screen_lists_the_decorations_by_position(make_app):
    match = set_up(1)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = board(app).query_one("#decorations")
        assert not line.display, "80x24 has no line to spare"
        await pilot.resize_terminal(80, 30)  # taller only: no widget of the board changes size
        await pilot.pause()
        assert line.display and "L lions a2|a3 a4|a5" in words("\n".join(screen_lines(app)))
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not line.display
