"""King Up!'s castle on a large terminal (issue 9 item 4) and its figure colours (item 7):
the castle grows to fill the board column, plays the same with the keyboard, and no candidate
shares a colour with a seat or looks like another candidate."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.core import Table
from engine.games.king_up import CANDIDATES, ELIMINATED, THRONE, Place
from tui.games.king_up.board import ROW_OF
from themes import FIGURE_COLOURS, SEAT_COLOURS, THEMES
from themes.palettes import COLOURLESS
from tui.screens.play import PlayScreen
from tui.widgets.grid import Grid, resolve_colour

from .conftest import finished_match, new_match, play_screen, replay_at_end, settle
from .test_snapshots import mid_game

BIG = (160, 48)


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour, to measure how far apart two colours look."""
    rgb = [int(hex_colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    return math.dist(lab(a), lab(b))


@pytest.mark.parametrize("name", sorted(set(THEMES) - COLOURLESS))
def test_no_candidate_looks_like_a_seat_or_like_another_candidate(name):
    variables = THEMES[name].variables
    figures = [variables[f"figure-{i}"] for i in range(FIGURE_COLOURS)]
    seats = [variables[f"seat-{i}"] for i in range(SEAT_COLOURS)]
    # 15 in CIELAB is a difference nobody misses side by side (about 6 times the smallest seen).
    assert min(distance(f, s) for f in figures for s in seats) > 15
    assert min(distance(f, g) for f, g in itertools.combinations(figures, 2)) > 15


async def test_the_castle_draws_candidates_in_their_own_colours(make_app):
    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        grid = play_screen(app).board.grid
        fig_a = grid.find(("fig", 0))
        strip = grid.render_line(grid._region_of(fig_a).y - int(grid.scroll_offset.y))
        colours = {seg.style.bgcolor.triplet.hex for seg in strip if seg.text.strip() == "A"}
        seat_colours = {resolve_colour(app.theme_variables, f"seat-{i}").hex.lower() for i in range(6)}
        assert colours == {resolve_colour(app.theme_variables, "figure-0").hex.lower()}
        assert not colours & seat_colours


async def test_the_castle_fills_a_large_terminal_and_plays_with_the_keyboard(make_app, settings):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot, app)
        screen = play_screen(app)
        grid = screen.board.grid
        assert grid.scale == 3
        assert grid.size.width > 100, "the castle spans the board column"
        figure = grid.current.key[1]
        await pilot.press("enter")  # pick the figure: the floors light up
        await pilot.pause()
        floor = grid.current.key[1]
        await pilot.press("enter")
        await settle(pilot, app)
        assert match.view(0).floors[figure] == floor
        assert Place(figure, floor) not in match.legal_actions(0)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        await pilot.pause()
        assert grid.scale == 1


async def test_a_resize_changes_the_scale_and_keeps_the_cursor(make_app):
    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        grid = play_screen(app).query_one("#castle", Grid)
        await pilot.press("right")
        before = grid.cursor
        for size, scale in (((120, 40), 2), (BIG, 3), ((200, 60), 3), ((80, 24), 1)):
            await pilot.resize_terminal(*size)
            await settle(pilot, app)
            await pilot.pause()
            assert grid.scale == scale, size
            assert grid.cursor == before


async def test_the_replay_viewer_draws_the_castle_large_too(make_app, tmp_path):
    async with replay_at_end(make_app, finished_match(), tmp_path, size=BIG) as (pilot, replay):
        await pilot.pause()
        grid = replay.board.grid
        assert grid.scale == 3
        await pilot.press("home")
        await pilot.pause()
        assert grid.scale == 3, "stepping through the game keeps the scale"


def test_snapshot_castle_at_160x48(snap_compare, make_app):
    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    assert snap_compare(app, run_before=lambda pilot: settle(pilot, app), press=["right"], terminal_size=BIG)


def test_snapshot_placing_at_160x48(snap_compare, make_app):
    match = new_match(seed=7)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    assert snap_compare(app, run_before=lambda pilot: settle(pilot, app), press=["enter"], terminal_size=BIG)


async def test_choosing_a_floor_the_arrows_stay_on_the_floors_and_esc_restores_the_turn_line(make_app, settings):
    """While a picked figure waits for its floor, down goes to the next floor down (it used to
    jump to a figure on the side row, still saying "Place <the first figure>"); esc gives the
    turn's own status line back; the figure's description breaks at its dots, not inside
    "0 pts"."""
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = play_screen(app)
        grid = screen.board.grid
        figure = grid.current.key[1]
        described = str(screen.board.query_one("#focus-line").render())
        assert "0 pts" in described and "pts" not in described.splitlines()[0], described
        await pilot.press("enter")
        await pilot.pause()
        floors = []
        for _ in range(4):
            floors.append(grid.current.key)
            await pilot.press("down")
            await pilot.pause()
        assert all(key[0] == "slot" for key in floors[:-1]), floors
        assert [key[1] for key in floors[:3]] == sorted((key[1] for key in floors[:3]), reverse=True)
        await pilot.press("escape")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert status.startswith("Your turn") and "which floor" not in status
        assert screen.board.picking is None and grid.current.key == ("fig", grid.current.key[1])
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        assert match.view(0).floors[figure] != 0 or len(match.entries) > 3


def test_down_from_floor_3_steps_to_floor_2_even_where_its_free_slot_is_further_along():
    """Issue 30: the first free slot of floor 2 one column to the right lost to floor 1's, right
    under the cursor; the castle's arrows step one floor (the nearest row first)."""
    from tui.games.king_up.board import ROW_OF, CastleGrid
    from tui.widgets.grid import Cell

    grid = CastleGrid(id="castle")
    slots = {(5, ROW_OF[3]): 3, (6, ROW_OF[2]): 2, (5, ROW_OF[1]): 1}
    grid.set_board({pos: Cell("·", key=("slot", floor)) for pos, floor in slots.items()}, columns=11, rows=9)
    grid.set_reactive(Grid.cursor, (5, ROW_OF[3]))
    assert slots[grid._step(0, 1)] == 2
    grid.set_reactive(Grid.cursor, (5, ROW_OF[1]))
    assert slots[grid._step(0, -1)] == 2
    assert grid._step(1, 0) == (6, ROW_OF[2]), "sideways as any grid"


@pytest.mark.parametrize("size", [(80, 24), BIG], ids=["80x24", "160x48"])
async def test_on_a_tall_terminal_a_long_name_shows_whole(make_app, size):
    from engine.core import Seat

    from .conftest import new_match as king_up_match
    from .textfit import screen_lines

    long = "Bernardino Telesio"
    seats = [Seat("You", "human"), Seat(long, "bot:greedy"), Seat("Brunhild", "bot:random")]
    match = king_up_match(seed=7, seats=seats)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        shown = long in "\n".join(screen_lines(app))
        assert shown == (size == BIG), "80x24: cut to keep one line a seat, as before"


@pytest.mark.parametrize("theme,ascii", [("bergfried-dark", False), ("monochrome", False), ("monochrome", True)])
async def test_each_seats_last_move_is_marked_on_the_board_by_its_token(make_app, theme, ascii):
    """Issue 30: the bots' moves showed only in the move list. Each seat's token now stands
    beside the figure it moved last (while the figure stays there), as a glyph, not colour alone."""
    match = mid_game()
    view = match.view(0)
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        grid = play_screen(app).board.grid
        marked = []
        for seat, move in enumerate(view.last_moves):
            if move is None or view.floors[move.figure] != move.to_floor:
                continue
            region = grid._region_of(grid.find(("fig", move.figure)))
            line = "".join(seg.text for seg in grid.render_line(region.y - int(grid.scroll_offset.y)))
            cell = line[region.x : region.x + region.width]
            assert cell[1:] == CANDIDATES[move.figure].initial + grid.glyphs.seat(seat), (seat, cell)
            marked.append(seat)
        assert len(marked) >= 2, "the bots' last moves are on the board"
        grid.move_cursor(grid.find(("fig", view.last_moves[marked[-1]].figure)))
        await pilot.pause()
        described = str(play_screen(app).board.query_one("#focus-line").render())
        assert f"by {match.seats[marked[-1]].name}" in described.replace("\n", " ")


async def test_at_160x48_every_candidate_and_mover_is_named_whole_on_the_board(make_app):
    """Playing as a new user (issue 30's check): at 160x48 the castle cut "Alighi…", "Bernar…",
    "Clemen…", "Fiorel…" and the movers "● Diet…"; the names now take their cells' whole width
    (a mover's name a column less, so two never run together)."""
    from .textfit import screen_lines

    match = mid_game()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        grid = play_screen(app).board.grid
        assert grid.scale == 3
        rows = screen_lines(app)[: grid.size.height]
        board = "\n".join(line[: grid.size.width] for line in rows)
        assert "…" not in board, board
        words = board.split()
        for f, candidate in enumerate(CANDIDATES):
            assert candidate.name in words or match.view(0).floors[f] == ELIMINATED, (candidate.name, board)
        view = match.view(0)
        movers = {match.seats[s].name for s, move in enumerate(view.last_moves) if move is not None}
        assert movers and all(name in words for name in movers), (movers, board)


async def test_a_rounds_scores_show_over_its_final_position(make_app, settings):
    """Playing as a new user (issue 30's check): the round's scores came up over the next round's
    empty castle and a goal card "worth 0 now"; the castle under them now stays as the round
    ended (the king on the throne) until they are closed, and then the next round is drawn."""
    app = make_app()
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#seed").value = "11"
        await pilot.press("ctrl+g")
        await settle(pilot, app)
        for _ in range(400):
            if type(app.screen).__name__ == "RoundEndScreen":
                break
            await pilot.press("y" if type(app.screen).__name__ == "VoteScreen" else "enter")
            await settle(pilot, app)
        scores = app.screen
        assert type(scores).__name__ == "RoundEndScreen"
        grid = play_screen(app).board.grid
        king = scores.view.king
        assert king is not None, "seed 11's first round crowns a king"
        on_board = {cell.key[1] for cell in grid._cells.values() if cell.key and cell.key[0] == "fig"}
        standing = {f for f, floor in enumerate(scores.view.floors) if floor > 0}
        assert grid.find(("fig", king))[1] == ROW_OF[THRONE], "the king is still on the throne"
        assert standing <= on_board
        await pilot.press("enter")
        await settle(pilot, app)
        assert play_screen(app).board.grid.find(("fig", king))[1] != ROW_OF[THRONE], "the next round is drawn"
