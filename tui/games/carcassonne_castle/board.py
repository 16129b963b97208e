"""The castle board: the castle and its wall; while the viewer lays a card, its preview follows
the cursor.

The arrows walk over the squares where half a of the drawn card may lie; the card is previewed
under the cursor, ``r`` turns half b around half a (through the ways that are legal there), enter
lays it and opens the follower chooser. A new view redraws the whole grid; a cursor move or a
turn redraws only the few cells the preview leaves and enters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from engine.games.carcassonne_castle import CastleView, PlaceCard, game_over
from themes import UNICODE

from ...widgets.grid import Cell, Grid
from ...widgets.text_line import TextLine
from ..base import ViewContext, ViewPanel
from .big import half_big
from .castle_grid import CastleGrid
from .cells import castle_cells, completed_text, flash_squares, square_name
from .dialogs import FollowerScreen
from .look import (
    DIRECTION_NAMES,
    DIRS,
    Pos,
    Square,
    grid_pos,
    half_cell,
    legend,
    look_for,
    restyle,
    square_of,
    step,
)

FLASH_SECONDS = 2.5  # how long a scored feature stays lit on the board


@dataclass(frozen=True)
class Lay:
    """The drawn card as it would lie: half a on (x, y), half b toward ``facing`` (0 n … 3 w)."""

    card: int
    x: int
    y: int
    facing: int

    @property
    def squares(self) -> tuple[Square, Square]:
        return (self.x, self.y), step((self.x, self.y), self.facing)


def anchors(view: CastleView, legal: Iterable[PlaceCard]) -> dict[Square, list[int]]:
    """Squares where half a may lie -> the facings of half b that are legal there.

    The engine lists a card that reads the same turned round once; its mirror image (half a on
    the other square) is offered too, so every square the card may cover can be reached."""
    out: dict[Square, set[int]] = {}
    symmetric = view.drawn is not None and view.drawn.symmetric
    for a in legal:
        f = DIRS.index(a.facing)
        out.setdefault((a.x, a.y), set()).add(f)
        if symmetric:
            out.setdefault(step((a.x, a.y), f), set()).add((f + 2) % 4)
    return {sq: sorted(fs) for sq, fs in out.items()}


def actions_for(view: CastleView, legal: Iterable[PlaceCard], lay: Lay) -> list[PlaceCard]:
    """The legal moves that lay the card as ``lay`` (any follower, any wall tiles); a card that
    reads the same turned round is listed under one of its two mirror images."""
    symmetric = view.drawn is not None and view.drawn.symmetric
    b = lay.squares[1]
    mirror = (b[0], b[1], DIRS[(lay.facing + 2) % 4])
    return [
        a
        for a in legal
        if (a.x, a.y, a.facing) == (lay.x, lay.y, DIRS[lay.facing]) or (symmetric and (a.x, a.y, a.facing) == mirror)
    ]


class CastleBoard(ViewPanel):
    """The castle and wall; while the viewer lays a card, its preview follows the cursor."""

    SIDE_GROWS = True  # the moves' panel widens on a large terminal (board_layout.side_width)

    DEFAULT_CSS = """
    CastleBoard { height: auto; width: 100%; }
    CastleBoard #castle { margin: 0; }
    CastleBoard #focus-line { height: 1; color: $text-muted; }
    CastleBoard #last-line { height: 1; }
    CastleBoard #legend { height: 2; color: $text-muted; }
    """

    BINDINGS = [
        Binding("r", "rotate(1)", "Turn"),
        Binding("R", "rotate(-1)", "Turn back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.facing = 1  # where half b lies from half a (index into DIRS)
        self._anchors: dict[Square, list[int]] = {}
        self._base: dict[Pos, Cell] = {}
        self._previewed: dict[Pos, Cell] = {}  # the preview's cells as drawn now
        self._flash: set[Square] = set()
        self._flash_timer: Timer | None = None
        self._seen: tuple[int, tuple[int, ...], int] | None = None  # cards, scores, to move

    def compose(self) -> ComposeResult:
        yield CastleGrid(id="castle")
        yield TextLine(id="focus-line")
        yield TextLine(id="last-line")
        yield Static("", id="legend")

    @property
    def grid(self) -> CastleGrid:
        return self.query_one("#castle", CastleGrid)

    @property
    def placing(self) -> bool:
        return bool(self.ctx is not None and self.ctx.interactive and self._anchors)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rotate":
            return self.placing
        return True

    # -- drawing ----------------------------------------------------------------------------

    def show(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        glyphs = ctx.glyphs or UNICODE
        self._anchors = anchors(ctx.view, ctx.legal) if ctx.interactive else {}
        self._base = self._cells_for(ctx)
        self._note_scoring(ctx)
        grid = self.grid
        grid.glyphs = glyphs
        grid.can_focus = self.placing
        self._draw()
        if self.placing:
            if grid.cursor is None or square_of(grid.cursor) not in self._anchors:
                grid.move_cursor(grid_pos(self._start_square()))
            if self.screen.focused is None or self.screen.focused is grid:
                grid.focus()
        elif grid.has_focus:
            self.screen.set_focus(None)  # nothing to choose: keep "enter" out of the footer
        self._describe()
        self.query_one("#legend", Static).update(legend(glyphs))
        self.refresh_bindings()

    def _cells_for(self, ctx: ViewContext) -> dict[Pos, Cell]:
        """The table at the grid's scale; the last card of every other seat stays lit."""
        glyphs = ctx.glyphs or UNICODE
        seats = range(len(ctx.view.scores))
        return castle_cells(
            ctx.view,
            look_for(glyphs),
            glyphs,
            self.grid.scale,
            [ctx.name(s) for s in seats],
            [s for s in seats if s != ctx.seat],
        )

    def on_grid_rescaled(self, event: Grid.Rescaled) -> None:
        event.stop()
        if self.ctx is not None:
            self._base = self._cells_for(self.ctx)
            self._draw()

    def _start_square(self) -> Square:
        """Where the cursor starts: the legal square nearest the middle of the castle."""
        layout = self.ctx.view.castle
        mid = (layout.width / 2, layout.height / 2)
        return min(self._anchors, key=lambda s: (abs(s[0] - mid[0]) + abs(s[1] - mid[1]), s[1], s[0]))

    def _plain(self, pos: Pos) -> Cell:
        """A cell as it shows without the preview: lit if just scored, marked if half a may go there."""
        cell = self._base[pos]
        sq = square_of(pos)
        if sq in self._flash:
            cell = restyle(cell, bg="board-foreground", fg="board-background", bold=True)
        if sq in self._anchors:  # the legal colour right across: no laid road is drawn like this
            cell = restyle(
                cell,
                glyph=look_for(self.ctx.glyphs or UNICODE).anchor,
                selectable=True,
                bg="board-legal",
                fg="board-legal-text",
            )
        return cell

    def _draw(self) -> None:
        """The whole board again (a new view, or the end of a flash)."""
        cells = dict(self._base)
        for sq in self._flash | set(self._anchors):
            pos = grid_pos(sq)
            if pos in cells:
                cells[pos] = self._plain(pos)
        self._previewed = self._preview_cells()
        cells.update(self._previewed)
        layout = self.ctx.view.castle
        self.grid.set_board(
            cells,
            columns=layout.width + 2,
            rows=layout.height + 2,
            row_labels=("", *(str(y + 1) for y in range(layout.height)), ""),
            col_labels=("", *layout.columns, ""),
        )
        self.grid.set_highlights(grid_pos(sq) for sq in self._anchors)

    def _move_preview(self) -> None:
        """Only the cells the preview leaves and enters are drawn again."""
        new = self._preview_cells()
        changed = {pos: self._plain(pos) for pos in self._previewed if pos not in new}
        changed.update((pos, cell) for pos, cell in new.items() if self._previewed.get(pos) != cell)
        self._previewed = new
        if changed:
            self.grid.patch(changed)

    def _preview_cells(self) -> dict[Pos, Cell]:
        lay = self.preview()
        if lay is None:
            return {}
        look = look_for(self.ctx.glyphs or UNICODE)
        halves = self.ctx.view.drawn.faces[lay.facing]
        scale = self.grid.scale
        return {
            grid_pos(sq): half_cell(
                half,
                look,
                bg="board-cursor",
                fg="board-cursor-text",
                bold=True,
                selectable=half_index == 0 or sq in self._anchors,
                big=half_big(half, look, scale) if scale > 1 else "",
            )
            for half_index, (half, sq) in enumerate(zip(halves, lay.squares))
        }

    def preview(self) -> Lay | None:
        """The drawn card as it would lie under the cursor, half a on the cursor's square."""
        cursor = self.grid.cursor
        if not self.placing or cursor is None:
            return None
        sq = square_of(cursor)
        facings = self._anchors.get(sq)
        if not facings:
            return None
        if self.facing not in facings:
            self.facing = next((f for f in (self.facing + i for i in range(4)) if f % 4 in facings), facings[0]) % 4
        return Lay(self.ctx.view.card, sq[0], sq[1], self.facing)

    def _describe(self) -> None:
        ctx, text = self.ctx, ""
        lay = self.preview()
        if lay is not None:
            ways = len(self._anchors[(lay.x, lay.y)])
            turn = f"r: {ways} ways" if ways > 1 else "only way"
            a, b = ctx.view.drawn.faces[lay.facing]
            halves = f"a {a.ground}, b {b.ground} ({DIRECTION_NAMES[DIRS[lay.facing]]})"
            text = f"{square_name(ctx.view.castle, (lay.x, lay.y))}{DIRS[lay.facing]}: {halves} · {turn}"
        elif ctx is not None and ctx.view.finished:
            text = final_line(ctx)
        self.query_one("#focus-line", TextLine).update(text)

    # -- what the last card scored ----------------------------------------------------------

    def _note_scoring(self, ctx: ViewContext) -> None:
        """Light up what the newest card completed for a moment and say who scored."""
        view = ctx.view
        seen = (len(view.laid), tuple(view.scores), view.to_move)
        before, self._seen = self._seen, seen
        if before is not None and seen[0] != before[0]:
            self._stop_flash(redraw=False)
        if before is None or seen[:2] == before[:2] or not 0 <= seen[0] - before[0] <= 1:
            # Nothing new, or a jump (undo, a replay seek): no flash, and no gains to claim.
            if before is None or seen[0] != before[0]:
                self._last_line(ctx, ())
            return
        # After the last card the final scoring follows in the same step: said apart.
        played = view.before_final if view.finished and view.before_final else seen[1]
        gains = tuple(max(0, s - b) for s, b in zip(played, before[1]))
        final = tuple(s - b for s, b in zip(seen[1], played))
        self._flash = flash_squares(view, seen[0] > before[0])
        self._last_line(ctx, gains, final)
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH_SECONDS, self._stop_flash)

    def _stop_flash(self, redraw: bool = True) -> None:
        self._flash_timer = None
        if self._flash:
            self._flash = set()
            if redraw and self.ctx is not None:
                self._draw()

    def _last_line(self, ctx: ViewContext, gains: Sequence[int], final: Sequence[int] = ()) -> None:
        self.query_one("#last-line", TextLine).update(last_line(ctx.view, [s.name for s in ctx.seats], gains, final))

    # -- keys -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.grid.follow = self._cursor_moved

    def _cursor_moved(self) -> None:
        if self.ctx is not None:
            self._move_preview()
            self._describe()

    def on_grid_cursor_moved(self, event: Grid.CursorMoved) -> None:
        event.stop()  # the grid's hook has drawn the preview already

    def point_at(self, action: Any) -> bool:
        """The card previewed as ``action`` lays it: the cursor on half a, half b turned its way."""
        if not isinstance(action, PlaceCard) or not self.placing or (action.x, action.y) not in self._anchors:
            return False
        self.facing = DIRS.index(action.facing)
        self.grid.move_cursor(grid_pos((action.x, action.y)))
        self._move_preview()  # (the cursor may have been there already, turned another way)
        self._describe()
        return True

    def action_rotate(self, step_: int) -> None:
        lay = self.preview()
        if lay is None:
            return
        facings = self._anchors[(lay.x, lay.y)]
        self.facing = facings[(facings.index(self.facing) + step_) % len(facings)]
        self._move_preview()
        self._describe()

    def on_grid_selected(self, event: Grid.Selected) -> None:
        event.stop()
        lay = self.preview()
        if lay is None or self.ctx is None:
            return
        if square_of(event.pos) != (lay.x, lay.y):
            return
        choices = actions_for(self.ctx.view, self.ctx.legal, lay)
        if len(choices) == 1:
            self.post_message(self.ActionChosen(choices[0]))
            self.post_message(self.Status("No follower can go on this card; laid it."))
            return
        self.app.push_screen(FollowerScreen(self.ctx, lay.squares[0], lay.facing, choices), self._chosen)

    def _chosen(self, action: PlaceCard | None) -> None:
        if action is not None:
            self.post_message(self.ActionChosen(action))

    def on_unmount(self) -> None:
        if self._flash_timer is not None:
            self._flash_timer.stop()


