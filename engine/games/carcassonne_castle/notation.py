"""Move notation: ``<square of half a><direction of half b>[ <follower>][ +<tiles>]``.

    E5e          the card with half a on E5, half b to the east (on F5)
    E5e K        ... and a knight on its tower
    C3s Hn +13   ... a herald on the road leaving the card northward; wall tiles 1 and 3 played

Columns A–L run west to east, rows 1–14 north to south. Follower letters: H herald (road),
K knight (tower), S squire (house), M merchant (courtyard). A herald names the road by the side
(n, e, s, w) it leaves the card through, because one card may carry several roads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.errors import UnreadableMove
from engine.core.words import joined, says, whose

from .board import Placement, road_label
from .catalog import CASTLE, DIRS, ROLE_NAMES, TILE_NAMES
from .events import (
    CardDrawn,
    CardPlaced,
    CardRemoved,
    CastleSetUp,
    CourtyardScored,
    FeatureCompleted,
    GameEnded,
    PalasBuilt,
    PalasScored,
    WallCleared,
    WallTileScored,
    WallTileTaken,
)
from .placing import canonical
from .state import CastleState, PlaceCard

COLUMNS = "ABCDEFGHIJKL"
_PLACE = re.compile(r"^([A-La-l])(\d{1,2})([NESWnesw])$")
_ROLE = re.compile(r"^([HKSMhksm])([NESWnesw]?)$")
_TILES = re.compile(r"^\+([1-3]+)$")
KIND_NAMES = {"road": "road", "tower": "tower", "house": "house", "court": "courtyard"}


def square_name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def format_action(action: PlaceCard) -> str:
    text = f"{square_name(action.x, action.y)}{action.facing}"
    if action.role:
        text += f" {action.role}{action.side}"
    if action.tiles:
        text += " +" + "".join(str(t) for t in action.tiles)
    return text


def parse_action(text: str) -> PlaceCard:
    tokens = text.split()
    if not tokens:
        raise UnreadableMove("type a square and a direction, e.g. E5e (half b east of E5)")
    m = _PLACE.match(tokens[0])
    if not m:
        raise UnreadableMove(
            f"{tokens[0]!r} is not a card position: a square A1–L14 and a direction n, e, s or w, e.g. E5e"
        )
    x, y, facing = COLUMNS.index(m[1].upper()), int(m[2]) - 1, m[3].lower()
    if not (0 <= y < CASTLE.height):
        raise UnreadableMove(f"row {y + 1} is outside the castle (rows 1–{CASTLE.height})")
    role = side = ""
    tiles: tuple[int, ...] = ()
    for tok in tokens[1:]:
        if (t := _TILES.match(tok)) is not None:
            tiles = tuple(sorted(int(c) for c in t[1]))
            if len(set(tiles)) != len(tiles):
                raise UnreadableMove("play each kind of wall tile at most once per turn")
        elif (r := _ROLE.match(tok)) is not None and not role:
            role, side = r[1].upper(), r[2].lower()
        else:
            raise UnreadableMove(
                f"{tok!r} is neither a follower (H, K, S, M; a herald with a side, e.g. Hn) nor wall tiles (e.g. +13)"
            )
    return PlaceCard(x, y, facing, role, side, tiles)


def _count(n: int, noun: str) -> str:
    """``1 market``, ``3 markets``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def describe(before: CastleState, ev: Any, names: Sequence[str] = ()) -> str | None:
    """The move-list text; the card's notation alone for the move itself (the caller names the mover)."""

    def _seat(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    match ev:
        case CardPlaced():
            side = ""
            if ev.role == "H":
                listed = canonical(Placement(ev.card, ev.x, ev.y, DIRS.index(ev.facing)))  # the segment's form
                side = DIRS[road_label(listed, ev.segment)]
            move = format_action(PlaceCard(ev.x, ev.y, ev.facing, ev.role, side, ev.tiles))
            who = f" with a {ROLE_NAMES[ev.role]}" if ev.role else ""
            return f"{move}{who}"
        case CardRemoved():
            return f"{whose(_seat(ev.seat))} card fits nowhere and leaves the game"
        case FeatureCompleted():
            size = len(ev.cards) + len(ev.start_fields)
            gain = says(_seat(ev.winner), f"scores {ev.points}") if ev.winner >= 0 else "nobody scores"
            extra = " (doubled by a wall tile)" if ev.doubled else ""
            return f"{KIND_NAMES[ev.kind].capitalize()} of {size} completed: {gain}{extra}"
        case WallTileTaken():
            return says(_seat(ev.seat), f"takes wall tile {ev.tile} ({TILE_NAMES[ev.tile]})")
        case PalasBuilt():
            return f"{whose(_seat(ev.seat))} palas stands on a house of {ev.size}"
        case WallCleared():
            return "The last card is laid: final scoring"
        case PalasScored():
            if ev.seat >= 0:
                return f"Largest palas: {says(_seat(ev.seat), f'scores {ev.points}')}"
            return f"Largest palas: {'a tie' if any(ev.sizes) else 'no palas'}, nobody scores"
        case CourtyardScored():
            return f"Courtyard with {_count(ev.markets, 'market')}: {says(_seat(ev.seat), f'scores {ev.points}')}"
        case WallTileScored():
            return says(_seat(ev.seat), f"plays wall tile {ev.tile}: {_count(ev.points, 'point')}")
        case GameEnded():
            return game_over(ev.scores, [_seat(w) for w in ev.winners])
        case CardDrawn() | CastleSetUp():
            return None
    return None


def game_over(scores: Sequence[int], winners: Sequence[str]) -> str:
    """``Game over: Adalbert wins 44–17.``: the one form of the move list, the board and the
    transcript (the scores from the highest down)."""
    score = "–".join(str(v) for v in sorted(scores, reverse=True))
    return f"Game over: {says(joined(list(winners)), 'wins')} {score}."
