"""How Palais Royal is drawn: the castle's nine rooms and the park's 36 spaces as grid cells, and
the short texts around them (the step bar, the row standings, what the cursor is on).

The castle grid gives each room a block of three cells wide, two high::

    Mu ●2 ●0        room code   seat 1   seat 2
    ●+ ●1 ●3        majority    seat 3   seat 4

with an empty column and row between rooms. The park grid has one cell per space: a noble shows
``6g 4p`` (its gold after the discount for free neighbours, and its points; its seals and benefit
are in the line under the board while the cursor is on it), a freed border space the servant
standing on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from rich.text import Text

from engine.games.palais_royal import (
    BENEFITS,
    BONUS_ROOMS,
    PRIVILEGES,
    STEP_NAMES,
    PalaisView,
)
from themes import GlyphSet

from ...widgets.grid import Cell, resolve_colour
from ...widgets.names import fit_name

Pos = tuple[int, int]

ROOM_BLOCK = 4  # grid columns per castle column: code/majority, two seat cells, a gap
ROOM_ROWS = 3  # grid rows per castle row: two lines and a gap
CASTLE_COLUMNS = 3 * ROOM_BLOCK - 1
CASTLE_ROWS = 3 * ROOM_ROWS - 1
SIDE = 6
PARK_COLUMNS = "abcdef"
STEP_LABELS = ("Fav", "1 Gate", "2 Moves", "3 Rooms", "4 Nobles", "5 Cards", "End")
SETUP_PLACEMENTS = 5
# The benefits in a few words, for the line under the board (the rules page has them in full).
SHORT_BENEFITS = MappingProxyType(
    {
        "gate2": "+2 servants onto the Gate every turn",
        "moves2": "+2 moves every turn",
        "diagonal": "servants also move diagonally",
        "gold2": "+2 gold at the Mint every turn",
        "king1": "+1 servant to the King every turn",
        "madame1": "+1 servant to Madame every turn",
        "cards3": "draws 3 more cards at the Back Door",
        "servants1": "once: +1 servant to your supply",
        "servants3": "once: +3 servants to your supply",
    }
)
# Drawn between the two park spaces each decoration parts (catalog.json has where they stand).
DECORATION_LETTERS = MappingProxyType({"lion": "L", "statue": "S", "fountain": "F", "vase": "V"})
SIDE_NAMES = MappingProxyType({"top": "top", "right": "right", "bottom": "bottom", "left": "left"})


def room_pos(square: int) -> Pos:
    """The grid position of a room's code cell (castle squares 0..8 row by row)."""
    row, col = divmod(square, 3)
    return col * ROOM_BLOCK, row * ROOM_ROWS


def count_pos(square: int, seat: int) -> Pos:
    x, y = room_pos(square)
    return x + 1 + seat % 2, y + seat // 2


def space_pos(space: int) -> Pos:
    return space % SIDE, space // SIDE


def short_name(name: str) -> str:
    """The first word, at most 10 letters (``Conrad`` for Conrad von Hohenstaufen; a longer
    word ends in "…")."""
    return fit_name((name.split() or [name])[0], 10)


def seat_count(glyphs: GlyphSet, seat: int, count: int) -> str:
    return f"{glyphs.seat(seat)}{count}"


def castle_cells(view: PalaisView, glyphs: GlyphSet, me: int | None, names: Sequence[str]) -> dict[Pos, Cell]:
    cells: dict[Pos, Cell] = {}
    for room in view.rooms:
        x, y = room_pos(room.square)
        german = f" ({room.german})" if room.german != room.name else ""
        label = f"{room.code} {room.name}{german}: " + ", ".join(
            f"{short_name(names[s])} {n}" for s, n in enumerate(room.servants)
        )
        if room.room in BONUS_ROOMS:
            label += f"; most: {short_name(names[room.majority]) if room.majority >= 0 else 'nobody'}"
        cells[(x, y)] = Cell(
            room.code,
            bg="board-cell-alt" if room.square % 2 else "board-cell",
            bold=True,
            label=label,
            key=("room", room.room),
        )
        cells[(x, y + 1)] = holder_cell(room, glyphs)
        for seat in range(4):
            pos = count_pos(room.square, seat)
            if seat >= view.players:
                cells[pos] = Cell("", bg="board-background", selectable=False)
                continue
            n = room.servants[seat]
            cells[pos] = Cell(
                seat_count(glyphs, seat, n), bg=f"seat-{seat}", bold=seat == me and n > 0, dim=n == 0, selectable=False
            )
    return cells


