"""Carcassonne: The Castle on screen: the castle, its wall as the scoring track, laying a card,
setting a follower, what each card scored, and the final scoring.

The board is one :class:`Grid` of 14×16 cells: the 12×14 castle plus the wall ring around it.
Every cell shows one character, so each feature has its own glyph (roads as line drawings, a
double line for a road with a well, towers, houses, courtyards, markets) and a theme colour
behind it; followers are their role's letter, upper case for the first player and lower case
for the second, on their player's colour, so seats stay apart in monochrome too.

Laying a card: the arrows walk over the squares where half a of the drawn card may lie; the card
is previewed under the cursor, ``r`` turns half b around half a (through the ways that are legal
there), enter lays it and opens a small chooser for the follower and wall tiles.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Game, Seat
from engine.games.carcassonne_castle import PlaceCard, Placement
from engine.games.carcassonne_castle.board import Board, canonical
from engine.games.carcassonne_castle.catalog import (CASTLE, DIRS, KIND_OF_ROLE, ROAD, ROLE_NAMES,
                                                     TILE_NAMES, TRACK, card_type, opposite, step)
from engine.games.carcassonne_castle.events import (CourtyardScored, GameEnded, PalasScored,
                                                    WallCleared, WallTileScored)
from engine.games.carcassonne_castle.notation import COLUMNS as COLUMN_LETTERS
from engine.games.carcassonne_castle.notation import format_action, square_name
from engine.games.carcassonne_castle.preview import Completion, follower_segment
from engine.games.carcassonne_castle.preview import completions as preview_completions
from themes import UNICODE, GlyphSet

from ...widgets.grid import Cell, Grid, resolve_colour
from ..base import GameUI, Step, ViewContext, ViewPanel

Pos = tuple[int, int]
Square = tuple[int, int]

COLUMNS = CASTLE.width + 2          # the castle and a wall cell either side
ROWS = CASTLE.height + 2
COL_LABELS = ("", *COLUMN_LETTERS[:CASTLE.width], "")
ROW_LABELS = ("", *(str(y + 1) for y in range(CASTLE.height)), "")
FLASH_SECONDS = 2.5                 # how long a scored feature stays lit on the board
DIRECTION_NAMES = MappingProxyType({"n": "north", "e": "east", "s": "south", "w": "west"})
KIND_NAMES = MappingProxyType({"road": "road", "tower": "tower", "house": "house",
                               "court": "courtyard"})
PLAYABLE_TILES = (1, 2, 3)

# The theme colour behind each kind of ground; the glyph on top tells them apart without colour.
GROUND = MappingProxyType({
    "empty": "board-cell", "wall": "board-throne", "road": "board-muted",
    "square": "board-muted", "tower": "piece-12", "house": "piece-6", "court": "piece-2",
    "market": "piece-1",
})


@dataclass(frozen=True)
class Look:
    """The characters the castle is drawn with (one per square)."""

    empty: str
    wall: str
    tower_tile: str       # a corner tower with its wall tile still lying face down
    tower_bare: str       # a corner tower whose tile was taken (or that never had one)
    tower: str
    house: str
    court: str
    market: str
    both_markers: str     # both score markers on one wall cell
    anchor: str           # a free square where half a of the drawn card may lie
    roads: dict           # frozenset of board directions -> glyph
    wells: dict           # the same for a road with a well

    def road(self, exits: frozenset[int], well: bool) -> str:
        table = self.wells if well else self.roads
        return table.get(exits) or self.roads.get(exits, "+")


def _dirs(text: str) -> frozenset[int]:
    return frozenset(DIRS.index(c) for c in text)


UNICODE_LOOK = Look(
    empty=" ", wall="▒", tower_tile="▣", tower_bare="□", tower="♜", house="⌂", court="░",
    market="¤", both_markers="&", anchor="◇",
    roads=MappingProxyType({_dirs(k): v for k, v in {
        "ns": "│", "ew": "─", "ne": "└", "es": "┌", "sw": "┐", "nw": "┘", "nes": "├",
        "esw": "┬", "nsw": "┤", "new": "┴", "n": "╵", "e": "╶", "s": "╷", "w": "╴"}.items()}),
    wells=MappingProxyType({_dirs(k): v for k, v in {
        "ns": "║", "ew": "═", "ne": "╚", "es": "╔", "sw": "╗", "nw": "╝"}.items()}),
)

ASCII_LOOK = Look(
    empty=" ", wall="#", tower_tile="@", tower_bare="O", tower="T", house="n", court=":",
    market="$", both_markers="&", anchor=" ",
    roads=MappingProxyType({_dirs(k): v for k, v in {
        "ns": "|", "ew": "-", "ne": "+", "es": "+", "sw": "+", "nw": "+", "nes": "*",
        "esw": "*", "nsw": "*", "new": "*", "n": "|", "e": "-", "s": "|", "w": "-"}.items()}),
    wells=MappingProxyType({_dirs(k): v for k, v in {"ns": "!", "ew": "="}.items()}),
)


def look_for(glyphs: GlyphSet) -> Look:
    return ASCII_LOOK if glyphs.ascii else UNICODE_LOOK


def grid_pos(square: Square) -> Pos:
    """Castle square (x, y) -> grid cell; the wall ring has x or y of -1 or 12/14."""
    return square[0] + 1, square[1] + 1


def square_of(pos: Pos) -> Square:
    return pos[0] - 1, pos[1] - 1


def seat_letter(seat: int, letter: str) -> str:
    """A follower or palas: upper case for the first player, lower case for the second."""
    return letter.upper() if seat == 0 else letter.lower()


# -- what a card half looks like --------------------------------------------------------------

def half_ground(p: Placement, half: int) -> str:
    """One word for a half: road, square, tower, house, court or market."""
    h = card_type(p.card).halves[half]
    if h.kind is None:
        return h.terrain
    return "market" if h.market else h.kind


def half_glyph(p: Placement, half: int, look: Look) -> str:
    h = card_type(p.card).halves[half]
    if h.kind is not None:
        return {"tower": look.tower, "house": look.house}.get(
            h.kind, look.market if h.market else look.court)
    exits = frozenset(d for d in range(4) if p.oriented.sides[half][d].road)
    return look.road(exits, h.well)


def half_name(p: Placement, half: int) -> str:
    h = card_type(p.card).halves[half]
    if h.kind is None:
        road = "square (roads end here)" if h.terrain == "square" else "road"
        return road + (" with a well" if h.well else "")
    if h.kind == "court":
        return "courtyard with a market" if h.market else "courtyard"
    return h.kind


def half_cell(p: Placement, half: int, look: Look, **style: Any) -> Cell:
    fields: dict[str, Any] = dict(bg=GROUND[half_ground(p, half)], selectable=False)
    fields.update(style)
    return Cell(half_glyph(p, half, look), label=half_name(p, half), **fields)


# -- the castle -------------------------------------------------------------------------------

def wall_cells(view: Any, look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """The wall ring: track cells (tens numbered), corner towers, start fields, score markers."""
    cells: dict[Pos, Cell] = {}
    spaces: dict[Square, list[int]] = {}
    for space, sq in enumerate(CASTLE.track):
        spaces.setdefault(sq, []).append(space)
    for sq, held in spaces.items():
        tens = [s for s in held if s % 10 == 0]
        glyph = str(tens[0] // 10) if tens else look.wall
        cells[grid_pos(sq)] = Cell(glyph, bg=GROUND["wall"], fg="board-label", selectable=False,
                                   label=f"wall, track space {'/'.join(map(str, held))}")
    for field in CASTLE.start_fields:
        for j, sq in enumerate(field.cells):
            cells[grid_pos(sq)] = start_field_cell(field, j, look)
    for tower in CASTLE.towers:
        tile = view.towers[tower.index] if tower.index < len(view.towers) else False
        cells[grid_pos(tower.cell)] = Cell(
            look.tower_tile if tile else look.tower_bare, bg=GROUND["wall"], bold=bool(tile),
            selectable=False, label=f"corner tower {tower.spaces[0]}/{tower.spaces[1]}: "
                                    + ("a wall tile lies face down" if tile else "no tile"))
    cells.update(marker_cells(view.scores, look, glyphs))
    return cells


def start_field_cell(field: Any, j: int, look: Look) -> Cell:
    if field.kind == ROAD:
        if j != field.road:
            return Cell(look.wall, bg=GROUND["wall"], fg="board-label", selectable=False,
                        label="road start field (closed half)")
        exits = frozenset({field.wall, opposite(field.wall)})
        return Cell(look.road(exits, False), bg=GROUND["road"], bold=True, selectable=False,
                    label="road start field")
    if field.kind == "court":
        return Cell(look.market, bg=GROUND["market"], selectable=False,
                    label="courtyard start field with a market")
    glyph = look.tower if field.kind == "tower" else look.house
    return Cell(glyph, bg=GROUND[field.kind], selectable=False, label=f"{field.kind} start field")


def marker_cells(scores: Sequence[int], look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """Each score marker on the wall cell of its track space (the track wraps at 100)."""
    where: dict[Pos, list[int]] = {}
    for seat, score in enumerate(scores):
        where.setdefault(grid_pos(CASTLE.track[score % TRACK]), []).append(seat)
    cells = {}
    for pos, seats in where.items():
        if len(seats) > 1:
            cells[pos] = Cell(look.both_markers, bg="board-foreground", bold=True, selectable=False,
                              label="both score markers")
        else:
            cells[pos] = Cell(glyphs.seat(seats[0]), bg=f"seat-{seats[0]}", bold=True,
                              selectable=False, label=f"score marker of player {seats[0] + 1}")
    return cells


def castle_cells(view: Any, look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """Everything lying on the table, with no preview and nothing selectable."""
    cells = {grid_pos(sq): Cell(look.empty, bg=GROUND["empty"], fg="board-label", selectable=False,
                                label=f"{square_name(*sq)}, free")
             for sq in CASTLE.interior}
    cells.update(wall_cells(view, look, glyphs))
    board: Board = view.board
    for p in board.placements:
        for half, sq in enumerate(p.squares):
            cells[grid_pos(sq)] = half_cell(p, half, look)
    for palas_seat, palas in enumerate(view.palas):
        if palas is not None:
            pos = palas_square(board, palas.cards)
            if pos is not None:
                cells[grid_pos(pos)] = Cell(seat_letter(palas_seat, "P"), bg=f"seat-{palas_seat}",
                                            bold=True, selectable=False,
                                            label=f"palas of player {palas_seat + 1} "
                                                  f"(house of {palas.size})")
    for f in board.followers:
        p = board.analysis.placement_of[f.card]
        sq = p.squares[min(card_type(f.card).segments[f.segment].halves)]
        cells[grid_pos(sq)] = Cell(seat_letter(f.seat, f.role), bg=f"seat-{f.seat}", bold=True,
                                   selectable=False,
                                   label=f"{ROLE_NAMES[f.role]} of player {f.seat + 1}")
    return cells


def palas_square(board: Board, cards: Iterable[int]) -> Square | None:
    """Where to draw a palas: the first house square of its house."""
    placed = board.analysis.placement_of
    for card in sorted(cards):
        p = placed.get(card)
        if p is None:
            continue
        for half, h in enumerate(card_type(card).halves):
            if h.kind == "house":
                return p.squares[half]
    return None


def feature_squares(board: Board, fid: int) -> set[Square]:
    """The squares (and start field cells) a feature covers."""
    a = board.analysis
    feat = a.features.get(fid)
    if feat is None:
        return set()
    squares: set[Square] = set()
    for card in feat.cards:
        p = a.placement_of[card]
        ctype = card_type(card)
        for card_, seg in a.members.get(fid, ()):
            if card_ == card:
                squares.update(p.squares[h] for h in ctype.segments[seg].halves)
    for index in feat.start_fields:
        squares.update(CASTLE.start_fields[index].cells)
    return squares


# -- laying the drawn card ----------------------------------------------------------------------

def anchors(view: Any, legal: Iterable[PlaceCard]) -> dict[Square, list[int]]:
    """Squares where half a may lie -> the facings of half b that are legal there.

    The engine lists a card that reads the same turned round once; its mirror image (half a on
    the other square) is offered too, so every square the card may cover can be reached."""
    out: dict[Square, set[int]] = {}
    symmetric = view.card_type is not None and view.card_type.symmetric
    for a in legal:
        f = DIRS.index(a.facing)
        out.setdefault((a.x, a.y), set()).add(f)
        if symmetric:
            out.setdefault(step(a.x, a.y, f), set()).add(opposite(f))
    return {sq: sorted(fs) for sq, fs in out.items()}


def actions_for(legal: Iterable[PlaceCard], p: Placement) -> list[PlaceCard]:
    """The legal moves that lay the card as ``p`` (any follower, any wall tiles)."""
    c = canonical(p)
    return [a for a in legal if (a.x, a.y, a.facing) == (c.x, c.y, DIRS[c.facing])]


def completions(view: Any, p: Placement, role: str = "", side: str = "") -> list[Completion]:
    """What laying ``p`` (with that follower) completes for the seat to move, undoubled."""
    segment = follower_segment(canonical(p), role, side)
    return preview_completions(view.board, p, view.to_move, segment)


def completion_text(done: Sequence[Completion], names: Sequence[str]) -> str:
    parts = []
    for c in done:
        who = f"{names[c.winner]} +{c.points}" if c.winner >= 0 else "nobody scores"
        parts.append(f"{KIND_NAMES[c.kind]} of {c.size}: {who}")
    return "; ".join(parts)


def role_text(p: Placement, role: str, side: str) -> str:
    if not role:
        return "no follower"
    name = ROLE_NAMES[role]
    kind = KIND_NAMES[KIND_OF_ROLE[role]]
    if role == "H" and len(card_type(p.card).segments_of(ROAD)) > 1:
        return f"{name} on the road leaving {DIRECTION_NAMES[side]}"
    return f"{name} on the {kind}"


class CastleBoard(ViewPanel):
    """The castle and wall; while the viewer lays a card, its preview follows the cursor."""

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
        self.facing = 1                       # where half b lies from half a (index into DIRS)
        self._anchors: dict[Square, list[int]] = {}
        self._base: dict[Pos, Cell] = {}
        self._flash: set[Square] = set()
        self._flash_timer: Timer | None = None
        self._seen: tuple[int, tuple[int, ...], int] | None = None  # cards, scores, to move

    def compose(self) -> ComposeResult:
        yield Grid(id="castle")
        yield Static("", id="focus-line")
        yield Static("", id="last-line")
        yield Static("", id="legend")

    @property
    def grid(self) -> Grid:
        return self.query_one("#castle", Grid)

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
        self._base = castle_cells(ctx.view, look_for(glyphs), glyphs)
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
            self.screen.set_focus(None)   # nothing to choose: keep "enter" out of the footer
        self._describe()
        self.query_one("#legend", Static).update(legend(glyphs))
        self.refresh_bindings()

    def _start_square(self) -> Square:
        """Where the cursor starts: the legal square nearest the middle of the castle."""
        mid = (CASTLE.width / 2, CASTLE.height / 2)
        return min(self._anchors, key=lambda s: (abs(s[0] - mid[0]) + abs(s[1] - mid[1]), s[1], s[0]))

    def _draw(self) -> None:
        cells = dict(self._base)
        for sq in self._flash:
            pos = grid_pos(sq)
            if pos in cells:
                cells[pos] = _restyle(cells[pos], bg="board-legal", fg="board-legal-text", bold=True)
        free = look_for(self.ctx.glyphs or UNICODE).anchor
        for sq in self._anchors:
            cells[grid_pos(sq)] = _restyle(cells[grid_pos(sq)], glyph=free, selectable=True)
        preview = self.preview()
        if preview is not None:
            look = look_for(self.ctx.glyphs or UNICODE)
            for half, sq in enumerate(preview.squares):
                selectable = half == 0 or sq in self._anchors
                cells[grid_pos(sq)] = half_cell(preview, half, look, bg="board-cursor",
                                                fg="board-cursor-text", bold=True,
                                                selectable=selectable)
        self.grid.set_board(cells, columns=COLUMNS, rows=ROWS, row_labels=ROW_LABELS,
                            col_labels=COL_LABELS)
        self.grid.set_highlights(grid_pos(sq) for sq in self._anchors)

    def preview(self) -> Placement | None:
        """The drawn card as it would lie under the cursor, half a on the cursor's square."""
        cursor = self.grid.cursor
        if not self.placing or cursor is None:
            return None
        sq = square_of(cursor)
        facings = self._anchors.get(sq)
        if not facings:
            return None
        if self.facing not in facings:
            self.facing = next((f for f in (self.facing + i for i in range(4)) if f % 4 in facings),
                               facings[0]) % 4
        return Placement(self.ctx.view.card, sq[0], sq[1], self.facing)

    def _describe(self) -> None:
        ctx, text = self.ctx, ""
        p = self.preview()
        if p is not None:
            ways = len(self._anchors[(p.x, p.y)])
            turn = f"r: {ways} ways" if ways > 1 else "only way"
            halves = f"a {half_ground(p, 0)}, b {half_ground(p, 1)} ({DIRECTION_NAMES[DIRS[p.facing]]})"
            text = f"{square_name(p.x, p.y)}{DIRS[p.facing]}: {halves} · {turn}"
        elif ctx is not None and ctx.view.finished:
            text = final_line(ctx)
        self.query_one("#focus-line", Static).update(text)

    # -- what the last card scored ----------------------------------------------------------

    def _note_scoring(self, ctx: ViewContext) -> None:
        """Light up what the newest card completed for a moment and say who scored."""
        view = ctx.view
        seen = (len(view.board.placements), tuple(view.scores), view.to_move)
        before, self._seen = self._seen, seen
        if before is not None and seen[0] != before[0]:
            self._stop_flash()
        if before is None or seen[:2] == before[:2] or not 0 <= seen[0] - before[0] <= 1:
            # Nothing new, or a jump (undo, a replay seek): no flash, and no gains to claim.
            if before is None or seen[0] != before[0]:
                self._last_line(ctx, (), None)
            return
        gains = tuple(max(0, s - b) for s, b in zip(seen[1], before[1]))
        # Who laid it is known only when we saw the position just before (not after a jump).
        layer = before[2] if seen[0] == before[0] + 1 and before[2] >= 0 else None
        board = view.board
        self._flash = set().union(*(feature_squares(board, fid) for fid in board.analysis.completed))
        if seen[0] > before[0]:
            self._flash |= set(board.placements[-1].squares)
        self._last_line(ctx, gains, layer)
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH_SECONDS, self._stop_flash)

    def _stop_flash(self) -> None:
        self._flash_timer = None
        if self._flash:
            self._flash = set()
            if self.ctx is not None:
                self._draw()

    def _last_line(self, ctx: ViewContext, gains: Sequence[int], layer: int | None) -> None:
        """``Adalbert laid D6e · tower of 3: Adalbert +6`` (the move list has the details)."""
        board, names = ctx.view.board, [s.name for s in ctx.seats]
        line = Text()
        if board.placements:
            p = board.placements[-1]
            a = board.analysis
            who = f"{names[layer]} laid " if layer is not None else "last card "
            line.append(who, style="dim")
            line.append(f"{square_name(p.x, p.y)}{DIRS[p.facing]}", style="bold")
            done = [f"{KIND_NAMES[a.features[fid].kind]} of {a.features[fid].size}"
                    for fid in a.completed if fid in a.features]
            if done:
                line.append(f" · {', '.join(done)}")
            scored = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(gains) if g)
            if scored and ctx.view.finished:
                scored += " with the final scoring"
            if scored:
                line.append(f": {scored}" if done else f" · {scored}", style="bold")
        self.query_one("#last-line", Static).update(line)

    # -- keys -------------------------------------------------------------------------------

    def on_grid_cursor_moved(self, event: Grid.CursorMoved) -> None:
        event.stop()
        if self.ctx is not None:
            self._draw()
            self._describe()

    def action_rotate(self, step_: int) -> None:
        p = self.preview()
        if p is None:
            return
        facings = self._anchors[(p.x, p.y)]
        self.facing = facings[(facings.index(self.facing) + step_) % len(facings)]
        self._draw()
        self._describe()

    def on_grid_selected(self, event: Grid.Selected) -> None:
        event.stop()
        p = self.preview()
        if p is None or self.ctx is None:
            return
        if square_of(event.pos) != (p.x, p.y):
            return
        choices = actions_for(self.ctx.legal, p)
        if len(choices) == 1:
            self.post_message(self.ActionChosen(choices[0]))
            self.post_message(self.Status("No follower can go on this card; laid it."))
            return
        self.app.push_screen(FollowerScreen(self.ctx, p, choices), self._chosen)

    def _chosen(self, action: PlaceCard | None) -> None:
        if action is not None:
            self.post_message(self.ActionChosen(action))

    def on_unmount(self) -> None:
        if self._flash_timer is not None:
            self._flash_timer.stop()


