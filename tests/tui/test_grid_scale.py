"""Issue 9 item 4: a grid made with ``max_scale`` draws at the largest scale that fits the room
the board column gives it, recomputed on every resize, and stays at scale 1 at 80x24."""

from __future__ import annotations

from contextlib import asynccontextmanager

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static

from tui.widgets import BoardAndMoves
from tui.widgets.grid import Cell, Grid


def board(columns: int = 13, rows: int = 9) -> dict:
    return {
        (c, r): Cell(chr(65 + c), key=(c, r), big=f"{chr(65 + c)}\n{r}") for c in range(columns) for r in range(rows)
    }


class Panel(Vertical):
    DEFAULT_CSS = "Panel { height: auto; }"

    def compose(self) -> ComposeResult:
        yield Grid(id="grid", max_scale=3)
        yield Static("a line under the board\nand another", id="under")


class ColumnApp(App[None]):
    """The shared board-and-moves layout around a board of 13 x 9 cells and two lines of text."""

    def __init__(self, cells=None) -> None:
        super().__init__()
        self.cells, self.selected = cells if cells is not None else board(), []

    def compose(self) -> ComposeResult:
        yield BoardAndMoves(Panel(), None, "Moves", OptionList())

    def on_mount(self) -> None:
        grid = self.query_one(Grid)
        grid.set_board(self.cells, row_labels=[str(r) for r in range(9)])
        grid.focus()

    def on_grid_selected(self, event: Grid.Selected) -> None:
        self.selected.append(event.cell.key)


async def resize(pilot, width: int, height: int) -> None:
    """A new terminal size, and the frames the board column needs to share its room out."""
    await pilot.resize_terminal(width, height)
    await pilot.pause()
    await pilot.pause()


@asynccontextmanager
async def scaled(cells=None, size=(160, 48)):
    """A ColumnApp at ``size`` once its board has found its scale: yields the app, pilot, grid."""
    app = ColumnApp(cells)
    async with app.run_test(size=size) as pilot:
        await resize(pilot, *size)
        yield app, pilot, app.query_one(Grid)


async def test_the_board_grows_with_the_terminal_and_shrinks_back():
    app = ColumnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.query_one(Grid)
        await pilot.pause()
        assert grid.scale == 1 and grid.size.width == 2 + 13 * 3
        await resize(pilot, 120, 40)
        # The column is 120 - 33 - 2 = 85 wide: 2 + 13 * 6 = 80 fits, 2 + 13 * 9 does not.
        assert grid.scale == 2 and grid.size.height == 18
        await resize(pilot, 160, 48)
        assert grid.scale == 3 and grid.size == (2 + 13 * 9, 27)
        assert app.query_one("#under").region.y == grid.region.bottom, "the text follows the board"
        await resize(pilot, 80, 24)
        assert grid.scale == 1


async def test_height_limits_the_scale_too():
    async with scaled(board(columns=4, rows=9), (160, 19)) as (_app, pilot, grid):
        # 9 rows at scale 2 need 18 lines, and the two lines under the board: more than 19.
        assert grid.scale == 1
        await resize(pilot, 160, 22)
        assert grid.scale == 2


async def test_a_scaled_cell_shows_its_big_text_with_the_marks_on_the_middle_line():
    async with scaled() as (_app, pilot, grid):
        assert grid.scale == 3
        grid.move_cursor((1, 0))
        grid.set_highlights([(2, 0)])
        await pilot.pause()
        lines = [grid.render_line(y).text for y in range(3)]
        # Cells are 9 wide: "A" and its row number on the top two lines, label on the middle.
        assert lines[0][2:11] == "    A    "
        assert lines[1][:2] == "0 " and lines[1][11:20] == "▸   0   ◂" and lines[1][20:29] == "·   0   ·"
        assert lines[0][11] == " " and lines[2][11:20].strip() == ""


async def test_clicks_and_arrows_work_on_scaled_cells():
    async with scaled() as (app, pilot, grid):
        assert grid.scale == 3
        await pilot.click(Grid, offset=(2 + 9 * 4 + 4, 3 * 2 + 2))
        assert grid.cursor == (4, 2)
        await pilot.press("down", "enter")
        assert app.selected == [(4, 3)]


async def test_fit_to_picks_the_largest_scale_that_fits():
    app = ColumnApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.query_one(Grid)
        grid.auto_fit = False
        assert grid.needs(2).width == 2 + 13 * 6
        grid.fit_to(80, 18)
        assert grid.scale == 2
        grid.fit_to(79, 100)
        assert grid.scale == 1
        grid.fit_to(500, 500)
        assert grid.scale == 3, "never beyond max_scale"
