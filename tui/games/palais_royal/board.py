"""The Palais Royal board: the step bar, the castle's nine rooms and the park, with a cursor on each.

Enter on a room does what that room offers now: place a set-up servant, bring a servant onto the
Gate or to the King / Madame, take the Mint's gold, draw at the Back Door; in action 2 it picks a
servant up, and enter on a highlighted room moves it there (it stays picked, so it can walk on).
Enter on a noble recruits it (a chooser opens when there is more than one way). The rest has keys:
``n`` ends the step, ``k`` keeps a drawn card, ``c`` plays a privilege card, ``x`` lists every
legal move, tab switches between castle and park.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from engine.games.palais_royal import (
    HINTEREINGANG,
    MUENZEREI,
    Bring,
    Done,
    Draw,
    Keep,
    Mint,
    Move,
    Place,
    PlayCard,
    Recruit,
)
from themes import UNICODE

from ...widgets.grid import Cell, Grid
from ...widgets.text_line import TextLine
from ..base import ViewContext, ViewPanel
from .actions import recruits_on, room_choice, room_name, room_targets
from .dialogs import ChoiceScreen, winners_text
from .look import (
    CASTLE_COLUMNS,
    CASTLE_ROWS,
    LEGEND,
    PARK_COLUMNS,
    SIDE,
    castle_cells,
    decorations_line,
    park_cells,
    plural,
    room_pos,
    row_line,
    space_pos,
    step_bar,
    step_detail,
)

RECRUIT_STEP = 4
SMALLEST_HEIGHT = 24  # the screen height the board is laid out for, without a line to spare


class PalaisBoard(ViewPanel):
    """Step bar, castle, park, what the cursor is on, and the border rows' standing."""

    SIDE_GROWS = True  # the players' panel widens on a large terminal: its seat lines say more

    DEFAULT_CSS = """
    PalaisBoard { height: auto; width: 100%; }
    PalaisBoard #detail { color: $text-muted; }
    PalaisBoard #focus-line { height: 3; color: $text-muted; }
    PalaisBoard #decorations { color: $text-muted; height: auto; }
    PalaisBoard Grid { margin: 0; }
    """

    decorations_text: str | None = None  # what the decorations line holds

    BINDINGS = [
        Binding("n", "next_step", "Next"),
        Binding("m", "mint", "Mint"),
        Binding("d", "draw", "Draw"),
        Binding("k", "keep", "Keep"),
        Binding("c", "card", "Card"),
        Binding("x", "all_moves", "All"),
        Binding("tab", "switch", "Park/castle", show=False),
        Binding("escape", "cancel_pick", "Put down"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.picked: int | None = None  # the room a servant was picked up in (or a Bring target)
        self.picking = ""  # "move" or "bring"
        self._seen_step: tuple | None = None
        self._left: dict[str, tuple[int, int]] = {}  # where each grid's cursor was when it lost focus

    def compose(self) -> ComposeResult:
        yield TextLine(id="steps")
        yield TextLine(id="detail")
        yield Grid(cell_width=4, max_scale=3, id="castle")
        yield Grid(cell_width=7, max_scale=3, id="park")
        yield Static("", id="focus-line")
        yield TextLine(id="rows")
        yield Static("", id="decorations")

    @property
    def castle(self) -> Grid:
        return self.query_one("#castle", Grid)

    @property
    def park(self) -> Grid:
        return self.query_one("#park", Grid)

    @property
    def legal(self) -> tuple[Any, ...]:
        return self.ctx.legal if self.ctx is not None else ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.legal
        if action == "next_step":
            return Done() in legal
        if action == "mint":
            return Mint() in legal
        if action == "draw":
            return Draw() in legal
        if action == "keep":
            return any(isinstance(a, Keep) for a in legal)
        if action == "card":
            return any(isinstance(a, PlayCard) for a in legal)
        if action in ("all_moves", "switch"):
            return bool(legal)
        if action == "cancel_pick":
            return self.picked is not None
        return True

    # -- drawing ----------------------------------------------------------------------------

    def show(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        if self.picked is not None and not room_targets(ctx.legal, self.picked, self.picking) - {self.picked}:
            self.picked, self.picking = None, ""
        glyphs = ctx.glyphs or UNICODE
        for grid in (self.castle, self.park):
            grid.glyphs = glyphs
            grid.can_focus = ctx.interactive
        self._draw()
        self._place_focus()
        names = [s.name for s in ctx.seats]
        variables = self.app.theme_variables
        steps = self.query_one("#steps", TextLine)
        steps.update(step_bar(ctx.view, names, glyphs, variables, steps.size.width or self.app.size.width))
        self.query_one("#detail", TextLine).update(self._detail())
        self.query_one("#rows", TextLine).update(row_line(ctx.view, glyphs, variables, ctx.interactive))
        self._list_decorations()
        self._describe()
        self.refresh_bindings()

    def _list_decorations(self) -> None:
        """Where the screen has lines to spare, every decoration by position (at 80x24, which has
        none, the letters between the spaces and the line under the cursor say it)."""
        line = self.query_one("#decorations", Static)
        text = decorations_line(self.ctx.view) if self.ctx is not None else ""
        width = max(1, (self.size.width or self.app.size.width) - 1)
        shown = bool(text) and -(-len(text) // width) <= self.app.size.height - SMALLEST_HEIGHT
        if line.display != shown:
            line.display = shown
        # Only a changed text is written: an update lays the screen out again, and this runs on
        # every layout (the signal below), so writing it each time never let the screen settle.
        if text != self.decorations_text:
            self.decorations_text = text
            line.update(text)

    def on_mount(self) -> None:
        # A terminal grown or shrunk only in height resizes none of the board's widgets: the
        # screen's layout signal is what tells that the lines to spare have changed.
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._relist())

    def on_resize(self) -> None:
        self._relist()

    def _relist(self) -> None:
        if self.ctx is not None:
            self._list_decorations()

    def _detail(self) -> str:
        ctx = self.ctx
        if self.picked is not None:
            where = ctx.view.rooms[self.picked].name
            if self.picking == "move":
                moves = ctx.view.turn.moves_left if ctx.view.turn else 0
                return f"{where}: where to? {plural(moves, 'move')} left (esc)"
            return f"{where}: from which room? (esc)"
        if ctx.view.final is not None:
            return winners_text(ctx.view.final, ctx.seats)
        return step_detail(ctx.view)

    def _draw(self) -> None:
        ctx = self.ctx
        glyphs = ctx.glyphs or UNICODE
        cells = castle_cells(ctx.view, glyphs, ctx.seat, [s.name for s in ctx.seats])
        targets = {room_pos(ctx.view.rooms[r].square) for r in room_targets(ctx.legal, self.picked, self.picking)}
        if self.picked is not None:
            pos = room_pos(ctx.view.rooms[self.picked].square)
            cells[pos] = Cell(
                cells[pos].glyph,
                bg="board-legal",
                fg="board-legal-text",
                bold=True,
                label=cells[pos].label,
                key=cells[pos].key,
            )
        self.castle.set_board(cells, columns=CASTLE_COLUMNS, rows=CASTLE_ROWS)
        self.castle.set_highlights(targets)
        park = park_cells(ctx.view, glyphs)
        self.park.set_board(
            park, columns=SIDE, rows=SIDE, row_labels=[str(r + 1) for r in range(SIDE)], col_labels=list(PARK_COLUMNS)
        )
        self.park.set_highlights({space_pos(a.space) for a in ctx.legal if isinstance(a, Recruit)})

    def _place_focus(self) -> None:
        """On a new step (or set-up turn) the cursor goes where that step is played."""
        ctx = self.ctx
        view = ctx.view
        step = (view.phase, view.to_move, view.turn.step if view.turn else -1, ctx.interactive)
        new_step, self._seen_step = step != self._seen_step, step
        if not ctx.interactive:
            if self.screen.focused in (self.castle, self.park):
                self.screen.set_focus(None)
            return
        grid = self.park if view.turn is not None and view.turn.step == RECRUIT_STEP else self.castle
        focused = self.screen.focused
        # The command line took the focus while the bots played; take it back unless typed in.
        idle = focused in (self.castle, self.park) or (isinstance(focused, Input) and not focused.value)
        if focused is None or (new_step and idle):
            grid.focus()
        if grid.highlights and (grid.cursor is None or (new_step and grid.cursor not in grid.highlights)):
            grid.move_cursor(min(grid.highlights, key=lambda p: (p[1], p[0])))
        for g in (self.castle, self.park):
            if g.cursor is None and g.has_focus:
                g.move_cursor(min(g.highlights, key=lambda p: (p[1], p[0])) if g.highlights else (0, 0))

    def point_at(self, action: Any) -> bool:
        """The cursor where enter starts ``action``: its room (a move's first room, the mint for
        minting, the back entrance for drawing) or its park space; nothing picked half-way is undone."""
        rooms = self.ctx.view.rooms if self.ctx is not None else ()
        room = {Place: "room", Bring: "room", Move: "from_room"}.get(type(action))
        if self.picked is not None or not rooms:
            return False
        if isinstance(action, Recruit):
            grid, pos = self.park, space_pos(action.space)
        elif room is not None or isinstance(action, (Mint, Draw)):
            index = getattr(action, room) if room else MUENZEREI if isinstance(action, Mint) else HINTEREINGANG
            grid, pos = self.castle, room_pos(rooms[index].square)
        else:
            return False
        grid.move_cursor(pos)  # (before the focus arrives, so the grid keeps it rather than its last spot)
        grid.focus()
        self._describe(grid.cell_at(pos))
        return True

    def _describe(self, cell: Cell | None = None) -> None:
        grid = self.screen.focused if self.screen.focused in (self.castle, self.park) else None
        if cell is None and grid is not None:
            cell = grid.current
        text = cell.label if cell is not None and cell.label else LEGEND
        self.query_one("#focus-line", Static).update(text)

    # -- choosing -----------------------------------------------------------------------------

    def on_grid_cursor_moved(self, event: Grid.CursorMoved) -> None:
        event.stop()
        if self.ctx is not None and event.grid.has_focus:
            self._describe(event.cell)

    def on_descendant_focus(self, event: Any) -> None:
        """Only the focused grid shows its cursor; it comes back where it was."""
        grid = event.widget
        if isinstance(grid, Grid) and grid.cursor is None:
            where = self._left.get(grid.id or "")
            if where is None or grid.cell_at(where) is None:
                where = min(grid.highlights, key=lambda p: (p[1], p[0])) if grid.highlights else (0, 0)
            grid.move_cursor(where)
        if self.ctx is not None:
            self._describe()

    def on_descendant_blur(self, event: Any) -> None:
        grid = event.widget
        if isinstance(grid, Grid) and grid.cursor is not None:
            self._left[grid.id or ""] = grid.cursor
            grid.move_cursor(None)

    def on_grid_selected(self, event: Grid.Selected) -> None:
        event.stop()
        ctx, key = self.ctx, event.cell.key
        if ctx is None or not ctx.interactive or not key:
            return
        if key[0] == "room":
            self._room_chosen(key[1])
        elif key[0] == "space":
            self._space_chosen(key[1])

    def _room_chosen(self, room: int) -> None:
        ctx = self.ctx
        if self.picked is not None:
            if room == self.picked:
                self.action_cancel_pick()
                return
            if self.picking == "move" and Move(self.picked, room) in ctx.legal:
                action = Move(self.picked, room)
                moves = ctx.view.turn.moves_left if ctx.view.turn else 0
                self.picked = room if moves > 1 else None
                self.picking = "move" if self.picked is not None else ""
                self.post_message(self.ActionChosen(action))
                return
            target = self._bring_from(room)
            if target is not None:
                self.picked, self.picking = None, ""
                self.post_message(self.ActionChosen(target))
                return
            self.post_message(self.Status(f"Cannot go to {room_name(ctx.view, room)}."))
            return
        action, pick = room_choice(ctx.legal, room)
        if action is not None:
            self.post_message(self.ActionChosen(action))
        elif pick is not None:
            self.picked, self.picking = room, pick
            self._redraw_pick()
        elif room == HINTEREINGANG and any(isinstance(a, Keep) for a in ctx.legal):
            self.action_keep()
        else:
            self.post_message(self.Status(f"Nothing to do in {room_name(ctx.view, room)} now."))

    def _bring_from(self, source: int) -> Any | None:
        if self.picking != "bring":
            return None
        return next(
            (
                a
                for a in self.ctx.legal
                if getattr(a, "source", None) == source
                and getattr(a, "room", None) == self.picked
                and not isinstance(a, Recruit)
            ),
            None,
        )

    def _redraw_pick(self) -> None:
        self._draw()
        self.query_one("#detail", TextLine).update(self._detail())
        self.refresh_bindings()

    def _space_chosen(self, space: int) -> None:
        ctx = self.ctx
        ways = recruits_on(ctx.legal, space)
        if not ways:
            name = ctx.view.park[space].name
            self.post_message(self.Status(f"No noble to recruit on {name} now."))
        elif len(ways) == 1:
            self.post_message(self.ActionChosen(ways[0]))
        else:
            sp = ctx.view.park[space]
            self._choose(f"Recruit {sp.noble.name} on {sp.name} for {sp.cost} gold:", ways, short=True)

    def _choose(self, title: str, actions: list[Any], short: bool = False) -> None:
        self.app.push_screen(ChoiceScreen(self.ctx, title, actions, short), self._chosen)

    def _chosen(self, action: Any) -> None:
        if action is not None:
            self.post_message(self.ActionChosen(action))

    # -- keys -----------------------------------------------------------------------------------

    def action_next_step(self) -> None:
        self.picked, self.picking = None, ""
        self.post_message(self.ActionChosen(Done()))

    def action_mint(self) -> None:
        self.post_message(self.ActionChosen(Mint()))

    def action_draw(self) -> None:
        self.post_message(self.ActionChosen(Draw()))

    def action_keep(self) -> None:
        self._choose(
            "Keep which card? (a servant leaves the Back Door)", [a for a in self.legal if isinstance(a, Keep)]
        )

    def action_card(self) -> None:
        self._choose("Play which privilege card?", [a for a in self.legal if isinstance(a, PlayCard)])

    def action_all_moves(self) -> None:
        self._choose("Every move you can make now", list(self.legal))

    def action_switch(self) -> None:
        target = self.park if self.castle.has_focus else self.castle
        target.focus()
        self._describe()

    def action_cancel_pick(self) -> None:
        self.picked, self.picking = None, ""
        self._redraw_pick()