def legend(glyphs: GlyphSet) -> str:
    """What the glyphs mean, in the two lines left under the castle at 80×24."""
    look = look_for(glyphs)
    well = look.road(frozenset({1, 3}), True)
    return (f"{look.tower} tower {look.house} house {look.court} courtyard {look.market} market "
            f"{well} well\n{look.tower_tile} wall tile  K k followers  P p palas  "
            f"{glyphs.seat(0)} score")


def _restyle(cell: Cell, **changes: Any) -> Cell:
    fields = dict(glyph=cell.glyph, bg=cell.bg, fg=cell.fg, bold=cell.bold, dim=cell.dim,
                  label=cell.label, key=cell.key, selectable=cell.selectable)
    fields.update(changes)
    return Cell(**fields)


def final_line(ctx: ViewContext) -> str:
    """``Game over: Adalbert wins 43–14.`` (short: it shares the line width with the board)."""
    view = ctx.view
    score = "–".join(str(v) for v in sorted(view.scores, reverse=True))
    if len(view.winners) != 1:
        return f"Game over: a tie, {score}."
    return f"Game over: {ctx.name(view.winners[0])} wins {score}."


# -- the follower chooser ---------------------------------------------------------------------

class FollowerScreen(ModalScreen[PlaceCard | None]):
    """After enter on the board: which follower goes on the card (or none), and wall tiles 1–3."""

    DEFAULT_CSS = """
    FollowerScreen { align: right bottom; background: $background 0%; }
    FollowerScreen > Vertical { width: 32; height: auto; max-height: 20; border: thick $primary;
                                background: $surface; padding: 0 1; margin-bottom: 1; }
    FollowerScreen #roles { height: auto; max-height: 9; border: none; padding: 0; }
    FollowerScreen #head { text-style: bold; }
    FollowerScreen #tiles { height: auto; }
    FollowerScreen .hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Back to the board"),
        Binding("1", "tile(1)", "Tile 1", show=False),
        Binding("2", "tile(2)", "Tile 2", show=False),
        Binding("3", "tile(3)", "Tile 3", show=False),
    ]

    def __init__(self, ctx: ViewContext, p: Placement, choices: Sequence[PlaceCard]) -> None:
        super().__init__()
        self.ctx, self.placement, self.choices = ctx, p, tuple(choices)
        roles: list[tuple[str, str]] = []
        for a in self.choices:
            if (a.role, a.side) not in roles:
                roles.append((a.role, a.side))
        self.roles = tuple(roles)
        self.held = tuple(t for t in PLAYABLE_TILES if any(t in a.tiles for a in self.choices))
        self.picked: set[int] = set()

    def compose(self) -> ComposeResult:
        p, names = self.placement, [s.name for s in self.ctx.seats]
        where = format_action(PlaceCard(*_xyf(p)))
        with Vertical():
            yield Static(f"Lay {where}: {card_type(p.card).name}", id="head")
            options = []
            for role, side in self.roles:
                text = Text(role_text(p, role, side))
                if role == "M":
                    text.append("\n  merchants never come back", style="dim")
                done = completions(self.ctx.view, p, role, side)
                if done:
                    text.append(f"\n  {completion_text(done, names)}", style="dim")
                options.append(Option(text, id=f"{role}{side}"))
            yield OptionList(*options, id="roles")
            yield Static("", id="tiles")
            yield Static("enter: lay it · esc: back", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#roles", OptionList).highlighted = 0
        self._show_tiles()

    def _usable(self) -> set[int]:
        """Wall tiles that may go with the highlighted follower choice."""
        role, side = self._role()
        return {t for a in self.choices if (a.role, a.side) == (role, side) for t in a.tiles}

    def _role(self) -> tuple[str, str]:
        index = self.query_one("#roles", OptionList).highlighted or 0
        return self.roles[index]

    def _show_tiles(self) -> None:
        if not self.held:
            self.query_one("#tiles", Static).display = False
            return
        usable = self._usable()
        lines = [Text("Wall tiles (press 1–3):", style="bold")]
        for t in self.held:
            mark = "[x]" if t in self.picked and t in usable else "[ ]"
            style = "" if t in usable else "dim strike"
            lines.append(Text(f" {mark} {t} {TILE_NAMES[t]}", style=style))
        self.query_one("#tiles", Static).update(Text("\n").join(lines))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_tiles()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        role, side = self.roles[event.option_index]
        tiles = tuple(sorted(self.picked & self._usable()))
        action = PlaceCard(*_xyf(canonical(self.placement)), role, side, tiles)
        if action in self.choices:
            self.dismiss(action)
        else:
            self.notify("That combination is not allowed.", severity="warning")

    def action_tile(self, tile: int) -> None:
        if tile not in self.held:
            self.notify(f"You hold no wall tile {tile}.", severity="warning")
            return
        if tile not in self._usable():
            self.notify(f"Wall tile {tile} ({TILE_NAMES[tile]}) does nothing with this choice.",
                        severity="warning")
            return
        self.picked ^= {tile}
        self._show_tiles()

    def action_cancel(self) -> None:
        self.dismiss(None)


def _xyf(p: Placement) -> tuple[int, int, str]:
    return p.x, p.y, DIRS[p.facing]


# -- the info panel ---------------------------------------------------------------------------

class CastleInfo(ViewPanel):
    """Scores, cards left, followers in supply, palas and wall tiles, and the card to lay."""

    DEFAULT_CSS = "CastleInfo { height: auto; margin-bottom: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("", id="info")

    def show(self, ctx: ViewContext) -> None:
        self.query_one("#info", Static).update(info_text(ctx, self.app.theme_variables))


def info_text(ctx: ViewContext, variables: dict[str, str]) -> Text:
    view = ctx.view
    towers = sum(1 for t in view.towers if t)
    lines = [Text(f"{view.pile} cards left, {towers} tower tiles", style="bold")]
    for seat in range(len(view.scores)):
        lines.extend(seat_lines(ctx, seat, variables))
    if view.card >= 0 and view.card_type is not None:
        lines.append(card_lines(ctx))
    elif view.finished:
        lines.append(Text("Game over", style="bold"))
    return Text("\n").join(lines)


def seat_lines(ctx: ViewContext, seat: int, variables: dict[str, str]) -> list[Text]:
    view, glyphs = ctx.view, ctx.glyphs or UNICODE
    turn = glyphs.turn if seat == view.to_move else " "
    busy = ctx.spinner if ctx.thinking == seat else ""
    colour = resolve_colour(variables, f"seat-{seat}")
    chip = f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}"
    you = "*" if seat == ctx.seat else ""
    name = f"{ctx.name(seat)}{you}"[:18]
    head = Text.assemble((turn, "bold"), " ", (glyphs.seat(seat), chip), f" {name:<18} ",
                         (f"{view.scores[seat]:>3}", "bold"), f" {busy}")
    size = view.palas_sizes[seat] if view.palas[seat] is not None else 0
    palas = f"palas {size}" if size else "no palas"
    detail = Text.assemble("  ", (seat_letter(seat, "HKSM"), chip),
                           (f" {view.supply[seat]} followers · {palas}", "dim"))
    out = [head, detail]
    if view.tiles[seat]:
        out.append(Text(f"    wall tiles {' '.join(str(t) for t in view.tiles[seat])}", style="dim"))
    if view.scores[seat] >= TRACK:
        out.append(Text(f"    marker went round: {view.scores[seat] % TRACK} on track", style="dim"))
    return out


def card_lines(ctx: ViewContext) -> Text:
    view, look = ctx.view, look_for(ctx.glyphs or UNICODE)
    p = Placement(view.card, 0, 0, 1)   # as printed: half a west, half b east
    return Text.assemble(("Card: ", "bold"), f"{card_type(view.card).name}\n",
                         f"  a {half_glyph(p, 0, look)} {half_name(p, 0)}\n",
                         f"  b {half_glyph(p, 1, look)} {half_name(p, 1)}")


# -- the final scoring ------------------------------------------------------------------------

class FinalScoringScreen(ModalScreen[None]):
    """The final scoring: each item and who it paid, built from the events' public facts."""

    DEFAULT_CSS = """
    FinalScoringScreen { align: center middle; }
    FinalScoringScreen > Vertical { width: 70; height: auto; max-height: 22; border: thick $accent;
                                    background: $surface; padding: 0 1; }
    FinalScoringScreen .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, rows: Sequence[tuple[str, Sequence[int]]], before: Sequence[int],
                 after: Sequence[int], seats: Sequence[Seat]) -> None:
        super().__init__()
        self.rows, self.before, self.after, self.seats = rows, before, after, seats

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("The last card is laid: final scoring", style="bold"))
            yield Static(final_table(self.rows, self.before, self.after, self.seats))
            yield Static("press enter to continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def final_table(rows: Sequence[tuple[str, Sequence[int]]], before: Sequence[int],
                after: Sequence[int], seats: Sequence[Seat]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("", no_wrap=True)
    for seat in seats:
        table.add_column(seat.name[:12], justify="right")
    table.add_row("during play", *(str(v) for v in before))
    for label, points in rows:
        table.add_row(label, *(f"+{v}" if v else "·" for v in points))
    table.add_row(Text("total", style="bold"), *(Text(str(v), style="bold") for v in after))
    return table


def final_rows(steps: Sequence[Step], players: int) -> list[tuple[str, list[int]]]:
    """One row per final scoring item, in the order the rulebook scores them."""
    rows: list[tuple[str, list[int]]] = []
    for step_ in steps:
        ev = step_.event
        points = [0] * players
        if isinstance(ev, PalasScored):
            sizes = "/".join(str(s) for s in ev.sizes)
            label = f"largest palas (houses {sizes})" + ("" if ev.seat >= 0 else ": tie, nobody")
        elif isinstance(ev, CourtyardScored):
            label = f"courtyard, {ev.markets} market{'s' if ev.markets != 1 else ''}" \
                    + (" (tile 7)" if ev.tile else "")
        elif isinstance(ev, WallTileScored):
            label = f"wall tile {ev.tile}: {TILE_NAMES[ev.tile]}"
        else:
            continue
        if ev.seat >= 0:
            points[ev.seat] = ev.points
        rows.append((label, points))
    return rows


class CarcassonneUI(GameUI):
    game_id = "carcassonne-castle"

    def make_board(self) -> ViewPanel:
        return CastleBoard()

    def make_info(self) -> ViewPanel:
        return CastleInfo()

    def interludes(self, game: Game, steps: Sequence[Step], viewer: int | None,
                   seats: Sequence[Seat]) -> list[Screen[Any]]:
        start = next((i for i, s in enumerate(steps) if isinstance(s.event, WallCleared)), None)
        if start is None or not any(isinstance(s.event, GameEnded) for s in steps[start:]):
            return []
        final = steps[start:]
        rows = final_rows(final, len(seats))
        return [FinalScoringScreen(rows, final[0].view.scores, final[-1].view.scores, seats)]

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.finished:
            return "game over"
        if ctx.interactive:
            return "arrows: where; r: turn; enter: lay the card (or : E5e K)"
        return "laying a card"


UI = CarcassonneUI()
