"""The rules page's castle map is drawn from the castle itself (issue 9 item 15: its column letters
stood one column west of their squares)."""

from __future__ import annotations

from importlib import resources

from engine.games.carcassonne_castle.view import LAYOUT


def drawn_map() -> list[str]:
    interior, towers = set(LAYOUT.interior), {t.cell for t in LAYOUT.towers}
    track = set(LAYOUT.track)
    fields = {}
    for f in LAYOUT.start_fields:
        for j, cell in enumerate(f.cells):
            fields[cell] = {"road": "R" if j == f.road else "=", "tower": "T", "house": "H", "court": "M"}[f.kind]
    lines = ["      " + " ".join(LAYOUT.columns)]
    for y in range(-1, LAYOUT.height + 1):
        row = " ".join(
            "."
            if (x, y) in interior
            else fields.get((x, y)) or ("O" if (x, y) in towers else "#" if (x, y) in track else " ")
            for x in range(-1, LAYOUT.width + 1)
        )
        label = f"{y + 1:>3} " if 0 <= y < LAYOUT.height else "    "
        lines.append((label + row).rstrip())
    return lines


def test_the_map_on_the_rules_page_matches_the_castle_letter_for_letter():
    page = resources.files("engine.games.carcassonne_castle").joinpath("rules.md").read_text()
    block = page.split("```\n", 2)[1].split("```")[0].rstrip("\n").split("\n")
    assert block == drawn_map()


def test_column_a_stands_over_the_first_castle_square():
    header, row_4 = drawn_map()[0], drawn_map()[5]
    assert row_4.startswith("  4 #") and row_4[header.index("A")] == "."
