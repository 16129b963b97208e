"""Load and Replays: the saved games, with game and players; Load says when each was last
played and how far it went, Replays when each was started, who won and the scores. d deletes a
save and r renames it, each asked first and refused while the game is being played, so nothing
is lost by a stray key.

A damaged file shows the engine's own message; when lines before the damage are whole, the
player may open that recovered part (a copy is written; the original is never touched).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING
from pathlib import Path
from types import MappingProxyType

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from engine.core import LogError

from ..saves import SaveInfo, SaveRefused, delete_save, recover_copy, rename_save, scan_saves
from .dialogs import ConfirmScreen, PromptScreen

if TYPE_CHECKING:
    from textual import getters
    from tui.app import BergfriedApp


TITLES = MappingProxyType({"load": "Load a saved game", "replay": "Replays"})


def short_path(path: Path, width: int) -> str:
    """The folder as ``~/…`` and, if still too long, its last parts after "…/"."""
    text = str(path)
    home = str(Path.home())
    if text.startswith(home + "/"):
        text = "~" + text[len(home) :]
    parts = text.split("/")
    while len(text) > width and len(parts) > 1:
        parts = parts[1:]
        text = "…/" + "/".join(parts)
    return text


def plural(count: int, noun: str) -> str:
    """ "1 finished game", "2 finished games"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def fit_names(names: str, width: int) -> str:
    """A comma-separated list of names cut at a name, never inside one ("Ann, Bob +2")."""
    if len(names) <= width:
        return names
    parts = names.split(", ")
    for keep in range(len(parts) - 1, 0, -1):
        text = f"{', '.join(parts[:keep])} +{len(parts) - keep}"
        if len(text) <= width:
            return text
    return f"{len(parts)} players"


def file_end(name: str, width: int) -> str:
    """A file's name, its start given up for "…" when too long (a copy's name differs at its end)."""
    return name if len(name) <= width else "…" + name[len(name) - width + 1 :]


