"""King Up!'s castle as a grid: floors 1–5 with four slots each above a wide ground floor,
the throne on top; figures beside the castle and figures voted out have rows below.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from engine.games.king_up import (
    CANDIDATES,
    ELIMINATED,
    FLOOR_LIMIT,
    OFF_BOARD,
    POINTS,
    THRONE,
    Climb,
    Pass,
    Place,
    floor_name,
)
from themes import UNICODE

from ...widgets.grid import Cell, Grid, Pos, resolve_colour
from ..base import ViewContext, ViewPanel

COLUMNS = len(CANDIDATES)
TOWER = range(5, 5 + FLOOR_LIMIT)  # the columns of floors 1–5
THRONE_COLUMN = 6
ROW_OF = MappingProxyType({THRONE: 0, 5: 1, 4: 2, 3: 3, 2: 4, 1: 5, 0: 6, OFF_BOARD: 7, ELIMINATED: 8})
ROW_LABELS = ("throne", "5", "4", "3", "2", "1", "0", "side", "out")
PHASES = MappingProxyType(
    {
        "placing": "placing figures",
        "climbing": "climbing",
        "voting": "voting",
        "over": "game over",
        "setup": "setting up",
    }
)


def round_scored(view) -> bool:
    """Whether this round's scoring has happened (the replay can stop right after it)."""
    return len(view.round_points) >= max(view.round, 1)


def figure_name(fig: int) -> str:
    return CANDIDATES[fig].name


def floor_colour(floor: int) -> str:
    if floor == THRONE:
        return "board-throne"
    return "board-cell" if floor % 2 == 0 else "board-cell-alt"


def figure_colour(fig: int) -> str:
    """A candidate's own colour: none of them is a seat's colour or another candidate's."""
    return f"figure-{fig}"


def figure_cell(fig: int, floor: int, scale: int = 1) -> Cell:
    c = CANDIDATES[fig]
    return Cell(
        c.initial,
        bg=figure_colour(fig),
        bold=True,
        dim=floor == ELIMINATED,
        label=f"{c.name} {c.trade} · {floor_name(floor)} · {POINTS[floor]} pts",
        key=("fig", fig),
        big=big_name(c.initial, c.name, 3 * scale) if scale > 2 else "",
    )


def big_name(initial: str, name: str, width: int) -> str:
    """A scaled-up figure: its initial on the middle line, its name under it."""
    return f"\n{initial}\n{_cut(name, width)}"


def castle_cells(floors: Sequence[int], glyphs, scale: int = 1) -> dict[tuple[int, int], Cell]:
    cells: dict[tuple[int, int], Cell] = {}
    for floor in (1, 2, 3, 4, 5):
        for col in TOWER:
            cells[(col, ROW_OF[floor])] = Cell(
                glyphs.empty, bg=floor_colour(floor), fg="board-label", key=("slot", floor), selectable=False
            )
    cells[(THRONE_COLUMN, ROW_OF[THRONE])] = Cell(
        glyphs.throne, bg="board-throne", fg="board-label", key=("slot", THRONE), selectable=False
    )
    for col in range(COLUMNS):
        cells[(col, ROW_OF[0])] = Cell("", bg=floor_colour(0), key=("slot", 0), selectable=False)
    for row_floor in (OFF_BOARD, ELIMINATED, 0, 1, 2, 3, 4, 5, THRONE):
        figures = [f for f, fl in enumerate(floors) if fl == row_floor]
        columns = (
            TOWER if row_floor in (1, 2, 3, 4, 5) else ([THRONE_COLUMN] if row_floor == THRONE else range(COLUMNS))
        )
        for col, fig in zip(columns, figures):
            cells[(col, ROW_OF[row_floor])] = figure_cell(fig, row_floor, scale)
    return cells


def mark_last_moves(cells: dict[tuple[int, int], Cell], ctx: ViewContext, glyphs, scale: int = 1) -> None:
    """Each seat's last move this round: its token beside the figure it moved, while that figure
    still stands where the move put it (figures only go up, so one figure bears one token)."""
    view = ctx.view
    for seat, move in enumerate(view.last_moves):
        if move is None or view.floors[move.figure] != move.to_floor:
            continue
        who = "you" if seat == ctx.seat and not ctx.replay else ctx.name(seat)
        how = "placed here" if move.from_floor == OFF_BOARD else f"moved up from {floor_name(move.from_floor)}"
        token = glyphs.seat(seat)
        for pos, cell in cells.items():
            if cell.key == ("fig", move.figure):
                # Scaled up, the empty line above the initial names the mover too (their token is
                # beside the initial): a column short of the cell, so two movers' names never touch.
                big = _cut(ctx.name(seat), 3 * scale - 1) + cell.big if cell.big else ""
                cells[pos] = attrs.evolve(
                    cell, badge=token, badge_fg=f"seat-{seat}", label=f"{cell.label} · {how} by {who}", big=big
                )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


