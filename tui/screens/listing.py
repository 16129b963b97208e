"""The layout the SSH account screens share (``history.py``: finished games, ``keys.py``: keys
and name): a heading, a list of rows, the screen's input fields, a status line and the footer.
One definition of that look and of how the status line says something, so the two read alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Static

from engine.together.text import inert

if TYPE_CHECKING:
    from textual import getters
    from tui.server.child import RemoteApp


class ListingScreen(Screen[None]):
    """A subclass names its list (``LIST``: the DataTable's id; the heading and status line are
    ``LIST-heading`` and ``LIST-status``), its status line's first words (``HINT``), its fields
    (``fields``) and its keys (``BINDINGS``, in the footer's order: escape is ``action_back``)."""

    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(RemoteApp)

    DEFAULT_CSS = """
    ListingScreen { layout: vertical; }
    ListingScreen .listing-heading { height: 2; padding: 0 1; text-style: bold; color: $primary; }
    ListingScreen .listing { height: 1fr; }
    ListingScreen Input { height: 1; margin: 1 1 0 1; }
    ListingScreen .listing-status { height: 2; padding: 0 1; background: $panel; }
    ListingScreen .listing-status.-error { color: $error; }
    """
    LIST: ClassVar[str] = "listing"
    HINT: ClassVar[str] = ""
    BELL_ON_ERROR: ClassVar[bool] = False

    def compose(self) -> ComposeResult:
        yield Static("", id=f"{self.LIST}-heading", classes="listing-heading")
        yield DataTable(id=self.LIST, classes="listing", cursor_type="row", zebra_stripes=True)
        yield from self.fields()
        yield Static(self.HINT, id=f"{self.LIST}-status", classes="listing-status")
        yield Footer()

    def fields(self) -> Iterable[Widget]:
        """The screen's input fields, between the list and the status line."""
        return ()

    @property
    def listing(self) -> DataTable:
        return self.query_one(f"#{self.LIST}", DataTable)

    def heading(self, text: str) -> None:
        self.query_one(f"#{self.LIST}-heading", Static).update(text)

    def fill(self, columns: tuple[str, ...], rows: Iterable[tuple[str, tuple]]) -> None:
        """The list anew: ``rows`` are (key, cells)."""
        table = self.listing
        if not table.columns:
            table.add_columns(*columns)
        table.clear()
        for key, cells in rows:
            table.add_row(*cells, key=key)

    def under_cursor(self) -> str | None:
        """The key of the row under the cursor (None: the list is empty)."""
        table = self.listing
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def _say(self, text: str, error: bool = False) -> None:
        status = self.query_one(f"#{self.LIST}-status", Static)
        status.update(inert(text, 200))
        status.set_class(error, "-error")
        if error and self.BELL_ON_ERROR:
            self.app.bell()

    def action_back(self) -> None:
        self.app.pop_screen()
