"""King Up! on screen: the castle as a grid, the goal card, the vote, the reveal, the scoring.

The castle is drawn as a tower: floors 1–5 hold four slots each above a wide ground floor,
the throne on top; figures waiting beside the castle and figures voted out have rows below.
"""
from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

import attrs
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from engine.core import Game, Seat
from engine.games.king_up import Climb, Pass, Place, Vote
from engine.games.king_up.catalog import (CANDIDATES, ELIMINATED, FLOOR_LIMIT, OFF_BOARD, POINTS,
                                          ROUNDS, THRONE, floor_name)
from themes import UNICODE

from ...widgets.grid import Cell, Grid, resolve_colour
from ..base import GameUI, Step, ViewContext, ViewPanel

COLUMNS = len(CANDIDATES)
TOWER = range(5, 5 + FLOOR_LIMIT)          # the columns of floors 1–5
THRONE_COLUMN = 6
ROW_OF = MappingProxyType({THRONE: 0, 5: 1, 4: 2, 3: 3, 2: 4, 1: 5, 0: 6, OFF_BOARD: 7,
                           ELIMINATED: 8})
ROW_LABELS = ("throne", "5", "4", "3", "2", "1", "0", "side", "out")
PHASES = MappingProxyType({"placing": "placing figures", "climbing": "climbing",
                           "voting": "voting", "over": "game over", "setup": "setting up"})


def figure_name(fig: int) -> str:
    return CANDIDATES[fig].name


def floor_colour(floor: int) -> str:
    if floor == THRONE:
        return "board-throne"
    return "board-cell" if floor % 2 == 0 else "board-cell-alt"


def figure_cell(fig: int, floor: int) -> Cell:
    c = CANDIDATES[fig]
    return Cell(c.initial, bg=f"piece-{fig}", bold=True, dim=floor == ELIMINATED,
                label=f"{c.name} {c.trade} · {floor_name(floor)} · {POINTS[floor]} pts",
                key=("fig", fig))


def castle_cells(floors: Sequence[int], glyphs) -> dict[tuple[int, int], Cell]:
    cells: dict[tuple[int, int], Cell] = {}
    for floor in (1, 2, 3, 4, 5):
        for col in TOWER:
            cells[(col, ROW_OF[floor])] = Cell(glyphs.empty, bg=floor_colour(floor), fg="board-label",
                                               key=("slot", floor), selectable=False)
    cells[(THRONE_COLUMN, ROW_OF[THRONE])] = Cell(glyphs.throne, bg="board-throne",
                                                  fg="board-label", key=("slot", THRONE),
                                                  selectable=False)
    for col in range(COLUMNS):
        cells[(col, ROW_OF[0])] = Cell("", bg=floor_colour(0), key=("slot", 0), selectable=False)
    for row_floor in (OFF_BOARD, ELIMINATED, 0, 1, 2, 3, 4, 5, THRONE):
        figures = [f for f, fl in enumerate(floors) if fl == row_floor]
        columns = TOWER if row_floor in (1, 2, 3, 4, 5) else (
            [THRONE_COLUMN] if row_floor == THRONE else range(COLUMNS))
        for col, fig in zip(columns, figures):
            cells[(col, ROW_OF[row_floor])] = figure_cell(fig, row_floor)
    return cells