class CastleGrid(Grid):
    """The castle's grid: up and down step to the nearest floor that has a stop, however far
    along it lies (a floor's first free slot moves right as figures fill it)."""

    def _step(self, dx: int, dy: int) -> Pos | None:
        if not dy or self.cursor is None:
            return super()._step(dx, dy)
        cx, cy = self.cursor
        stops = [(x, y) for (x, y), cell in self._cells.items() if cell.selectable and (y - cy) * dy > 0]
        return min(stops, key=lambda p: (abs(p[1] - cy), abs(p[0] - cx), p[0]), default=None)


class KingUpBoard(ViewPanel):
    """The castle; the player picks figures (and, while placing, a floor) with arrows + enter."""

    DEFAULT_CSS = """
    KingUpBoard { height: auto; width: 100%; }
    KingUpBoard #castle { margin: 0 0 1 0; }
    KingUpBoard #focus-line { height: auto; color: $text-muted; }
    KingUpBoard #goal { height: auto; margin-top: 1; }
    KingUpBoard #legend { height: auto; margin-top: 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "cancel_pick", "Cancel"),
        Binding("p", "pass_turn", "Pass"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.picking: int | None = None  # the figure chosen first while placing

    def compose(self) -> ComposeResult:
        yield CastleGrid(id="castle", max_scale=3)
        yield Static("", id="focus-line")
        yield Static("", id="goal")
        yield Static("", id="legend")

    @property
    def grid(self) -> Grid:
        return self.query_one("#castle", Grid)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel_pick":
            return self.picking is not None
        if action == "pass_turn":
            return self.ctx is not None and Pass() in self.ctx.legal
        return True

    def show(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        if self.picking is not None and not any(isinstance(a, Place) and a.figure == self.picking for a in ctx.legal):
            self.picking = None
        self._draw()
        self.refresh_bindings()

    def _draw(self) -> None:
        ctx = self.ctx
        glyphs = ctx.glyphs or UNICODE
        grid = self.grid
        grid.glyphs = glyphs
        cells = castle_cells(ctx.view.floors, glyphs, grid.scale)
        mark_last_moves(cells, ctx, glyphs, grid.scale)
        targets = self._targets(ctx, cells)
        for pos in targets:
            cells[pos] = _selectable(cells[pos])
        if self.picking is not None:
            # Choosing a floor: the arrows stop only at the floors (and the figure held), so a
            # down arrow reaches the next floor, not a figure on the side row.
            for pos, cell in cells.items():
                if pos not in targets and cell.selectable:
                    cells[pos] = attrs.evolve(cell, selectable=False)
        grid.set_board(cells, columns=COLUMNS, rows=len(ROW_LABELS), row_labels=ROW_LABELS)
        grid.set_highlights(targets)
        grid.can_focus = ctx.interactive
        if ctx.interactive and targets and grid.cursor not in targets:
            grid.move_cursor(min(targets, key=lambda p: (p[1], p[0])))
        self._describe(grid.current)
        self.query_one("#goal", Static).update(goal_card(ctx, self.app.theme_variables))
        self.query_one("#legend", Static).update(legend(glyphs))

    def _targets(self, ctx: ViewContext, cells: dict) -> set[tuple[int, int]]:
        """Where a legal move can be picked: movable figures, or floors for the picked one."""
        if self.picking is not None:
            floors = {a.floor for a in ctx.legal if isinstance(a, Place) and a.figure == self.picking}
            held = {pos for pos, cell in cells.items() if cell.key == ("fig", self.picking)}
            return ({_first_empty(cells, f) for f in floors} - {None}) | held
        figures = {a.figure for a in ctx.legal if isinstance(a, (Place, Climb))}
        return {pos for pos, cell in cells.items() if cell.key and cell.key[0] == "fig" and cell.key[1] in figures}

    def on_grid_rescaled(self, event: Grid.Rescaled) -> None:
        event.stop()
        if self.ctx is not None:
            self._draw()

    def point_at(self, action: Any) -> bool:
        """The cursor on the figure ``action`` moves (enter there starts that move)."""
        figure = getattr(action, "figure", None) if isinstance(action, (Place, Climb)) else None
        if figure is None or self.picking is not None:
            return False
        spot = next((p for p in self.grid.highlights if self.grid.cell_at(p).key == ("fig", figure)), None)
        if spot is None:
            return False
        self.grid.move_cursor(spot)
        return True

    def on_grid_cursor_moved(self, event: Grid.CursorMoved) -> None:
        event.stop()
        self._describe(event.cell)

    def _describe(self, cell: Cell | None) -> None:
        """The focused cell's full name (figures) or floor (empty slots)."""
        text = ""
        if cell is not None and cell.label:
            text = cell.label
        elif cell is not None and cell.key and cell.key[0] == "slot":
            text = floor_name(cell.key[1])
        line = self.query_one("#focus-line", Static)
        line.update(break_at_dots(text, line.size.width or self.size.width))

    def on_grid_selected(self, event: Grid.Selected) -> None:
        event.stop()
        ctx, key = self.ctx, event.cell.key
        if ctx is None or not ctx.interactive or not key:
            return
        if key[0] == "slot" and self.picking is not None:
            action = Place(self.picking, key[1])
            if action in ctx.legal:
                self.picking = None
                self.post_message(self.ActionChosen(action))
            return
        fig = key[1] if key[0] == "fig" else None
        if fig is not None and Climb(fig) in ctx.legal:
            self.post_message(self.ActionChosen(Climb(fig)))
        elif fig is not None and any(isinstance(a, Place) and a.figure == fig for a in ctx.legal):
            self.picking = fig
            self._draw()
            slots = [p for p in self.grid.highlights if self.grid.cell_at(p).key[0] == "slot"]
            if slots:
                self.grid.move_cursor(min(slots, key=lambda p: (p[1], p[0])))
            self.refresh_bindings()
            self.post_message(self.Status(f"Place {figure_name(fig)} on which floor? (esc: another figure)"))
        elif fig is not None:
            self.post_message(self.Status(f"{figure_name(fig)} cannot move now"))

    def action_cancel_pick(self) -> None:
        self.picking = None
        self._draw()
        self.refresh_bindings()
        self.post_message(self.Status(""))  # the turn's own line again, not "Place … on which floor?"

    def action_pass_turn(self) -> None:
        self.post_message(self.ActionChosen(Pass()))


