"""Carcassonne's board after issue 9: the replay names the real mover and starts from the table as
set out (item 2); the wall reads as the score track (item 5); the last move of each other seat
stays lit, legal spots look unlike laid roads, taken tiles show their taker (item 6); plurals
(item 9); the board grows with the terminal (item 4). Snapshots at 80x24 and 160x48."""

from __future__ import annotations

import attrs
import pytest

from engine.core import Table, write_log_atomic
from tui.cli import replay_start
from tui.games.base import ViewContext
from tui.games.carcassonne_castle import CastleBoard, grid_pos
from tui.games.carcassonne_castle.look import look_for
from tui.games.carcassonne_castle.panels import info_text
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import settle
from .test_carcassonne_screen import (
    SIZE,
    board,
    finished_match,
    human_to_move_after,
    new_match,
    settle_snapshot,
    text_of,
)

BIG = (160, 48)


def wall(castle: CastleBoard) -> dict:
    """Each wall cell of the board -> its cell."""
    layout = castle.ctx.view.castle
    return {sq: castle.grid.cell_at(grid_pos(sq)) for sq in set(layout.track)}


# -- item 2: the replay names the mover; step 0 is the table as set out -----------------------


async def test_the_replay_names_who_laid_each_card_and_starts_with_the_full_table(make_app, tmp_path):
    match = finished_match()
    path = tmp_path / "done.jsonl"
    write_log_atomic(path, match.game, match.header, match.entries)
    app = make_app(start=replay_start(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        info = text_of(replay.info.query_one("#info"))
        assert "60 cards left, 13 tower tiles" in info
        castle = replay.query_one(CastleBoard)
        towers = [c for c in wall(castle).values() if c.glyph == "▣"]
        assert len(towers) == 13, "every corner tower but 0/1 holds a face-down tile"
        names = [s.name for s in match.seats]
        checked = 0
        for step in range(1, 14):
            await pilot.press("right")
            await pilot.pause()
            label = replay.labels[replay.stop_index]
            mover = next((n for n in names if label.startswith(n)), None)
            last = text_of(castle.query_one("#last-line"))
            if mover is not None and "laid" not in label and "wall tile" not in label:
                assert last.startswith(f"{mover} laid "), (step, label, last)
                checked += 1
        assert checked >= 5


# -- item 5: the wall is the score track -------------------------------------------------------


def numbers_on(cells) -> list[int]:
    found = []
    for cell in cells:
        digits = "".join(ch for ch in cell.glyph if ch.isdigit())
        if digits:
            found.append(int(digits))
    return sorted(found)


async def test_the_wall_numbers_the_track_and_shows_the_markers_on_their_spaces(make_app):
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app)
        assert castle.grid.scale == 1
        cells = wall(castle)
        markers = [c for c in cells.values() if c.glyph[:1] in "●&"]
        view = castle.ctx.view
        for seat, space in enumerate(view.track_positions):
            assert any(c.glyph[1:] == str(space) for c in markers), f"marker {seat} on {space}"
        shown = numbers_on(cells.values())  # a marker shows the space it stands on
        gaps = [b - a for a, b in zip(shown, shown[1:])] + [100 + shown[0] - shown[-1]]
        assert max(gaps) <= 10, f"a track number at least every 10 spaces: {shown}"


async def test_scaled_up_every_wall_cell_names_its_spaces(make_app):
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=BIG) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        castle = board(app)
        assert castle.grid.scale == 2
        layout = castle.ctx.view.castle
        for space, sq in enumerate(layout.track):
            cell = castle.grid.cell_at(grid_pos(sq))
            first = min(s for s, q in enumerate(layout.track) if q == sq)
            assert str(first) in cell.big, (space, cell.big)


# -- item 6: what just happened stays on the board --------------------------------------------


async def test_the_other_seats_last_card_stays_lit_and_legal_spots_differ_from_roads(make_app):
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app)
        castle._stop_flash()
        view = castle.ctx.view
        last = max(i for i, s in enumerate(view.laid_by) if s == 1)
        for sq in view.laid[last].squares:
            assert castle.grid.cell_at(grid_pos(sq)).bg == "seat-1", "the bot's last card, lasting"
        mine = max(i for i, s in enumerate(view.laid_by) if s == 0)
        assert all(
            castle.grid.cell_at(grid_pos(sq)).bg != "seat-0"
            for sq in view.laid[mine].squares
            if not any(f.square == sq for f in view.followers)
            and view.palas[0] is None
            or view.palas[0]
            and view.palas[0].square != sq
        )
        spots = {
            castle.grid.cell_at(grid_pos(sq)).bg for sq in castle._anchors if grid_pos(sq) not in castle._previewed
        }
        roads = {
            castle.grid.cell_at(grid_pos(sq)).bg
            for card in view.laid
            for half, sq in zip(card.halves, card.squares)
            if half.ground == "road"
        }
        assert spots == {"board-legal"} and "board-legal" not in roads


async def test_a_taken_wall_tile_shows_its_taker_on_the_tower(make_app):
    match = finished_match()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app)
        view = castle.ctx.view
        assert view.taken
        for taken in view.taken:
            tower = view.castle.towers[taken.tower]
            cell = castle.grid.cell_at(grid_pos(tower.cell))
            if cell.glyph[:1] in "●&":  # a score marker stands on it
                continue
            assert cell.bg == f"seat-{taken.seat}" and cell.glyph == f"□{taken.tile}"
            assert f"wall tile {taken.tile} taken by {match.seats[taken.seat].name}" in cell.label


# -- item 9: words ---------------------------------------------------------------------------