def holder_cell(room: Any, glyphs: GlyphSet) -> Cell:
    """Under the room's code: who holds the majority there (bonus rooms only)."""
    if room.room not in BONUS_ROOMS:
        return Cell("", bg="board-background", selectable=False)
    if room.majority < 0:
        return Cell("-", bg="board-muted", dim=True, selectable=False)
    return Cell(glyphs.seat(room.majority) + "+", bg=f"seat-{room.majority}", bold=True, selectable=False)


def space_name(space: int) -> str:
    col, row = space_pos(space)
    return f"{PARK_COLUMNS[col]}{row + 1}"


def decoration_letter(name: str) -> str:
    return DECORATION_LETTERS.get(name, name[:1].upper())


def decoration_edges(view: PalaisView) -> tuple[dict[Pos, str], set[Pos]]:
    """Where the park's decorations are drawn (letters, the same in every theme and in ASCII):
    between two spaces side by side, in the left one's right margin; between two spaces one above
    the other (the park has no line between its rows), in the upper one's left margin, with a line
    under it. Gives the margins per space and the spaces with a line under them."""
    edges: dict[Pos, list[str]] = {}
    walls: set[Pos] = set()
    for decoration in view.decorations:
        first, second = sorted(decoration.between)
        (x1, y1), (_, y2) = space_pos(first), space_pos(second)
        edges.setdefault((x1, y1), [" ", " "])[1 if y1 == y2 else 0] = decoration_letter(decoration.name)
        if y1 != y2:
            walls.add((x1, y1))
    return {pos: "".join(pair) for pos, pair in edges.items()}, walls


def decoration_notes(view: PalaisView, space: int) -> str:
    """`` · not beside a2 (lion), b3 (statue)``: the neighbours a decoration parts from ``space``
    (its discount skips them), for the line under the board."""
    parted = [
        f"{space_name(next(s for s in d.between if s != space))} ({d.name})"
        for d in view.decorations
        if space in d.between
    ]
    return f" · not beside {', '.join(parted)}" if parted else ""


def decorations_line(view: PalaisView) -> str:
    """Every decoration by position, for a board wide enough to give it a line of its own."""
    groups: dict[str, list[str]] = {}
    for decoration in view.decorations:
        first, second = sorted(decoration.between)
        groups.setdefault(decoration.name, []).append(f"{space_name(first)}|{space_name(second)}")
    parts = [f"{decoration_letter(name)} {name}s {' '.join(where)}" for name, where in groups.items()]
    return "Not neighbours: " + " · ".join(parts) if parts else ""


