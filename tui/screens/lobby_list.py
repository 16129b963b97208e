"""The lobby's table list kept in step with the lobby, cell by cell: a move at some table changes
its row's "Turn" cell, and only that cell changes on the screen.

Every process hears of every change at every table; a lobby that built its whole list again for
each (and Textual then measured every row again) was most of what a player resting in the lobby
cost: 20 of them used a core while bots played elsewhere. Now a changed row that is on the screen
is updated in place; one that is not waits until it scrolls into view (no frame for what nobody
sees). A new table is a row added, a table gone a row removed; the list is built again only
when its columns change (a cell grew wider).

    rows = TableList(data_table)
    rows.show(summaries, rows.fit(summaries, width=80))   # the first time: built; later: what changed
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import DataTable

from engine.lobby import TableSummary

from .lobby_rows import Column, fit_columns, table_row

#: Rows above and below the visible ones updated at once as well (a scroll of a line or two
#: never shows a row that waits).
MARGIN = 2


class TableList:
    def __init__(self, table: DataTable) -> None:
        self.table = table
        self.shown: tuple[tuple[TableSummary, ...], tuple[Column, ...]] | None = None
        self.cells: dict[str, list[str]] = {}  # each row's cells as the DataTable holds them
        self.waiting: dict[str, list[str]] = {}  # rows changed while out of view
        self.order: list[str] = []  # the tables' ids in the order the DataTable holds them
        self.width, self.loose = 0, False
        table.watch(table, "scroll_y", self._scrolled, init=False)

    def fit(self, rows: Sequence[TableSummary], width: int) -> list[Column]:
        """The columns for ``rows`` at ``width``, none narrower than shown at this width since
        ``loosen``: a column that narrowed and widened again with whose turn it is ("Expert bot
        1, Expert bot 2" at a table, then one of them) built the list again each time."""
        shown = self.shown[1] if self.shown is not None and width == self.width and not self.loose else ()
        self.width, self.loose = width, False
        return fit_columns(rows, width, at_least={c.label: c.width for c in shown})

    def loosen(self) -> None:
        """The next ``fit`` fits the rows alone (the screen is back: a column may narrow)."""
        self.loose = True

    def show(self, rows: Sequence[TableSummary], columns: Sequence[Column]) -> bool:
        """The list as ``rows`` and ``columns`` say; False if it showed them already."""
        shown = (tuple(rows), tuple(columns))
        if shown == self.shown:
            return False
        before, self.shown = self.shown, shown
        if before is None or before[1] != shown[1]:
            self._build(rows, columns)
        else:
            self._update(rows, columns, set(before[0]))
        return True

    def _build(self, rows: Sequence[TableSummary], columns: Sequence[Column]) -> None:
        table = self.table
        keep, row = self.cursor_key(), table.cursor_row
        if [(str(c.label), c.width) for c in table.columns.values()] != [(c.label, c.width) for c in columns]:
            table.clear(columns=True)
            for column in columns:
                table.add_column(column.label, width=column.width, key=column.label)
        table.clear()
        self.cells, self.waiting = {}, {}
        for s in rows:
            cells = self.cells[s.id] = table_row(s, columns)
            table.add_row(*cells, key=s.id)
        self.order = [s.id for s in rows]
        if rows:
            table.move_cursor(row=self.order.index(keep) if keep in self.order else min(row, len(rows) - 1))

    def _update(self, rows: Sequence[TableSummary], columns: Sequence[Column], before: set[TableSummary]) -> None:
        """Tables gone and new ones (a row each: Textual measures the new rows alone), the order
        (a turn moves a table up), then the cells of the tables that changed since ``before``."""
        table, ids = self.table, [s.id for s in rows]
        keep = self.cursor_key()
        for key in self.cells.keys() - set(ids):
            table.remove_row(key)
            del self.cells[key]
            self.waiting.pop(key, None)
        for s in rows:
            if s.id not in self.cells:
                cells = self.cells[s.id] = table_row(s, columns)
                table.add_row(*cells, key=s.id)
        order = [key for key in self.order if key in self.cells] + [key for key in ids if key not in self.order]
        if order != ids:
            # (the first cell, "▶ t3a9c1f", is the table's own: never cut, never another's)
            place = {self.cells[key][0]: i for i, key in enumerate(ids)}
            table.sort("Table", key=place.__getitem__)
        moved, self.order = order != ids or len(order) != len(self.order), ids
        if moved and keep in self.cells:
            table.move_cursor(row=ids.index(keep))  # the cursor stays on its table
        seen = self._in_view()
        for i, s in enumerate(rows):
            if s in before:
                continue  # (as it was: shown, or waiting to be)
            cells = table_row(s, columns)
            if cells == self.cells[s.id]:
                self.waiting.pop(s.id, None)  # (changed and back while out of view)
            elif i in seen:
                self._put(s.id, cells)
            else:
                self.waiting[s.id] = cells
        if moved:
            self._scrolled()  # (a row that waited may be in view now, though it did not change)

    def _put(self, key: str, cells: list[str]) -> None:
        """Only the cells that differ (each a repaint of the list's visible rows)."""
        self.waiting.pop(key, None)
        now = self.cells[key]
        for column, (old, new) in zip(self.shown[1] if self.shown else (), zip(now, cells, strict=True)):
            if old != new:
                self.table.update_cell(key, column.label, new)
        self.cells[key] = cells

    def _in_view(self) -> range:
        table = self.table
        top = int(table.scroll_y)
        return range(max(0, top - MARGIN), top + table.size.height + MARGIN)

    def _scrolled(self) -> None:
        if not self.waiting or self.shown is None:
            return
        seen = self._in_view()
        for i, s in enumerate(self.shown[0]):
            if i in seen and s.id in self.waiting:
                self._put(s.id, self.waiting[s.id])

    def cursor_key(self) -> str | None:
        table = self.table
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