def test_one_card_and_one_follower_are_singular():
    match = new_match()
    view = attrs.evolve(match.view(0), pile=1, supply=(1, 2), towers=(False,) * 13 + (True,))
    ctx = ViewContext(match.game, view, 0, tuple(match.seats), (), None)
    text = info_text(ctx, {}).plain
    assert "1 card left, 1 tower tile" in text
    assert "1 follower ·" in text and "2 followers ·" in text


# -- item 4: the board uses the terminal it has ------------------------------------------------


async def test_the_board_grows_with_the_terminal_and_shrinks_back(make_app):
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app)
        assert castle.grid.scale == 1
        for size, scale in (((120, 40), 2), ((160, 48), 2), ((200, 60), 3), ((80, 24), 1)):
            await pilot.resize_terminal(*size)
            await settle(pilot, app)
            await pilot.pause()
            assert castle.grid.scale == scale, size
        assert castle.grid.has_focus and castle.preview() is not None
        before = castle.grid.cursor
        await pilot.press("left")
        await pilot.pause()
        assert castle.grid.cursor != before, "the arrows still walk the legal squares"


def test_snapshot_laying_a_card_160x48(snap_compare, make_app):
    match = human_to_move_after(16)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["right", "r"],
        terminal_size=BIG,
    )


def test_snapshot_replay_start_80x24(snap_compare, make_app, tmp_path):
    match = finished_match()
    path = tmp_path / "done.jsonl"
    write_log_atomic(path, match.game, match.header, match.entries)
    assert snap_compare(make_app(start=replay_start(path)), run_before=settle_snapshot, terminal_size=SIZE)


# -- issue 30: one "Game over" form; the final scoring said apart from the last card ----------


def test_game_over_reads_the_same_in_the_move_list_and_on_the_board():
    from engine.games.carcassonne_castle.events import GameEnded
    from engine.games.carcassonne_castle.notation import describe
    from tui.games.carcassonne_castle.board import final_line

    match = finished_match()
    names = [s.name for s in match.seats]
    ended = next(e.event for e in match.entries if isinstance(e.event, GameEnded))
    ctx = ViewContext(match.game, match.view(0), 0, tuple(match.seats))
    assert describe(match.state, ended, names) == final_line(ctx) == "Game over: Ada wins 51–42."


def test_after_the_last_card_the_final_scoring_is_said_apart():
    from tui.games.carcassonne_castle.board import last_line

    match = finished_match()
    view = match.view(0)
    names = [s.name for s in match.seats]
    final = [s - b for s, b in zip(view.scores, view.before_final)]
    line = last_line(view, names, [0, 0], final).plain
    assert "final scoring: " + ", ".join(f"{n} +{g}" for n, g in zip(names, final) if g) in line
    assert "with the final scoring" not in line


async def test_at_80x24_the_footer_keeps_save_as_when_undo_and_hint_join_it(make_app, settings):
    from engine.core import GameConfig, Match
    from engine.games import get_game

    from .test_carcassonne_screen import HUMAN_VS_BOT, advance_until

    practice = Match.new(
        get_game("carcassonne-castle"), GameConfig(2, frozenset({"practice"})), list(HUMAN_VS_BOT), 7, durable=False
    )
    match = advance_until(practice, lambda m: m.to_act == {0} and len(m.state.board.placements) >= 4)
    app = make_app(start=lambda app: PlayScreen(Table(match)), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("enter", "enter")  # lay the card (the chooser, then no follower)
        await pilot.pause()
        screen = app.screen
        assert screen.undo_blocker() is None, "your own card goes back while the bot waits"
        from .textfit import screen_lines

        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "u Undo" in footer and "h Hint" in footer and "a Save as" in footer, footer


# -- issue 30: card edges ------------------------------------------------------------------------


def screen_text(grid, pos) -> list[str]:
    """The lines of the cell at ``pos`` as the grid draws them (scrolled to the top left)."""
    region = grid._region_of(pos)
    x = region.x - (1 if grid.scale > 1 else 0)  # the castle grid drops a blank after the row numbers
    lines = []
    for y in range(region.y, region.y + region.height):
        text = "".join(seg.text for seg in grid.render_line(y - int(grid.scroll_offset.y)))
        lines.append(text[x : x + region.width])
    return lines


@pytest.mark.parametrize(
    "size,theme,ascii",
    [(SIZE, "bergfried-dark", False), (SIZE, "monochrome", True), (BIG, "bergfried-dark", False)],
    ids=["80x24", "80x24-ascii-monochrome", "160x48"],
)
async def test_every_laid_card_shows_where_it_ends(make_app, size, theme, ascii):
    """Issue 30: nothing showed where one card ends and the next begins. Each card's outer
    columns carry its edges (glyphs, not colour): ends across, corners up and down."""
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme, ascii=ascii)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        grid = board(app).grid
        look = look_for(grid.glyphs)
        nw, ne, sw, se = look.corners
        laid = board(app).ctx.view.laid
        assert len(laid) >= 10
        for card in laid:
            (ax, ay), (bx, by) = card.squares
            first, second = sorted(card.squares, key=lambda sq: (sq[1], sq[0]))
            one, two = screen_text(grid, grid_pos(first)), screen_text(grid, grid_pos(second))
            if grid.scale == 1 and ay == by:
                assert (one[0][0], two[0][-1]) == look.ends, (card, one, two)
            elif ay == by:
                assert one[0][0] + one[-1][0] in (nw + sw, "─" + sw, nw + "─"), (card, one)
            else:
                assert (one[0][0], one[0][-1], two[-1][0], two[-1][-1]) == (nw, ne, sw, se), (card, one, two)