def final_line(ctx: ViewContext) -> str:
    """``Game over: Adalbert wins 43–14.``, as the move list says it."""
    return game_over(ctx.view.scores, [ctx.name(w) for w in ctx.view.winners])


def last_line(view, names: Sequence[str], gains: Sequence[int], final: Sequence[int] = ()) -> Text:
    """``Adalbert laid D6e · tower of 3: Adalbert +6`` (the move list has the details); after
    the last card ``… · final scoring: You +9, Adalbert +14``. The view names who laid each
    card: a step of several events (a replay) or a second turn from wall tile 1 cannot mislead it."""
    line = Text()
    if view.laid:
        card = view.laid[-1]
        layer = view.laid_by[-1] if len(view.laid_by) == len(view.laid) else None
        who = f"{names[layer]} laid " if layer is not None and layer < len(names) else "last card "
        line.append(who, style="dim")
        line.append(f"{square_name(view.castle, (card.x, card.y))}{card.facing}", style="bold")
        done = completed_text(view)
        if done:
            line.append(f" · {', '.join(done)}")
        scored = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(gains) if g)
        if scored:
            line.append(f": {scored}" if done else f" · {scored}", style="bold")
        finally_ = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(final) if g)
        if finally_:
            line.append(" · final scoring: ", style="dim")
            line.append(finally_, style="bold")
    return line
