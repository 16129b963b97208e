"""The castle as grid cells, from a view: the wall with its track, towers, start fields and score
markers, then every laid card, palas and follower. Nothing here is selectable; the board adds the
squares where the drawn card may lie and the card under the cursor."""
from __future__ import annotations

from collections.abc import Sequence

from engine.games.carcassonne_castle import (
    ROLE_NAMES,
    CastleLayout,
    CastleView,
    StartFieldLook,
)
from themes import GlyphSet

from ...widgets.grid import Cell
from .look import GROUND, Look, Pos, Square, grid_pos, half_cell, seat_letter


def square_name(layout: CastleLayout, square: Square) -> str:
    """``E5``: the column letter and the row number, as the notation writes squares."""
    return f"{layout.columns[square[0]]}{square[1] + 1}"


def castle_cells(view: CastleView, look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """Everything lying on the table, with no preview and nothing selectable."""
    layout = view.castle
    cells = {grid_pos(sq): Cell(look.empty, bg=GROUND["empty"], fg="board-label", selectable=False,
                                label=f"{square_name(layout, sq)}, free")
             for sq in layout.interior}
    cells.update(wall_cells(view, look, glyphs))
    for card in view.laid:
        for half, sq in zip(card.halves, card.squares):
            cells[grid_pos(sq)] = half_cell(half, look)
    for seat, palas in enumerate(view.palas):
        if palas is not None and palas.square[0] >= 0:
            cells[grid_pos(palas.square)] = Cell(seat_letter(seat, "P"), bg=f"seat-{seat}", bold=True,
                                                 selectable=False,
                                                 label=f"palas of player {seat + 1} (house of {palas.size})")
    for f in view.followers:
        cells[grid_pos(f.square)] = Cell(seat_letter(f.seat, f.role), bg=f"seat-{f.seat}", bold=True,
                                         selectable=False,
                                         label=f"{ROLE_NAMES[f.role]} of player {f.seat + 1}")
    return cells


def wall_cells(view: CastleView, look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """The wall ring: track cells (tens numbered), corner towers, start fields, score markers."""
    layout = view.castle
    cells: dict[Pos, Cell] = {}
    spaces: dict[Square, list[int]] = {}
    for space, sq in enumerate(layout.track):
        spaces.setdefault(sq, []).append(space)
    for sq, held in spaces.items():
        tens = [s for s in held if s % 10 == 0]
        glyph = str(tens[0] // 10) if tens else look.wall
        cells[grid_pos(sq)] = Cell(glyph, bg=GROUND["wall"], fg="board-label", selectable=False,
                                   label=f"wall, track space {'/'.join(map(str, held))}")
    for field in layout.start_fields:
        for j, sq in enumerate(field.cells):
            cells[grid_pos(sq)] = start_field_cell(field, j, look)
    for tower in layout.towers:
        tile = view.towers[tower.index] if tower.index < len(view.towers) else False
        cells[grid_pos(tower.cell)] = Cell(
            look.tower_tile if tile else look.tower_bare, bg=GROUND["wall"], bold=bool(tile),
            selectable=False, label=f"corner tower {tower.spaces[0]}/{tower.spaces[1]}: "
                                    + ("a wall tile lies face down" if tile else "no tile"))
    cells.update(marker_cells(view, look, glyphs))
    return cells


def start_field_cell(field: StartFieldLook, j: int, look: Look) -> Cell:
    if field.kind == "road":
        if j != field.road:
            return Cell(look.wall, bg=GROUND["wall"], fg="board-label", selectable=False,
                        label="road start field (closed half)")
        exits = frozenset("nesw".index(d) for d in field.roads)
        return Cell(look.road(exits, False), bg=GROUND["road"], bold=True, selectable=False,
                    label="road start field")
    if field.kind == "court":
        return Cell(look.market, bg=GROUND["market"], selectable=False,
                    label="courtyard start field with a market")
    glyph = look.tower if field.kind == "tower" else look.house
    return Cell(glyph, bg=GROUND[field.kind], selectable=False, label=f"{field.kind} start field")


def marker_cells(view: CastleView, look: Look, glyphs: GlyphSet) -> dict[Pos, Cell]:
    """Each score marker on the wall cell of its track space (the track wraps at 100)."""
    where: dict[Pos, list[int]] = {}
    track = view.castle.track
    for seat, space in enumerate(view.track_positions):
        where.setdefault(grid_pos(track[space]), []).append(seat)
    cells = {}
    for pos, seats in where.items():
        if len(seats) > 1:
            cells[pos] = Cell(look.both_markers, bg="board-foreground", bold=True, selectable=False,
                              label="both score markers")
        else:
            cells[pos] = Cell(glyphs.seat(seats[0]), bg=f"seat-{seats[0]}", bold=True,
                              selectable=False, label=f"score marker of player {seats[0] + 1}")
    return cells


def flash_squares(view: CastleView, new_card: bool) -> set[Square]:
    """What to light up after a card: the features it completed, and the card itself."""
    lit: set[Square] = set()
    for done in view.completed:
        lit.update(done.squares)
    if new_card and view.laid:
        lit.update(view.laid[-1].squares)
    return lit


def completed_text(view: CastleView) -> Sequence[str]:
    return [f"{'courtyard' if c.kind == 'court' else c.kind} of {c.size}" for c in view.completed]