def park_cells(view: PalaisView, glyphs: GlyphSet) -> dict[Pos, Cell]:
    cells: dict[Pos, Cell] = {}
    edges, walls = decoration_edges(view)
    for sp in view.park:
        pos = space_pos(sp.space)
        edge, wall, notes = edges.get(pos, ""), pos in walls, decoration_notes(view, sp.space)
        double = "x2" if sp.double else ""
        if sp.noble is not None:
            n = sp.noble
            text = f"{sp.cost}g{n.points:>2}p"
            bg = "board-throne" if n.benefit else ("board-cell-alt" if sp.border else "board-cell")
            cells[pos] = Cell(
                text,
                bg=bg,
                bold=bool(n.benefit),
                key=("space", sp.space),
                label=noble_text(sp) + notes,
                # Scaled up there is room to part the gold from the points ("8g10p" ran together).
                big=f"{sp.cost}g · {plural(n.points, 'pt')}\n{n.name.split()[-1][:12]}",
                frame=(edge[0], edge[1]) if edge else ("", ""),
                wall_below=wall,
            )
        elif sp.servant >= 0:
            cells[pos] = Cell(
                f"{glyphs.seat(sp.servant)}{double}",
                bg=f"seat-{sp.servant}",
                bold=True,
                key=("space", sp.space),
                label=f"{sp.name}: a servant stays here{_double(sp)}{notes}",
                frame=(edge[0], edge[1]) if edge else ("", ""),
                wall_below=wall,
            )
        else:
            cells[pos] = Cell(
                double or glyphs.empty,
                bg="board-muted",
                dim=True,
                key=("space", sp.space),
                label=f"{sp.name}: free{_double(sp)}{notes}",
                frame=(edge[0], edge[1]) if edge else ("", ""),
                wall_below=wall,
            )
    return cells


def _double(sp: Any) -> str:
    return " (counts double in its row)" if sp.double else ""


def noble_text(sp: Any) -> str:
    """``c4 Duc d'Anjou: 3 gold (6 − 3 free), K1 M1, 6 pts; benefit``. The gold off is at most
    the price ("0 gold (3 − 4 free)" did not add up)."""
    n = sp.noble
    off = min(sp.free_neighbours, n.gold)
    gold = f"{sp.cost} gold" + (f" ({n.gold} − {off} free)" if off else "")
    seals = " ".join(p for p in (f"K{n.king}" if n.king else "", f"M{n.madame}" if n.madame else "") if p)
    benefit = SHORT_BENEFITS.get(n.benefit, BENEFITS.get(n.benefit, "")) if n.benefit else "points only, face down"
    border = ", border" if sp.border else ""  # (leaves a servant when recruited)
    return (
        f"{sp.name}{_double(sp) and ' x2'} {n.name}: {gold}{', ' + seals if seals else ''}, "
        f"{n.points} {'pt' if n.points == 1 else 'pts'}{border} - {benefit}"
    )


def card_name(card: int) -> str:
    return PRIVILEGES[card].name


def card_code(card: int) -> str:
    return PRIVILEGES[card].code


def card_text(card: int) -> str:
    p = PRIVILEGES[card]
    return f"{p.name} ({p.code}, {p.price} gold): {p.text}"


def chip(variables: dict[str, str], seat: int, text: str) -> Text:
    colour = resolve_colour(variables, f"seat-{seat}")
    return Text(text, style=f"bold {colour.get_contrast_text(1.0).hex} on {colour.hex}")


def step_bar(
    view: PalaisView, names: Sequence[str], glyphs: GlyphSet, variables: dict[str, str], width: int = 0
) -> Text:
    """``Set-up: You, servant 3 of 5`` or the steps of the turn, the current one lit; where the
    whole bar is wider than ``width`` the other steps show their numbers alone (``1 2 3 Rooms 4 5``)."""
    line = _step_bar(view, names, glyphs, variables, short=False)
    if width and line.cell_len > width and view.turn is not None and not view.over:
        line = _step_bar(view, names, glyphs, variables, short=True)
    return line


def _step_bar(view: PalaisView, names: Sequence[str], glyphs: GlyphSet, variables: dict[str, str], short: bool) -> Text:
    if view.over:
        return Text("Game over", style="bold")
    if not view.rooms:
        return Text("The table is not set up yet", style="bold")
    if view.turn is None:
        return Text.assemble(
            ("Set-up: ", "bold"), f"{names[view.to_move]}, servant {view.placed + 1} of {SETUP_PLACEMENTS}"
        )
    turn = view.turn
    line = chip(variables, turn.seat, glyphs.seat(turn.seat))
    for step, label in enumerate(STEP_LABELS):
        if step in (0, 6) and (turn.step != step or (step == 0 and not may_hold_favour(view, turn.seat))):
            continue
        line.append(" ")
        if step == turn.step:
            line.append_text(chip(variables, turn.seat, f" {label} "))
        else:
            line.append(label.split()[0] if short else label, style="dim" if step < turn.step else "")
    return line


