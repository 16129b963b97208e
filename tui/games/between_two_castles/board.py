"""The board: your two castles side by side and the strip of rooms below them.

The castle the cursor was last in is drawn wide (a short name and the decoration glyph per room);
the other one compact (one letter per room type). Arrows walk over rooms and free cells and cross
from one castle to the other and down to the strip; tab does the same. The strip holds the hand
while drafting, Ludwig's two rooms, the rooms to place, or a bonus offer; the cells where the
strip's focused room may go are highlighted in both castles.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from engine.games.between_two_castles import BTCView, Place
from themes import UNICODE

from ...widgets.grid import Cell, Grid
from ...widgets.text_line import TextLine
from ..base import ViewContext, ViewPanel
from . import choosing
from .dialogs import OverviewScreen
from .describe import castle_title, describe_room, describe_spot
from .look import (
    TYPE_COLOUR,
    Frame,
    castle_cells,
    castle_frame,
    legend,
    look_for,
    room_card,
    short_name,
)
from .moves import (
    ASSIGN,
    BONUS_PICK,
    BONUS_PLACE,
    CHOOSE,
    PLACE,
    Previews,
    situation,
    strip_rooms,
    targets,
)
from .widgets import COMPACT, WIDE, BoardGrid, Fit, fit_castles


class CastlesBoard(ViewPanel):
    SIDE_GROWS = True  # the moves' panel widens on a large terminal (board_layout.side_width)
    DEFAULT_CSS = """
    CastlesBoard { height: 1fr; width: 100%; layout: vertical; }
    CastlesBoard #castles { height: 1fr; }
    CastlesBoard .castle-col { height: 100%; width: 1fr; }
    CastlesBoard .castle-col.-compact { width: auto; max-width: 17; margin-left: 1; }
    CastlesBoard .castle-col.-compact.-first { margin-left: 0; margin-right: 1; }
    CastlesBoard .title { text-style: bold; }
    CastlesBoard BoardGrid { scrollbar-size: 0 0; }
    CastlesBoard #strip { height: 1; }
    CastlesBoard #detail-rule { height: 3; color: $text-muted; }
    CastlesBoard #legend { color: $text-muted; }
    """
    BINDINGS = [
        Binding("o", "overview", "Castles"),
        Binding("b", "bonus", "Bonus"),
        Binding("n", "next_castles", "Next castles"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.now = "watch"
        self.shown: tuple[int, ...] = ()
        self.active = 0  # which of the shown castles is drawn wide
        self.frames: dict[int, Frame] = {}
        self.rooms: list[int] = []  # the strip
        self.marked: list[int] = []  # the pair being drafted
        self.targets: dict[int, dict[int, set]] = {}
        self.previews = Previews()
        self._prompted: Any = None
        self._first = 0  # a spectator's first castle shown
        self._jump = False  # the next castle drawn puts its cursor on the best spot
        self._keys: dict[int, Any] = {}
        self._drawn: dict[str | None, tuple] = {}  # what each castle grid shows now
        self.fit = Fit()  # how big the castles are drawn (fit_castles)
        self.titles_unsized = False  # titles drawn before the layout gave the castles a width

    def compose(self) -> ComposeResult:
        with Horizontal(id="castles"):
            for i in range(2):
                with Vertical(classes="castle-col", id=f"col-{i}"):
                    yield TextLine(id=f"title-{i}").add_class("title")
                    yield BoardGrid(cell_width=WIDE, max_scale=3, id=f"castle-{i}")
        yield BoardGrid(cell_width=5, id="strip")
        yield TextLine(id="detail-head")
        yield TextLine(id="detail-rule")
        yield TextLine(id="detail-hint")
        yield TextLine(id="legend")

    def castle_grid(self, i: int) -> BoardGrid:
        return self.query_one(f"#castle-{i}", BoardGrid)

    @property
    def strip(self) -> BoardGrid:
        return self.query_one("#strip", BoardGrid)

    @property
    def view(self) -> BTCView:
        return self.ctx.view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "bonus":
            return self.now == BONUS_PICK or (self.now == BONUS_PLACE and len(self.rooms) > 1)
        if action == "next_castles":
            return self.ctx is not None and not self.view.my_castles
        return True

    # -- drawing ----------------------------------------------------------------------------

    def show(self, ctx: ViewContext) -> None:
        before = self.now
        self.ctx = ctx
        view = ctx.view
        self.previews.reset(view)
        self.now = situation(view, ctx.legal)
        n = len(view.castles)  # a spectator is shown two castles; n shows the next two
        self.shown = tuple(view.my_castles) or ((self._first % n, (self._first + 1) % n) if n else ())
        self.targets = targets(ctx.legal)
        rooms = strip_rooms(view, ctx.legal, self.now)
        if rooms != self.rooms:
            self.marked = [r for r in self.marked if r in rooms]
        self.rooms = rooms
        self.marked = self.marked if self.now == CHOOSE else []
        glyphs = ctx.glyphs or UNICODE
        for grid in (self.castle_grid(0), self.castle_grid(1), self.strip):
            grid.glyphs = glyphs
        self._draw_strip()
        self._draw_castles()
        self.query_one("#legend", TextLine).update(legend(glyphs))
        if ctx.interactive:
            self._refocus(self.now != before)
        self._describe()
        self.refresh_bindings()
        if ctx.interactive:
            self.call_after_refresh(self.maybe_prompt)

    def _refocus(self, changed: bool) -> None:
        """A new task starts on the strip; a room with one choice, or one whose castle is done, goes
        straight to the castle where it fits best."""
        room = self.current_room()
        focused = self.screen.focused
        castles = [self.castle_grid(i) for i in range(len(self.shown))]
        stuck = focused in castles and not self.targets.get(room, {}).get(self.shown[castles.index(focused)])
        if self.now in (PLACE, BONUS_PLACE) and room is not None and ((changed and len(self.rooms) == 1) or stuck):
            self.go_place(room)
            return
        if changed:
            self.strip.focus() if self.rooms or self.now == BONUS_PICK else castles[self.active].focus()

    def action_next_castles(self) -> None:
        """A spectator (or the replay) walks round the table two castles at a time."""
        self._first += 1
        if self.ctx is not None:
            self.show(self.ctx)

    def point_at(self, action: Any) -> bool:
        """The room ``action`` places taken from the strip and the cursor on its spot in its castle."""
        if not isinstance(action, Place) or self.now not in (PLACE, BONUS_PLACE) or action.castle not in self.shown:
            return False
        spot = (action.col, action.floor)
        if spot not in self.targets.get(action.room, {}).get(action.castle, set()):
            return False
        pos = self.strip.find(("hand", action.room))
        if pos is not None:
            self.strip.move_cursor(pos)
        self.active = i = self.shown.index(action.castle)
        key = ("free", action.castle, spot)
        self._keys[action.castle] = key  # where the castle's cursor comes back to once it has the focus
        grid = self.castle_grid(i)
        grid.focus()
        self._draw_castles()
        target = grid.find(key)
        if target is not None:
            grid.move_cursor(target)
        self._describe()
        return True

    def current_room(self) -> int | None:
        cell = self.strip.current
        if cell is not None and isinstance(cell.key, tuple) and cell.key[0] == "hand":
            return cell.key[1]
        return self.rooms[0] if self.rooms else None

    def _draw_strip(self) -> None:
        strip = self.strip
        cells = {}
        for i, room in enumerate(self.rooms):
            card = room_card(self.view, room)
            name = card.name if card else str(room)
            mark = "✔" if not strip.glyphs.ascii else "*"
            glyph = (mark + short_name(name, 2)) if room in self.marked else short_name(name)
            cells[(i, 0)] = Cell(
                glyph,
                bg=TYPE_COLOUR.get(card.type if card else "", "board-cell"),
                bold=True,
                label=name,
                key=("hand", room),
            )
        if self.now == BONUS_PICK:
            cells[(0, 0)] = Cell(
                "★" if not strip.glyphs.ascii else "*",
                bg="board-legal",
                fg="board-legal-text",
                bold=True,
                label="decide the bonus",
                key=("bonus",),
            )
        strip.set_board(cells, columns=max(1, len(cells)), rows=1)
        if strip.cursor is None and cells:
            strip.move_cursor((0, 0))
        strip.display = bool(cells)
        strip.can_focus = bool(cells)

    def _draw_castles(self) -> None:
        room = self.current_room()
        look = look_for(self.strip.glyphs)
        frames = [castle_frame(self.view.castles[k]) for k in self.shown]
        top = max((f.max_floor for f in frames), default=1)
        bottom = min((f.min_floor for f in frames), default=-1)
        focused = self.screen.focused if self.is_mounted else None
        for i in range(2):
            col = self.query_one(f"#col-{i}", Vertical)
            col.display = i < len(self.shown)
            if i >= len(self.shown):
                continue
            k = self.shown[i]
            # Both castles show the same floors, so a floor reads straight across.
            frame = Frame(frames[i].min_col, frames[i].max_col, bottom, top)
            self.frames[k] = frame
            active = i == self.active
            wide = active or self.fit.other_wide
            col.set_class(not active, "-compact")
            col.set_class(i == 0, "-first")
            grid = self.castle_grid(i)
            grid.cell_width = self.fit.cell_width if active else WIDE if wide else COMPACT
            grid.set_scale(self.fit.lines if active else 1)
            # Sized here: an auto width would keep the width it measured first.
            col.styles.width = "1fr" if active else min(grid.needs(1).width, 999 if wide else self.fit.side)
            col.styles.max_width = None if active else col.styles.width
            spots = frozenset(self._spots_for(room, k))
            self._draw_castle(grid, k, frame, wide, spots, look, focused, labels=i == 1)
            width = self._title_width(active, wide, grid)
            self.query_one(f"#title-{i}", TextLine).update(castle_title(self.ctx, k, wide, width))
        # Before the first layout a title's width came out negative and it drew empty: a replay's
        # first screen (no move to redraw it) showed no title over the first castle.
        self.titles_unsized = not self.query_one("#castles").content_size.width
        self.call_after_refresh(fit_castles, self)  # on a large terminal the castle grows

    def _title_width(self, active: bool, wide: bool, grid: BoardGrid) -> int:
        """The worked-on castle's title may use the row less the other castle's column."""
        if not wide:
            return self.fit.side
        if not active:
            return grid.needs(1).width
        if len(self.shown) < 2:
            return max(30, grid.needs(grid.scale).width)
        other = self.castle_grid(1 - self.active)
        beside = other.needs(1).width if self.fit.other_wide else self.fit.side
        return self.query_one("#castles").content_size.width - 1 - beside

    def redraw_castles(self) -> None:
        self._draw_castles()

    def on_resize(self) -> None:
        if self.ctx is not None:
            fit_castles(self)

    def on_grid_rescaled(self, event: Grid.Rescaled) -> None:
        event.stop()
        if self.ctx is not None:
            self._draw_castles()

    def _spots_for(self, room: int | None, k: int) -> set:
        """Where the strip's room may go: its legal cells, or while drafting where it could go."""
        if room is None:
            return set()
        if self.now in (PLACE, BONUS_PLACE):
            return self.targets.get(room, {}).get(k, set())
        if self.now == CHOOSE or (self.now == "watch" and self.view.my_hand):
            return set(self.previews.spots(room, k))
        return set()

    def _draw_castle(
        self, grid: BoardGrid, k: int, frame: Frame, wide: bool, spots: frozenset, look, focused, labels: bool
    ) -> None:
        """One castle; the floor numbers only on the right castle's left edge, between the two."""
        room = self.current_room()
        castle = self.view.castles[k]
        drawn = (frame, wide, spots, grid is focused, labels, self._jump, look, grid.scale, grid.cell_width)
        before = self._drawn.get(grid.id)
        if before is not None and before[0] is castle and before[1] == drawn:
            return  # nothing changed (the next room in hand fits the same cells)
        self._drawn[grid.id] = (castle, drawn)
        keep = grid.current.key if grid.current is not None else self._keys.get(k)
        scaled = (grid.cell_size.width - 2, grid.scale) if grid.scale > 1 else (0, 0)
        size = grid.virtual_size
        grid.set_board(
            castle_cells(self.view.castles[k], frame, look, wide, spots, scaled),
            columns=frame.columns,
            rows=frame.rows,
            row_labels=frame.row_labels() if labels else (),
            col_labels=frame.col_labels(),
        )
        grid.set_highlights(frame.pos(s) for s in spots)
        if grid.virtual_size != size:  # wider cells or more columns: its column is measured again
            grid.refresh(layout=True)
        if keep is not None:
            self._keys[k] = keep
        if grid is not focused:
            grid.move_cursor(None)  # only the castle being worked on shows a cursor
            grid.center_on(frame.pos((0, 0)))
            return
        again = grid.find(keep) if keep is not None else None
        if spots and (again is None or keep[0] != "free" or self._jump):
            again = frame.pos(self._best_spot(room, k, spots))
        self._jump = False
        grid.move_cursor(again if again is not None else frame.pos((0, 0)))

    def _best_spot(self, room: int, k: int, spots) -> tuple[int, int]:
        best = self.previews.best(room, k, sorted(spots))[1]
        return best if best is not None else min(spots)

    def _describe(self) -> None:
        focused = self.screen.focused if self.is_mounted else None
        head = rule = hint = ""
        if focused is self.strip or not isinstance(focused, BoardGrid):
            room = self.current_room()
            head, rule, hint = describe_room(self, room)
        else:
            i = 0 if focused is self.castle_grid(0) else 1
            if i < len(self.shown):
                head, rule, hint = describe_spot(self, self.shown[i], focused.current)
        self.query_one("#detail-head", TextLine).update(head)
        self.query_one("#detail-rule", TextLine).update(rule)
        self.query_one("#detail-hint", TextLine).update(hint)

    # -- moving around ----------------------------------------------------------------------

    def on_descendant_focus(self, event) -> None:
        widget = event.widget
        if self.ctx is None:
            return
        for i in range(2):
            if widget is self.castle_grid(i):
                self.active = i
        self._draw_castles()
        self._describe()

    def on_grid_cursor_moved(self, event: Grid.CursorMoved) -> None:
        event.stop()
        if self.ctx is None:
            return
        if event.grid is self.strip and self.now in (PLACE, BONUS_PLACE, CHOOSE, ASSIGN):
            self._draw_castles()
        self._describe()

    def on_board_grid_edge(self, event: BoardGrid.Edge) -> None:
        event.stop()
        grid = event.grid
        if grid is self.strip:
            if event.dy < 0:
                self.castle_grid(self.active).focus()
            return
        i = 0 if grid is self.castle_grid(0) else 1
        if event.dy > 0 and self.strip.display:
            self.strip.focus()
        elif event.dx and 0 <= i + event.dx < len(self.shown):
            self.castle_grid(i + event.dx).focus()

    # -- choosing (choosing.py) --------------------------------------------------------------

    def on_grid_selected(self, event: Grid.Selected) -> None:
        choosing.selected(self, event)

    def go_place(self, room: int) -> None:
        choosing.go_place(self, room)

    def maybe_prompt(self) -> None:
        choosing.maybe_prompt(self)

    def action_bonus(self) -> None:
        choosing.open_bonus(self)

    def action_overview(self) -> None:
        if self.ctx is not None:
            self.app.push_screen(OverviewScreen(self.ctx))
