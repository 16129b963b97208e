"""The wall as the scoring track: every wall cell with its track spaces, a number at least every
five spaces, the corner towers with their tiles (and who took each), the start fields, and the
score markers on their spaces.

Wall cells are never chosen, so the board draws their text across the whole cell (``WIDE``):
three characters at scale 1 (``25``, ``▣12``, ``●27``), and at larger scales a line of spaces
(``24/25``) with the tower's tile, its taker or the markers on the lines below.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.carcassonne_castle import CastleView, StartFieldLook
from themes import GlyphSet

from ...widgets.grid import Cell
from .big import WIDTH, lines_of, road_lines
from .look import GROUND, Look, Pos, Square, grid_pos

WIDE = "wide"  # a cell's key: drawn across its whole width (no cursor marks)
NUMBER_EVERY = 5  # track spaces numbered at scale 1


def wall_cells(view: CastleView, look: Look, glyphs: GlyphSet, scale: int, names: Sequence[str]) -> dict[Pos, Cell]:
    """The wall ring: track cells, corner towers, start fields and score markers."""
    layout = view.castle
    spaces: dict[Square, list[int]] = {}
    for space, sq in enumerate(layout.track):
        spaces.setdefault(sq, []).append(space)
    markers: dict[Square, list[int]] = {}
    for seat, space in enumerate(view.track_positions):
        markers.setdefault(layout.track[space], []).append(seat)
    fields = {sq: (field, j) for field in layout.start_fields for j, sq in enumerate(field.cells)}
    towers = {t.cell: t for t in layout.towers}
    takers = {t.tower: t for t in view.taken}
    cells: dict[Pos, Cell] = {}
    for sq, held in spaces.items():
        seats = markers.get(sq, [])
        if sq in towers:
            tower = towers[sq]
            lying = tower.index < len(view.towers) and view.towers[tower.index]
            cell = tower_cell(held, lying, takers.get(tower.index), look, scale, names)
        elif sq in fields:
            cell = field_cell(*fields[sq], held, look, scale)
        else:
            cell = plain_cell(held, look, scale)
        if seats:
            cell = with_markers(cell, seats, view.track_positions, look, glyphs, scale)
        cells[grid_pos(sq)] = cell
    return cells


def numbered(held: Sequence[int]) -> int | None:
    """The space of a wall cell worth numbering at scale 1 (a multiple of five), if any."""
    return next((s for s in held if s % NUMBER_EVERY == 0), None)


def spaces_text(held: Sequence[int]) -> str:
    return "/".join(str(s) for s in held)


def fitting(scale: int, *texts: str) -> str:
    """The first of ``texts`` that leaves a blank beside it in a wall cell at ``scale``."""
    room = WIDTH * scale - 1
    return next((t for t in texts if len(t) <= room), texts[-1][:room])


def plain_cell(held: Sequence[int], look: Look, scale: int) -> Cell:
    n = numbered(held)
    glyph = look.wall if n is None else f"{n:>3}"  # kept off a neighbour's text on its left
    return Cell(
        glyph,
        bg=GROUND["wall"],
        fg="board-label",
        selectable=False,
        key=WIDE,
        label=f"wall, track space {spaces_text(held)}",
        big=lines_of([fitting(scale, spaces_text(held), str(held[0]))], scale) if scale > 1 else "",
    )


def tower_cell(held: Sequence[int], lying: bool, taken, look: Look, scale: int, names: Sequence[str]) -> Cell:
    """``▣``: a corner tower with its tile face down; ``□7`` in the taker's colour once a player
    took its tile 7 (the larger scales add its spaces and the taker's name)."""
    glyph = look.tower_tile if lying else look.tower_bare
    if lying:
        state, rows = "a wall tile lies face down", ["hidden"] if scale > 2 else []
    elif taken is not None:
        who = names[taken.seat] if taken.seat < len(names) else f"player {taken.seat + 1}"
        state = f"wall tile {taken.tile} taken by {who}"
        rows = (
            [f"tile {taken.tile}", fitting(scale, who, who[:1])]
            if scale > 2
            else [fitting(scale, f"{taken.tile} {who}", f"{taken.tile} {who[:1]}")]
        )
    else:
        state, rows = "no tile", []
    bg = f"seat-{taken.seat}" if taken is not None and not lying else GROUND["wall"]
    text = f"{glyph}{taken.tile}" if taken is not None and not lying else glyph
    return Cell(
        text,
        bg=bg,
        bold=lying or taken is not None,
        selectable=False,
        key=WIDE,
        label=f"corner tower {spaces_text(held)}: {state}",
        big=lines_of([fitting(scale, f"{glyph}{spaces_text(held)}", f"{glyph}{held[0]}"), *rows], scale)
        if scale > 1
        else "",
    )


def field_cell(field: StartFieldLook, j: int, held: Sequence[int], look: Look, scale: int) -> Cell:
    n = numbered(held)
    if field.kind == "road" and j != field.road:
        cell = plain_cell(held, look, scale)
        return Cell(
            cell.glyph,
            bg=cell.bg,
            fg=cell.fg,
            selectable=False,
            key=WIDE,
            big=cell.big,
            label=f"road start field (closed half), track space {spaces_text(held)}",
        )
    if field.kind == "road":
        exits = frozenset("nesw".index(d) for d in field.roads)
        glyph, bg, name = look.road(exits, False), GROUND["road"], "road start field"
        note = spaces_text(held) if len(spaces_text(held)) < WIDTH * scale // 2 - 1 else str(held[0])
        big = road_lines(exits, False, look, scale, note=note) if scale > 1 else ""
    else:
        glyph = {"court": look.market, "tower": look.tower, "house": look.house}[field.kind]
        bg = GROUND["market" if field.kind == "court" else field.kind]
        name = "courtyard start field with a market" if field.kind == "court" else f"{field.kind} start field"
        big = lines_of([fitting(scale, f"{glyph}{spaces_text(held)}", f"{glyph}{held[0]}")], scale) if scale > 1 else ""
    text = glyph if n is None else f"{glyph}{n}"
    return Cell(
        text,
        bg=bg,
        bold=field.kind == "road",
        selectable=False,
        key=WIDE,
        big=big,
        label=f"{name}, track space {spaces_text(held)}",
    )


def with_markers(
    cell: Cell, seats: Sequence[int], positions: Sequence[int], look: Look, glyphs: GlyphSet, scale: int
) -> Cell:
    """``●27``: the marker and the space it stands on; ``&27`` when both stand on this cell."""
    space = min(positions[s] for s in seats)
    if len(seats) > 1:
        mark, bg, label = look.both_markers, "board-foreground", "both score markers"
    else:
        mark, bg, label = glyphs.seat(seats[0]), f"seat-{seats[0]}", f"score marker of player {seats[0] + 1}"
    big = ""
    if scale > 1:
        rows = (cell.big.split("\n") if cell.big else [])[: scale - 1]
        marks = fitting(
            scale, " ".join(f"{glyphs.seat(s)}{positions[s]}" for s in seats), look.both_markers + str(space)
        )
        big = lines_of([*(r.strip() for r in rows), marks], scale)
    return Cell(
        f"{mark}{space}",
        bg=bg,
        bold=True,
        selectable=False,
        key=WIDE,
        big=big,
        label=f"{label} on space {space} · {cell.label}",
    )
