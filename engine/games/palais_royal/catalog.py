"""The components of Palais Royal: the nine castle rooms, the park, the 42 nobles, the privilege cards.

What the rulebook does not print is a design choice marked in catalog.json and nobles.csv and
listed on the rules page.

Park spaces are numbered 0..35 row by row, row 0 at the top; castle squares 0..8 the same way.

    >>> NOBLES[0].points, NOBLES[0].gold, NOBLES[0].king, NOBLES[0].madame
    (6, 6, 1, 1)
    >>> space_name(0), space_name(35)
    ('a1', 'f6')
"""

from __future__ import annotations

import csv
import json
from importlib import resources

import attrs

SIDE = 6  # the park is 6 x 6
SPACES = SIDE * SIDE
NOBLE_COUNT = 42
IN_PARK = 36
SERVANTS = 25  # per colour
TO_PLAYER = 18  # the other 7 form the general supply
# 33 gold pieces, 12 worth 3 and 21 worth 1: 57 gold. Rules version 1 counted the pieces as 33 gold
# (GOLD_V1); a file saved under it keeps that bank (issue 26).
GOLD = 12 * 3 + 21 * 1
GOLD_V1 = 33
BANK_OF_57 = 2  # the rules version that counts 57 gold
START_TREPPENHAUS, START_EHRENHOF, SETUP_PLACEMENTS = 3, 2, 5
END_NOBLES = 12  # the last round starts when the start player finds this many or fewer in the park
# Bergfried's safeguard, not the rulebook's: after this many whole rounds without a noble recruited,
# the last round begins (a position where nobody can recruit any more would never end).
STALL_ROUNDS = 10
HAND_POINTS_CAP = 6  # unplayed cards score 1 each, at most 6
FIRST, SECOND = 6, 2  # points for a park row

# Rooms, by their index in ROOMS.
TOR, EHRENHOF, TREPPENHAUS, MUENZEREI, KOENIG, MADAME, SCHREIBSTUBE, HINTEREINGANG, KARDINAL = range(9)
# Rooms where the most servants earn a bonus (the Tor, Kardinal, Schreibstube and Hintereingang have none).
BONUS_ROOMS = frozenset({EHRENHOF, TREPPENHAUS, MUENZEREI, KOENIG, MADAME})

# Steps of a turn: 0 before action 1 (only the Royal Favour), 1–5 the rulebook's actions, 6 the end
# of the turn (cards that may be played any time, once everything else is done).
BEFORE, SUPPLY, MOVES, ROOMS_STEP, RECRUIT, CARDS, END = range(7)
# In the step bar's words ("next (after action 1, Gate)"): "1 supply" read as one supply.
STEP_NAMES = (
    "before action 1",
    "action 1, Gate",
    "action 2, Moves",
    "action 3, Rooms",
    "action 4, Nobles",
    "action 5, Cards",
    "end of turn",
)


@attrs.frozen
class Room:
    code: str
    name: str
    german: str


@attrs.frozen
class Noble:
    index: int
    name: str
    gold: int
    king: int  # turquoise seals
    madame: int  # violet seals
    points: int
    benefit: str  # "" for points only
    published: bool

    @property
    def face_down(self) -> bool:
        """Points-only nobles, and the once-only servant nobles after use, lie face down."""
        return self.benefit in ("", "servants1", "servants3")


@attrs.frozen
class Privilege:
    index: int
    code: str
    name: str
    price: int
    timing: str  # before, supply, moves, recruit, any
    text: str


@attrs.frozen
class Row:
    key: str
    name: str
    side: str
    spaces: tuple[int, ...]


def _data() -> dict:
    return json.loads(resources.files(__package__).joinpath("catalog.json").read_text("utf-8"))


def _nobles() -> tuple[Noble, ...]:
    text = resources.files(__package__).joinpath("nobles.csv").read_text("utf-8")
    return tuple(
        Noble(
            i,
            r["name"],
            int(r["gold"]),
            int(r["king"]),
            int(r["madame"]),
            int(r["points"]),
            r["benefit"],
            r["published"] == "yes",
        )
        for i, r in enumerate(csv.DictReader(text.splitlines()))
    )


