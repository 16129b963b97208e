"""The 147 rooms, the special rooms, the 7 throne rooms, the attendants and the 20 bonus cards
(catalog.json; the design choices are listed in its ``_choices``).

Room ids: 0–146 are the normal rooms in catalog order, then one id per special room kind; a castle
may hold several special rooms of one kind, which share the id.

    >>> ROOMS[ROOM_ID["Wine Room"]].type
    'food'
    >>> ROOMS[TOWER].rule_text
    '1 per room below it in its column; nothing may go above it'
"""

from __future__ import annotations

import json
from importlib import resources

import attrs

NORMAL_TYPES = ("food", "living", "utility", "outdoor", "sleeping", "corridor", "downstairs")
SPECIAL_TYPES = ("fountain", "tower", "foyer")
THRONE_TYPE = "throne"
DECORS = ("painting", "torch", "swords", "mirror")
OPEN_TOP = frozenset({"outdoor", "fountain", "tower"})  # nothing may be placed above these
UPSTAIRS_ONLY = frozenset({"food", "living", "utility", "outdoor", "sleeping", "fountain", "tower"})
DOWNSTAIRS_ONLY = frozenset({"downstairs"})
# Throne-room targets as cell offsets from the throne's left cell (0, 0); it also covers (1, 0).
THRONE_SPOTS = {"N": (0, 1), "NE": (1, 1), "S": (0, -1), "SE": (1, -1), "W": (-1, 0), "EE": (2, 0)}
THRONE_CELLS = ((0, 0), (1, 0))
HAND_SIZE = 9
ROUNDS = 2
FOOD_DRAW, CARD_DRAW = 5, 3

_WHERE = {
    "above_below": "directly above or below",
    "left_right": "directly left or right",
    "two_below": "in the two cells below",
}


@attrs.frozen
class Room:
    id: int
    name: str
    type: str
    decor: str | None
    points: int
    where: str  # how it looks for what it wants (see rule_text)
    wants: str  # a room type, 'special', a decoration, or 'variety' (sleeping rooms)
    german: str | None = None

    @property
    def special(self) -> bool:
        return self.type in SPECIAL_TYPES

    @property
    def rule_text(self) -> str:
        return RULE_TEXT[self.id]


def article(word: str) -> str:
    """'an' before a vowel ("an outdoor room"), else 'a'."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def _plural(wants: str) -> str:
    if wants in DECORS:
        return {
            "painting": "room with a painting",
            "torch": "room with a torch",
            "swords": "room with swords",
            "mirror": "room with a mirror",
        }[wants]
    if wants == "special":
        return "special room (the throne room counts once)"
    return "corridor" if wants == "corridor" else f"{wants} room"


def _rule_text(r: Room) -> str:
    p, w = r.points, _plural(r.wants)
    match r.where:
        case "above_below" | "left_right" | "two_below":
            return f"{p} per {w} {_WHERE[r.where]} (at most {2 * p})"
        case "surrounding":
            return f"{p} per {w} among the 8 cells around it"
        case "connected":
            return f"{p} per {w} connected to it through {r.wants if r.wants != 'special' else 'special'} rooms"
        case "anywhere":
            return f"{p} per {w} anywhere in the castle; nothing may go above it"
        case "column_above":
            return f"{p} per {w} above it in its column"
        case "column":
            return f"{p} per {w} in its column, above or below"
        case "castle":
            return "4 if the castle has all 6 other normal room types, else 1"
        case "fountain":
            return "5 points; nothing may go above it"
        case "tower":
            return "1 per room below it in its column; nothing may go above it"
        case "foyer":
            return "1 per room among the 8 cells around it (the throne room counts once)"
    return ""


@attrs.frozen
class Throne:
    id: int
    wants: tuple[tuple[str, str], ...]  # (room type, spot) twice

    @property
    def rule_text(self) -> str:
        a, b = self.wants
        return f"2 each for {article(a[0])} {a[0]} room at {a[1]} and {article(b[0])} {b[0]} room at {b[1]} (at most 4)"


@attrs.frozen
class BonusCard:
    id: int  # 0–19; notation shows id + 1
    key: str
    points: int
    text: str


def _load():
    data = json.loads(resources.files(__package__).joinpath("catalog.json").read_text("utf-8"))
    rooms = [
        Room(i, r["name"], r["type"], r["decor"], r["points"], r["where"], r["wants"], r["german"])
        for i, r in enumerate(data["rooms"])
    ]
    base = len(rooms)
    names = {"fountain": "Fountain", "tower": "Tower", "foyer": "Foyer"}
    for k, kind in enumerate(SPECIAL_TYPES):
        rooms.append(Room(base + k, names[kind], kind, None, 5 if kind == "fountain" else 1, kind, ""))
    thrones = tuple(Throne(i, tuple((w[0], w[1]) for w in t["wants"])) for i, t in enumerate(data["thrones"]))
    cards = tuple(BonusCard(i, c["key"], c["points"], c["text"]) for i, c in enumerate(data["bonus_cards"]))
    attendants = tuple((a, d) for a, d in data["attendants"])
    return (
        tuple(rooms),
        data["specials"],
        thrones,
        cards,
        attendants,
        data["attendant_copies"],
        tuple(data["castle_names"]),
    )


ROOMS, SPECIAL_COPIES, THRONES, BONUS_CARDS, ATTENDANTS, ATTENDANT_COPIES, CASTLE_NAMES = _load()
NORMAL_COUNT = 147
FOUNTAIN, TOWER, FOYER = NORMAL_COUNT, NORMAL_COUNT + 1, NORMAL_COUNT + 2
SPECIAL_ID = {"fountain": FOUNTAIN, "tower": TOWER, "foyer": FOYER}
ROOM_ID = {r.name: r.id for r in ROOMS}
ATTENDANT_DECOR = dict(ATTENDANTS)
ATTENDANT_NAMES = tuple(a for a, _ in ATTENDANTS)
TYPE_OF = tuple(r.type for r in ROOMS)
RULE_TEXT = tuple(_rule_text(r) for r in ROOMS)
DECOR_OF = tuple(r.decor for r in ROOMS)
# The bonus the third room of a normal type brings (downstairs: any other type's bonus).
BONUS_OF_TYPE = {t: t for t in NORMAL_TYPES}
SPECIAL_FOR_BONUS = {"outdoor": FOUNTAIN, "sleeping": TOWER, "corridor": FOYER}


def room_name(room: int) -> str:
    return ROOMS[room].name if 0 <= room < len(ROOMS) else f"room {room}"
