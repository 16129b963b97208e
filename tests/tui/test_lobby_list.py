"""The lobby's table list follows the lobby cell by cell (tui/screens/lobby_list.py): a move
elsewhere changes one cell, a row out of view waits until it is scrolled to, tables come and go
as rows, and a column that narrows with whose turn it is does not build the list again."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from engine.lobby import TableSummary
from tui.screens.lobby_list import TableList

BOTS = ("Expert bot 1", "Expert bot 2", "Expert bot 3")


def summary(n: int, to_act: tuple[str, ...] = BOTS[:1], **changes) -> TableSummary:
    s = TableSummary(
        id=f"t{n:06d}",
        title="King Up!",
        status="playing",
        seats=BOTS,
        free=0,
        bots=3,
        watchers=0,
        to_act=to_act,
        your_seat=None,
        invited=False,
        your_turn=False,
    )
    return replace(s, **changes)


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable(id="tables", cursor_type="row")


def turn(table: DataTable, table_id: str) -> str:
    return str(table.get_cell(table_id, "Turn"))


def show(listing: TableList, rows: list[TableSummary]) -> bool:
    return listing.show(rows, listing.fit(rows, 80))


async def listed(pilot, rows: list[TableSummary]) -> TableList:
    listing = TableList(pilot.app.query_one(DataTable))
    show(listing, rows)
    await pilot.pause()
    return listing


async def test_a_move_at_a_table_on_screen_changes_its_turn_cell_alone():
    rows = [summary(n) for n in range(60)]
    async with ListApp().run_test(size=(80, 24)) as pilot:
        listing = await listed(pilot, rows)
        table = listing.table
        rows[2] = summary(2, to_act=BOTS[1:2])
        assert show(listing, rows)
        assert turn(table, "t000002") == "Expert bot 2"
        assert table.ordered_rows[0].key.value == "t000000" and table.row_count == 60
        assert not show(listing, rows)  # (the same rows: nothing to do)


async def test_a_row_out_of_view_changes_when_it_is_scrolled_to():
    rows = [summary(n) for n in range(60)]
    async with ListApp().run_test(size=(80, 24)) as pilot:
        listing = await listed(pilot, rows)
        table = listing.table
        rows[50] = summary(50, to_act=BOTS[2:])
        show(listing, rows)
        assert turn(table, "t000050") == "Expert bot 1"  # nobody sees it: no frame for it yet
        table.move_cursor(row=50)  # the player scrolls down to it
        await pilot.pause()
        assert turn(table, "t000050") == "Expert bot 3"
        rows[50] = summary(50, to_act=BOTS[1:2])  # (in view now: at once)
        show(listing, rows)
        assert turn(table, "t000050") == "Expert bot 2"


async def test_tables_come_go_and_move_up_as_rows_and_the_cursor_stays_on_its_table():
    rows = [summary(n) for n in range(10)]
    async with ListApp().run_test(size=(80, 24)) as pilot:
        listing = await listed(pilot, rows)
        table = listing.table
        table.move_cursor(row=5)
        await pilot.pause()
        # table 3 ends, table 11 is new, and it is now the viewer's turn at table 8 (first in the list)
        rows = [summary(8, your_seat=0, your_turn=True)] + [summary(n) for n in (0, 1, 2, 4, 5, 6, 7, 9, 11)]
        show(listing, rows)
        await pilot.pause()
        assert [r.key.value for r in table.ordered_rows] == [s.id for s in rows]
        assert str(table.get_cell("t000008", "Table")) == "▶ t000008"
        assert listing.cursor_key() == "t000005"


async def test_a_turn_column_that_narrows_and_widens_again_keeps_its_width():
    rows = [summary(n) for n in range(5)]
    rows[0] = summary(0, to_act=BOTS)  # everybody acts at once: "Expert bot 1, Expert bot 2, ..."
    async with ListApp().run_test(size=(80, 24)) as pilot:
        listing = await listed(pilot, rows)
        table = listing.table
        widths = [c.width for c in table.columns.values()]
        rows[0] = summary(0, to_act=BOTS[:1])
        show(listing, rows)
        assert [c.width for c in table.columns.values()] == widths  # (the list was not built again)
        assert turn(table, "t000000") == "Expert bot 1"
        listing.loosen()  # the lobby is back on the screen: the columns fit the rows again
        show(listing, rows)
        assert [c.width for c in table.columns.values()] != widths