def _space(rc: list[int]) -> int:
    return rc[0] * SIDE + rc[1]


def _row_spaces(side: str) -> tuple[int, ...]:
    last = SIDE - 1
    cells = {
        "top": [(0, c) for c in range(SIDE)],
        "bottom": [(last, c) for c in range(SIDE)],
        "left": [(r, 0) for r in range(SIDE)],
        "right": [(r, last) for r in range(SIDE)],
    }[side]
    return tuple(r * SIDE + c for r, c in cells)


_DATA = _data()
ROOMS = tuple(Room(**r) for r in _DATA["rooms"])
ROOM_CODES = tuple(r.code for r in ROOMS)
FIRST_GAME_LAYOUT = tuple(ROOM_CODES.index(c) for c in _DATA["first_game_layout"])
NOBLES = _nobles()
PRIVILEGES = tuple(Privilege(i, **p) for i, p in enumerate(_DATA["privileges"]))
PRIVILEGE_CODES = tuple(p.code for p in PRIVILEGES)
FAVOUR, OPEN_GATES, RECEPTION, STAIRS5, STAIRS9, SEALS, PENSION, HONOUR2, HONOUR4 = range(9)
HONOUR_POINTS = {HONOUR2: 2, HONOUR4: 4}
COPIES = 4
BENEFITS: dict[str, str] = _DATA["benefits"]
ROWS = tuple(Row(r["key"], r["name"], r["side"], _row_spaces(r["side"])) for r in _DATA["rows"])
DOUBLE_SPACES = frozenset(_space(rc) for rc in _DATA["double_spaces"])
BORDER = frozenset(s for row in ROWS for s in row.spaces)
DECORATIONS = tuple((d["name"], _space(d["between"][0]), _space(d["between"][1])) for d in _DATA["decorations"])
_BLOCKED = frozenset(frozenset((a, b)) for _, a, b in DECORATIONS)


def _neighbours(space: int) -> tuple[int, ...]:
    r, c = divmod(space, SIDE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            if (dr or dc) and 0 <= rr < SIDE and 0 <= cc < SIDE:
                other = rr * SIDE + cc
                if frozenset((space, other)) not in _BLOCKED:
                    out.append(other)
    return tuple(out)


# The spaces that count as adjacent to each space for the gold discount (decorations removed).
ADJACENT = tuple(_neighbours(s) for s in range(SPACES))


def _castle_neighbours(square: int, diagonal: bool) -> tuple[int, ...]:
    r, c = divmod(square, 3)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    return tuple((r + dr) * 3 + c + dc for dr, dc in steps if 0 <= r + dr < 3 and 0 <= c + dc < 3)


# Castle squares next to each square: orthogonally, and with diagonals (a noble's benefit).
CASTLE_STEPS = {
    False: tuple(_castle_neighbours(q, False) for q in range(9)),
    True: tuple(_castle_neighbours(q, True) for q in range(9)),
}


SPACE_NAMES = tuple(f"{'abcdef'[s % SIDE]}{s // SIDE + 1}" for s in range(SPACES))


def space_name(space: int) -> str:
    """Columns a–f from left to right, rows 1–6 from top to bottom: ``a1`` is the top left corner."""
    return SPACE_NAMES[space]


def parse_space(text: str) -> int | None:
    t = text.strip().lower()
    if len(t) == 2 and t[0] in "abcdef" and t[1] in "123456":
        return (int(t[1]) - 1) * SIDE + "abcdef".index(t[0])
    return None


def room_code(room: int) -> str:
    return ROOM_CODES[room]


_ROOM_NAMES = {name.lower(): i for i, r in enumerate(ROOMS) for name in (r.code, r.german, r.name)}


def room_of_code(text: str) -> int | None:
    """A room by its code, German or English name, in any case."""
    return _ROOM_NAMES.get(text.strip().lower())


def privilege_of_code(text: str) -> int | None:
    low = text.strip().lower()
    for p in PRIVILEGES:
        if low in (p.code.lower(), p.name.lower()):
            return p.index
    return None