def may_hold_favour(view: PalaisView, seat: int) -> bool:
    """Whether ``seat`` may hold the Royal Favour as far as this view tells: yours, by your hand;
    another player's, by whether they hold any card. (A turn begins before the Favour's step and
    passes over it at once without one: a replay stopped there showed "Fav" for an empty hand.)"""
    if seat == view.seat:
        return any(PRIVILEGES[card].code == "Fav" for card in view.my_hand)
    return view.players_[seat].hand > 0


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def step_detail(view: PalaisView) -> str:
    """What is left of the current step."""
    turn = view.turn
    if turn is None:
        return "any room; 5 each, player by player" if view.rooms and not view.over else ""
    s = turn.step
    if s == 0:
        return "before action 1: play the Royal Favour?"
    if s == 1:
        left = "any number of servants" if turn.gate_left < 0 else plural(turn.gate_left, "servant")
        return f"{left} may come onto the Gate"
    if s == 2:
        return f"{plural(turn.moves_left, 'move')} left"
    if s == 3:
        parts = (
            []
            if turn.minted
            else [f"Mint pays {turn.mint_gold} gold" if turn.mint_gold else "Mint pays nothing" + mint_empty(view)]
        )
        if turn.king_left:
            parts.append(f"King +{turn.king_left}")
        if turn.madame_left:
            parts.append(f"Madame +{turn.madame_left}")
        return " · ".join(parts) or "nothing left here"  # (short: the board's column is 47 wide at 80x24)
    if s == 4:
        wild = f" +{turn.wild_seals} borrowed" if turn.wild_seals else ""
        return f"{plural(turn.recruits, 'recruit')}, seals K{turn.king_seals} M{turn.madame_seals}{wild}"
    if s == 5:
        if not turn.drew:
            return f"{plural(turn.draw_count, 'card')} to draw at the Back Door"
        return f"{turn.drawn} drawn: keep some, next discards the rest"
    return "cards playable any time, then the next player"


def mint_empty(view: PalaisView) -> str:
    """Why the Mint pays nothing now: an empty bank, or no servant of the turn's player there."""
    if view.bank == 0:
        return " (the bank is empty)"
    mint = next((r for r in view.rooms if r.code == "Mu"), None)
    if mint is not None and view.turn is not None and not mint.servants[view.turn.seat]:
        return " (no servant of yours there)"
    return ""


def row_line(view: PalaisView, glyphs: GlyphSet, variables: dict[str, str], hint: bool) -> Text:
    """Who the border rows would pay now: ``rows T:●6 ▲2 R:- B:■6 L:-``."""
    line = Text("rows", style="dim")
    for row in view.rows:
        line.append(f" {SIDE_NAMES.get(row.side, row.side)[0].upper()}:", style="bold")
        paid = sorted(((p, s) for s, p in enumerate(row.points) if p), reverse=True)
        if not paid:
            line.append("-", style="dim")
        for i, (points, seat) in enumerate(paid):
            line.append(" " if i else "")
            line.append_text(chip(variables, seat, f"{glyphs.seat(seat)}{points}"))
    if hint and len(line) <= 28:
        line.append("  tab: castle/park", style="dim")
    return line


# Three lines of the board's column at 80x24 (46 wide), wrapped at words.
LEGEND = (
    "park: gold to pay, points · bold: a benefit · x2: counts double in its row · ●+: majority"
    " · L S F V: lion, statue, fountain, vase"
)


def step_name(step: int) -> str:
    return STEP_NAMES[step]