class KingUpBoard(ViewPanel):
    """The castle; the player picks figures (and, while placing, a floor) with arrows + enter."""

    DEFAULT_CSS = """
    KingUpBoard { height: auto; width: 100%; }
    KingUpBoard #castle { margin: 0 0 1 0; }
    KingUpBoard #focus-line { height: auto; color: $text-muted; }
    KingUpBoard #goal { height: auto; margin-top: 1; }
    """

    BINDINGS = [
        Binding("escape", "cancel_pick", "Cancel"),
        Binding("p", "pass_turn", "Pass"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.picking: int | None = None   # the figure chosen first while placing

    def compose(self) -> ComposeResult:
        yield Grid(id="castle")
        yield Static("", id="focus-line")
        yield Static("", id="goal")

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
        if self.picking is not None and not any(
                isinstance(a, Place) and a.figure == self.picking for a in ctx.legal):
            self.picking = None
        self._draw()
        self.refresh_bindings()

    def _draw(self) -> None:
        ctx = self.ctx
        glyphs = ctx.glyphs or UNICODE
        grid = self.grid
        grid.glyphs = glyphs
        cells = castle_cells(ctx.view.floors, glyphs)
        targets = self._targets(ctx, cells)
        for pos in targets:
            cells[pos] = _selectable(cells[pos])
        grid.set_board(cells, columns=COLUMNS, rows=len(ROW_LABELS), row_labels=ROW_LABELS)
        grid.set_highlights(targets)
        grid.can_focus = ctx.interactive
        if ctx.interactive and targets and grid.cursor not in targets:
            grid.move_cursor(min(targets, key=lambda p: (p[1], p[0])))
        self._describe(grid.current)
        self.query_one("#goal", Static).update(goal_card(ctx, self.app.theme_variables))

    def _targets(self, ctx: ViewContext, cells: dict) -> set[tuple[int, int]]:
        """Where a legal move can be picked: movable figures, or floors for the picked one."""
        if self.picking is not None:
            floors = {a.floor for a in ctx.legal if isinstance(a, Place) and a.figure == self.picking}
            held = {pos for pos, cell in cells.items() if cell.key == ("fig", self.picking)}
            return ({_first_empty(cells, f) for f in floors} - {None}) | held
        figures = {a.figure for a in ctx.legal if isinstance(a, (Place, Climb))}
        return {pos for pos, cell in cells.items() if cell.key and cell.key[0] == "fig"
                and cell.key[1] in figures}

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
        self.query_one("#focus-line", Static).update(text)

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

    def action_pass_turn(self) -> None:
        self.post_message(self.ActionChosen(Pass()))


def _selectable(cell: Cell) -> Cell:
    return attrs.evolve(cell, selectable=True)


def _first_empty(cells: dict, floor: int) -> tuple[int, int] | None:
    row = ROW_OF[floor]
    free = [pos for pos, cell in cells.items() if pos[1] == row and cell.key == ("slot", floor)]
    return min(free) if free else None


def chip(fig: int, text: str, variables: dict[str, str]) -> Text:
    bg = resolve_colour(variables, f"piece-{fig}")
    return Text(text, style=f"bold {bg.get_contrast_text(1.0).hex} on {bg.hex}")


def goal_card(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view = ctx.view
    if view.my_goal is None:
        return Text("Spectating: goal cards are secret until the round is scored.", style="dim")
    line = Text()
    for fig in view.my_goal:
        line.append(chip(fig, f" {CANDIDATES[fig].initial} {POINTS[view.floors[fig]]:>2} ", variables))
        line.append(" ")
    head = Text.assemble(("Your goal card", "bold"), f"  worth {view.goal_score()} now · ",
                         f"score {view.scores[ctx.seat]}")
    return Text("\n").join([head, line])


class KingUpInfo(ViewPanel):
    """Round, crown, and every seat's score and number of vote cards (never which)."""

    DEFAULT_CSS = "KingUpInfo { height: auto; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    def show(self, ctx: ViewContext) -> None:
        self.query_one("#info", Static).update(info_text(ctx, self.app.theme_variables))


def seat_colour(variables: dict[str, str], seat: int):
    """The seat's colour as text on the board, or the board's text colour where the theme's
    seat colour would vanish (monochrome gives seats no colour, only shapes)."""
    colour = resolve_colour(variables, f"seat-{seat}")
    background = resolve_colour(variables, "board-background")
    if abs(colour.brightness - background.brightness) < 0.25:
        return resolve_colour(variables, "board-foreground")
    return colour


def info_text(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    crown = ctx.name(view.crown) if view.crown is not None else "nobody yet"
    lines = [Text(f"Round {max(view.round, 1)}/{ROUNDS} · {PHASES.get(view.phase, view.phase)}", style="bold"),
             Text(f"{glyphs.crown} crown: {crown}")]
    if view.on_throne is not None:
        lines.append(Text(f"{glyphs.throne} vote on {figure_name(view.on_throne)}", style="bold"))
    for seat in range(view.players):
        mark = glyphs.turn if seat in view.to_act else " "
        voted = seat < len(view.voted) and view.voted[seat]
        busy = ctx.spinner if ctx.thinking == seat else (glyphs.yes if voted else " ")
        you = "*" if seat == ctx.seat else " "
        name = f"{ctx.name(seat)}{you}"[:12]
        cards = glyphs.card * (view.vote_cards[seat] if seat < len(view.vote_cards) else 0)
        lines.append(Text.assemble(
            (mark, "bold"), " ", (glyphs.seat(seat), f"bold {seat_colour(variables, seat).hex}"),
            " ", f"{name:<12} {view.scores[seat]:>3} ", (f"{cards:<5}", "dim"), f" {busy}"))
    return Text("\n").join(lines)


class VoteScreen(ModalScreen[Any]):
    """The secret vote: YES or NO, with the NO cards left."""

    DEFAULT_CSS = """
    VoteScreen { align: center bottom; }
    #vote-box { width: 60; height: auto; border: thick $primary; background: $surface; padding: 0 1; }
    #vote-box Horizontal { height: auto; align: center middle; }
    #vote-box Button { margin: 0 2; }
    """
    BINDINGS = [Binding("y", "vote(True)", "Vote YES"), Binding("n", "vote(False)", "Vote NO")]

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__()
        self.ctx = ctx

    def compose(self) -> ComposeResult:
        view = self.ctx.view
        fig = view.on_throne
        mine = fig in (view.my_goal or ())
        nos = view.my_no_cards or 0
        with Vertical(id="vote-box"):
            yield Static(Text.assemble(("Vote in secret: ", "bold"), f"{CANDIDATES[fig].name} "
                                       f"{CANDIDATES[fig].trade} is on the throne.\n",
                                       "On your goal card: " + ("yes" if mine else "no"),
                                       f" · NO cards left: {nos}"))
            with Horizontal():
                yield Button(f"{self.ctx.glyphs.yes} YES (y)", id="yes", variant="success", compact=True)
                yield Button(f"{self.ctx.glyphs.no} NO (n)", id="no", variant="error", compact=True,
                             disabled=Vote(False) not in self.ctx.legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_vote(event.button.id == "yes")

    def action_vote(self, yes: bool) -> None:
        if Vote(yes) in self.ctx.legal:
            self.dismiss(Vote(yes))
        else:
            self.notify("You have no NO card left: you must vote YES.", severity="warning")


class InterludeScreen(ModalScreen[None]):
    """A message box dismissed with enter, escape or space."""

    DEFAULT_CSS = """
    InterludeScreen { align: center middle; }
    InterludeScreen > Vertical { width: 76; height: auto; max-height: 22; border: thick $accent;
                                 background: $surface; padding: 0 1; }
    InterludeScreen .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, body: Any) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.body, classes="body")
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def round_table(view: Any, seats: Sequence[Seat], variables: dict[str, str]) -> Table:
    """Each seat's goal card valued at the final floors: the per-candidate breakdown."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    table.add_column("player", no_wrap=True, max_width=14)
    for i in range(6):
        table.add_column(f"#{i + 1}", justify="center")
    table.add_column("round", justify="right")
    table.add_column("total", justify="right")
    goals, points = view.revealed_goals[-1], view.round_points[-1]
    for seat, goal in enumerate(goals):
        chips = [chip(f, f" {CANDIDATES[f].initial} {POINTS[view.floors[f]]:>2} ", variables) for f in goal]
        table.add_row(seats[seat].name[:14], *chips, str(points[seat]), str(view.scores[seat]))
    return table


class KingUpUI(GameUI):
    game_id = "king-up"

    def make_board(self) -> ViewPanel:
        return KingUpBoard()

    def make_info(self) -> ViewPanel:
        return KingUpInfo()

    def secret_prompt(self, ctx: ViewContext) -> ModalScreen[Any] | None:
        if ctx.view.phase == "voting" and any(isinstance(a, Vote) for a in ctx.legal):
            return VoteScreen(ctx)
        return None

    def interludes(self, game: Game, steps: Sequence[Step], viewer: int | None,
                   seats: Sequence[Seat]) -> list[Screen[Any]]:
        screens: list[Screen[Any]] = []
        for i, step in enumerate(steps):
            if step.kind == "VotesRevealed":
                after = steps[i + 2].view if i + 2 < len(steps) else step.view
                screens.append(RevealInterlude(step.view.last_votes, step.view, after, seats))
            elif step.kind == "RoundScored":
                screens.append(RoundEndScreen(step.view, seats, len(step.view.round_points)))
        return screens

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.phase == "placing":
            return "pick a figure beside the castle, then a floor (or type A3)"
        if view.phase == "climbing":
            if Pass() in ctx.legal:
                return "no figure can climb: press p to pass"
            return "move a figure up one floor (or type A^)"
        if view.phase == "voting":
            return "vote YES or NO in secret"
        return PHASES.get(view.phase, view.phase)


class RevealInterlude(InterludeScreen):
    def __init__(self, votes: Sequence[bool], during: Any, after: Any, seats: Sequence[Seat]) -> None:
        self.votes, self.during, self.after, self.seats = votes, during, after, seats
        super().__init__("")

    def compose(self) -> ComposeResult:
        glyphs = getattr(self.app, "glyphs", UNICODE)
        lines = [Text("The votes are revealed", style="bold"), Text("")]
        for seat, yes in enumerate(self.votes):
            variables = self.app.theme_variables
            vote = Text(f"{glyphs.yes} YES", style=f"bold {resolve_colour(variables, 'success').hex}") if yes \
                else Text(f"{glyphs.no} NO", style=f"bold {resolve_colour(variables, 'error').hex}")
            lines.append(Text.assemble(f"  {self.seats[seat].name:<18}", vote))
        fig = self.during.on_throne
        name = figure_name(fig) if fig is not None else "The candidate"
        verdict = f"{name} is crowned king!" if all(self.votes) else f"{name} is voted out of the game."
        lines += [Text(""), Text(verdict, style="bold")]
        self.body = Text("\n").join(lines)
        yield from super().compose()


class RoundEndScreen(InterludeScreen):
    def __init__(self, view: Any, seats: Sequence[Seat], number: int) -> None:
        self.view, self.seats, self.number = view, seats, number
        super().__init__("")

    def compose(self) -> ComposeResult:
        king = self.view.king
        title = f"Round {self.number} is over" + (f": {figure_name(king)} is king" if king is not None
                                                   else ": nobody was crowned")
        with Vertical():
            yield Static(Text(title, style="bold"))
            yield Static(round_table(self.view, self.seats, self.app.theme_variables))
            yield Static("Each goal card counts its six candidates' floors: throne 10, "
                         "floor n scores n, out 0.", classes="hint")
            yield Static("press enter to continue", classes="hint")


UI = KingUpUI()