def voted_mark(glyphs) -> str:
    """Beside a name before the reveal: that player has voted. Not the YES mark, which it was,
    beside a player who had voted NO."""
    return "v" if glyphs.ascii else "•"


def legend(glyphs) -> str:
    """What the marks on the board and beside it mean (the help page says the same)."""
    left, right = glyphs.legal
    return (
        f"{left}A{right} can move  {glyphs.turn} to move  * you  {glyphs.card} vote cards\n"
        f"{glyphs.crown} holds the crown  {glyphs.throne} throne  {voted_mark(glyphs)} has voted\n"
        f"A{glyphs.seat(0)} a player's last move (their token)"
    )


def break_at_dots(text: str, width: int) -> str:
    """A "name · place · points" line broken at its dots where it is wider than ``width``, so a
    number never ends up on another line than its unit."""
    if width <= 0 or len(text) <= width:
        return text
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return "\n".join(lines)


def _selectable(cell: Cell) -> Cell:
    return attrs.evolve(cell, selectable=True)


def _first_empty(cells: dict, floor: int) -> tuple[int, int] | None:
    row = ROW_OF[floor]
    free = [pos for pos, cell in cells.items() if pos[1] == row and cell.key == ("slot", floor)]
    return min(free) if free else None


def chip(fig: int, text: str, variables: dict[str, str]) -> Text:
    bg = resolve_colour(variables, figure_colour(fig))
    return Text(text, style=f"bold {bg.get_contrast_text(1.0).hex} on {bg.hex}")


def goal_card(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view = ctx.view
    if view.my_goal is None and ctx.seat is not None:  # a seat before its round's deal
        return Text(f"{ctx.whose()} goal card is dealt when the round begins.", style="dim")
    if view.my_goal is None:
        if view.over:
            return Text(
                "Spectating: every goal card was shown at its round's scoring (s in the replay: the scores).",
                style="dim",
            )
        if round_scored(view):
            return Text(
                f"Spectating: round {len(view.round_points)} is scored; its goal cards are in the scores.", style="dim"
            )
        return Text("Spectating: this round's goal cards stay secret until it is scored.", style="dim")
    line = Text()
    for fig in view.my_goal:
        line.append(chip(fig, f" {CANDIDATES[fig].initial} {POINTS[view.floors[fig]]:>2} ", variables))
        line.append(" ")
    head = Text.assemble(
        (f"{ctx.whose()} goal card", "bold"), f"  worth {view.goal_score()} now · ", f"score {view.scores[ctx.seat]}"
    )
    return Text("\n").join([head, line])