class SavesScreen(Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "saves.tcss"
    BINDINGS = [
        # Priority: the list's own enter would hide it from the footer, and Open is the point here.
        Binding("enter", "open", "Open", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
        # Priority: the dialog is pushed as the key is read, so the keys typed on go to it, not
        # to the list (enter there opened the game instead of answering Rename).
        Binding("d", "delete", "Delete", priority=True),
        Binding("r", "rename", "Rename", priority=True),
        Binding("f5", "rescan", "Refresh"),
    ]

    def __init__(self, mode: str = "load") -> None:
        super().__init__()
        self.mode = mode
        self.infos: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        heading = f"{TITLES[self.mode]} · "
        folder = short_path(self.app.settings.saves_dir, self.app.size.width - len(heading) - 2)
        yield Static(heading + folder, id="heading")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="saves")
        yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # Load tells two saves of one game apart by when each was last played and how far it went.
        if self.mode == "load":
            table.add_columns("game", "players", "last played", "progress")
        else:
            table.add_columns("game", "players", "date", "result")
        self.action_rescan()
        table.focus()

    def action_rescan(self, select: Path | None = None) -> None:
        """The list read again; the cursor stays on the file it was on (or goes to ``select``)."""
        table = self.query_one(DataTable)
        keep = select or (self.selected.path if self.selected is not None else None)
        table.clear()
        infos = scan_saves(self.app.settings.saves_dir)
        finished = sum(1 for i in infos if i.finished)
        if self.mode == "load":
            infos = [i for i in infos if not i.finished]
        self.infos = infos
        # Every column shows its text whole: the players get what the other columns leave.
        title_width = max((len(i.title) for i in infos), default=4)
        room = self.app.size.width - title_width - 16 - 12  # the date, and each cell's padding
        status_width = min(max((len(self._status(i)) for i in infos), default=6), room - 10)
        players_width = max(10, room - status_width)  # "3 players" at the least
        cells = []
        for info in infos:
            status = self._status(info)  # a long result is cut; the line below the list has it whole
            status = status if len(status) <= status_width else status[: status_width - 1] + "…"
            date = info.last_played if self.mode == "load" else info.date
            cells.append((info.title, fit_names(info.players, players_width), date, status))
        alike = Counter(cells)
        for info, row in zip(infos, cells):
            if alike[row] > 1:  # an autosave and its "Save as" copy at one move: their files tell them apart
                # "file …": under the heading "players", a bare file name read as a player's
                row = (row[0], "file " + file_end(info.path.name, players_width - 5), *row[2:])
            table.add_row(*row)
        detail = self.query_one("#detail", Static)
        if infos:
            paths = [i.path for i in infos]
            table.move_cursor(row=paths.index(keep) if keep in paths else 0)
            self.on_data_table_row_highlighted(None)
        elif self.mode == "load" and finished:
            detail.update(f"No unfinished games here. {plural(finished, 'finished game')} can be watched in Replays.")
        else:
            detail.update("No saved games here yet.")

    def _status(self, info: SaveInfo) -> str:
        """Replays name the winner and the scores of a finished game; Load its state and move."""
        if self.mode == "load":
            return info.progress
        return info.result if info.result and info.status == "finished" else info.progress

    def on_screen_resume(self) -> None:
        # A game opened from here may have moved on or ended meanwhile: the list shows it as it is.
        self.action_rescan()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted | None) -> None:
        info = self.selected
        if info is not None:
            message = info.error or info.warning or f"{info.path.name} · started {info.date} · {info.progress}"
            if info.result and not info.error:
                message += f"\n{info.players}: {info.result}"
            self.query_one("#detail", Static).update(message)

    @property
    def selected(self) -> SaveInfo | None:
        row = self.query_one(DataTable).cursor_row
        return self.infos[row] if 0 <= row < len(self.infos) else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        info = self.selected
        if info is None:
            return
        if info.error:
            self._offer_recovery(info)
            return
        self.open_path(info)

    def open_path(self, info: SaveInfo) -> None:
        from .start import resume_game
        from .replay import ReplayScreen

        if self.mode == "load":
            resume_game(self.app, info.path)
            return
        try:
            screen, warning = ReplayScreen.from_path(info.path)
        except LogError as exc:
            self.notify(str(exc), severity="error")
            return
        if warning:
            self.notify(warning, severity="warning")
        self.app.push_screen(screen)

    def _offer_recovery(self, info: SaveInfo) -> None:
        if not info.error_line or info.error_line < 2:
            self.notify(f"{info.path.name}: {info.error}", severity="error", timeout=8)
            return
        question = (
            f"{info.path.name} is damaged:\n{info.error}\n\n"
            "Open a recovered copy (the whole moves before the damage, under a new name)?"
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                copy = recover_copy(info.path)
            except (LogError, OSError) as exc:
                self.notify(f"Could not recover: {exc}", severity="error", timeout=8)
                return
            self.action_rescan()
            self.open_path(SaveInfo(copy, copy.stat().st_mtime))

        self.app.push_screen(ConfirmScreen(question, "Recover", "Cancel"), answered)

    # -- delete and rename: asked first, and refused while the game is being played ----------

    def action_delete(self) -> None:
        info = self.selected
        if info is None:
            return
        question = f"Delete {info.path.name} ({info.title}, {info.players})?\nIt cannot be brought back."
        self.app.push_screen(
            ConfirmScreen(question, "Delete", "Keep", default=False), lambda yes: self._delete(info) if yes else None
        )

    def _let_go(self, info: SaveInfo) -> None:
        """A game left here stays open in this process, its file locked, until the app ends: with
        nobody at it now, it is closed (everything is on file) so its file may be deleted or renamed."""
        table = self.app.tables.running(info.path)
        if table is not None and not table.attached:
            table.close()

    def _delete(self, info: SaveInfo) -> None:
        self._let_go(info)
        try:
            delete_save(info.path)
        except SaveRefused as exc:
            self.notify(f"Not deleted: {exc}", severity="error", timeout=8)
            return
        self.notify(f"Deleted {info.path.name}.")
        self.action_rescan()

    def action_rename(self) -> None:
        info = self.selected
        if info is None:
            return
        question = f"Rename {info.path.name} to:"
        self.app.push_screen(PromptScreen(question, info.path.stem), lambda name: self._rename(info, name))

    def _rename(self, info: SaveInfo, name: str | None) -> None:
        if not name:
            return
        self._let_go(info)
        try:
            target = rename_save(info.path, name)
        except SaveRefused as exc:
            self.notify(f"Not renamed: {exc}", severity="error", timeout=8)
            return
        if target == info.path:  # enter on the name as it was: "Renamed to" it misled
            self.notify(f"{target.name} keeps its name.")
            return
        self.notify(f"Renamed to {target.name}.")
        self.action_rescan(select=target)
