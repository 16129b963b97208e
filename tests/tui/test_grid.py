"""The shared board widget: cursor, highlights, labels, selection, scrolling, themes."""

from __future__ import annotations

from textual.app import App, ComposeResult

from themes import ASCII, THEMES
from tui.widgets.grid import Cell, Grid


class GridApp(App[None]):
    def __init__(self, cells, **board) -> None:
        super().__init__()
        self.cells, self.board, self.selected = cells, board, []

    def compose(self) -> ComposeResult:
        yield Grid(id="grid")

    def on_mount(self) -> None:
        grid = self.query_one(Grid)
        grid.set_board(self.cells, **self.board)
        grid.focus()

    def on_grid_selected(self, event: Grid.Selected) -> None:
        self.selected.append(event.cell.key)


def plus_board():
    """A plus sign of cells around (2, 2), and an unselectable cell at (4, 2)."""
    cells = {
        (2, 0): Cell("N", key="n"),
        (0, 2): Cell("W", key="w"),
        (2, 2): Cell("C", key="c"),
        (3, 2): Cell("E", key="e"),
        (2, 4): Cell("S", key="s"),
        (4, 2): Cell("#", key="wall", selectable=False),
    }
    return cells


async def test_arrows_move_to_the_nearest_selectable_cell_and_enter_selects():
    app = GridApp(plus_board(), columns=5, rows=5)
    async with app.run_test(size=(40, 12)) as pilot:
        grid = app.query_one(Grid)
        grid.move_cursor((2, 2))
        await pilot.press("up")
        assert grid.cursor == (2, 0)
        await pilot.press("down", "down")
        assert grid.cursor == (2, 4)
        await pilot.press("up", "left")
        assert grid.cursor == (0, 2)
        await pilot.press("right", "right", "right")
        assert grid.cursor == (3, 2), "the unselectable wall is skipped and the edge stops the cursor"
        await pilot.press("enter")
        assert app.selected == ["e"]


async def test_clicking_moves_the_cursor_then_selects():
    app = GridApp(plus_board(), columns=5, rows=5, row_labels=["a", "b", "c", "d", "e"])
    async with app.run_test(size=(40, 12)) as pilot:
        grid = app.query_one(Grid)
        # Gutter is 2 wide ("a "), cells 3 wide: column 2 starts at x=8.
        await pilot.click(Grid, offset=(9, 4))
        assert grid.cursor == (2, 4)
        await pilot.click(Grid, offset=(9, 4))
        assert app.selected == ["s"]


async def test_cursor_and_highlights_are_drawn_with_glyphs_not_only_colour():
    app = GridApp(
        plus_board(), columns=5, rows=5, row_labels=["5", "4", "3", "2", "1"], col_labels=["a", "b", "c", "d", "e"]
    )
    async with app.run_test(size=(40, 12)) as pilot:
        grid = app.query_one(Grid)
        grid.set_glyphs(ASCII)
        grid.move_cursor((2, 2))
        grid.set_highlights([(3, 2)])
        await pilot.pause()
        header = grid.render_line(0).text
        row = grid.render_line(3).text
        assert header.startswith("   a  b  c")
        assert row.startswith("3  W    [C](E) # ")


async def test_a_board_larger_than_its_widget_scrolls_to_follow_the_cursor():
    cells = {(c, r): Cell(chr(65 + (c + r) % 26), key=(c, r)) for c in range(40) for r in range(30)}
    app = GridApp(cells)
    async with app.run_test(size=(30, 10)) as pilot:
        grid = app.query_one(Grid)
        grid.move_cursor((0, 0))
        assert grid.virtual_size.width == 120 and grid.virtual_size.height == 30
        for _ in range(25):
            await pilot.press("down")
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause()
        assert grid.cursor == (30, 25)
        assert grid.scroll_offset.y > 0 and grid.scroll_offset.x > 0
        top = int(grid.scroll_offset.y)
        visible = [grid.render_line(y).text for y in range(grid.size.height)]
        assert any("[" in line or "▸" in line for line in visible), "the cursor is on screen"
        assert top <= 25 < top + grid.size.height


async def test_switching_theme_recolours_the_board():
    app = GridApp({(0, 0): Cell("A", bg="piece-0", key="a")}, columns=1, rows=1)
    for theme in THEMES.values():
        app.register_theme(theme)
    app.theme = "bergfried-dark"
    async with app.run_test(size=(20, 5)) as pilot:
        grid = app.query_one(Grid)
        before = grid.render_line(0)
        app.theme = "high-contrast"
        await pilot.pause()
        after = grid.render_line(0)
        colour = lambda strip: [seg.style.bgcolor for seg in strip if "A" in seg.text][0]  # noqa: E731
        assert colour(before) != colour(after)


async def test_a_cell_without_marks_shows_text_as_wide_as_the_cell():
    """A Palais Royal room's count "▲11" lost its seat's glyph (only "11" fitted inside the marks'
    columns), which NO_COLOR needs to tell whose servants they are. A cell the cursor never stops
    on has no marks: its text may take the whole width. A cell that may bear marks keeps them."""
    cells = {(0, 0): Cell("▲11", selectable=False), (1, 0): Cell("▲12", key="m")}
    app = GridApp(cells, columns=2, rows=1)
    async with app.run_test(size=(40, 6)) as pilot:
        grid = app.query_one(Grid)
        grid.move_cursor((1, 0))
        await pilot.pause()
        row = grid.render_line(0).text
        assert row.startswith("▲11"), row
        assert "▲12" not in row and "▸" in row, "the cursor's marks stay where the cursor may be"
