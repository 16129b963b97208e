"""The castle as grid cells, from a view: the wall with its track (track.py), then every laid
card, palas and follower, drawn for the grid's scale. Nothing here is selectable; the board adds
the squares where the drawn card may lie and the card under the cursor."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.carcassonne_castle import ROLE_NAMES, CastleLayout, CastleView
from themes import GlyphSet

from ...widgets.grid import Cell
from .big import figure_big, half_big
from .look import GROUND, Look, Pos, Square, card_frames, grid_pos, half_cell, restyle, seat_letter
from .track import wall_cells


def square_name(layout: CastleLayout, square: Square) -> str:
    """``E5``: the column letter and the row number, as the notation writes squares."""
    return f"{layout.columns[square[0]]}{square[1] + 1}"


def castle_cells(
    view: CastleView, look: Look, glyphs: GlyphSet, scale: int = 1, names: Sequence[str] = (), lit: Sequence[int] = ()
) -> dict[Pos, Cell]:
    """Everything lying on the table, with no preview and nothing selectable, drawn for the
    grid's ``scale``; the last card of each seat in ``lit`` stays in that seat's colour."""
    layout = view.castle
    cells = {
        grid_pos(sq): Cell(
            look.empty, bg=GROUND["empty"], fg="board-label", selectable=False, label=f"{square_name(layout, sq)}, free"
        )
        for sq in layout.interior
    }
    cells.update(wall_cells(view, look, glyphs, scale, names))
    last = last_cards(view, lit)
    for index, card in enumerate(view.laid):
        seat = last.get(index)
        for half, sq in zip(card.halves, card.squares):
            cell = half_cell(half, look, big=half_big(half, look, scale) if scale > 1 else "")
            if seat is not None:
                who = names[seat] if seat < len(names) else f"player {seat + 1}"
                cell = restyle(cell, bg=f"seat-{seat}", bold=True, label=f"{cell.label} ({who}'s last card)")
            cells[grid_pos(sq)] = cell
    for seat, palas in enumerate(view.palas):
        if palas is not None and palas.square[0] >= 0:
            cells[grid_pos(palas.square)] = Cell(
                seat_letter(seat, "P"),
                bg=f"seat-{seat}",
                bold=True,
                selectable=False,
                big=figure_big(seat_letter(seat, "P"), "palas", scale) if scale > 1 else "",
                label=f"palas of player {seat + 1} (house of {palas.size})",
            )
    for f in view.followers:
        letter = seat_letter(f.seat, f.role)
        cells[grid_pos(f.square)] = Cell(
            letter,
            bg=f"seat-{f.seat}",
            bold=True,
            selectable=False,
            big=figure_big(letter, ROLE_NAMES[f.role], scale) if scale > 1 else "",
            label=f"{ROLE_NAMES[f.role]} of player {f.seat + 1}",
        )
    for card in view.laid:  # last: a follower or palas on a card keeps the card's edges
        for sq, frame in card_frames(card.squares, look, scale).items():
            cells[grid_pos(sq)] = restyle(cells[grid_pos(sq)], frame=frame)
    return cells


def last_cards(view: CastleView, seats: Sequence[int]) -> dict[int, int]:
    """The index in ``view.laid`` of the last card each of ``seats`` laid -> that seat."""
    out: dict[int, int] = {}
    for seat in seats:
        index = max((i for i, s in enumerate(view.laid_by) if s == seat), default=None)
        if index is not None:
            out[index] = seat
    return out


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
