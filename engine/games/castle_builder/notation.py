"""Castle Builder notation. Tiles are named by their number ``#37`` (shown on every tile), places by
level and column, ``3e`` (level 3, column e of the wall; columns are half tiles, a–q).

| move | notation |
|---|---|
| draw 2 tiles | ``draw`` |
| build tile 37 at level 3, column e | ``37@3e`` |
| ... its number raised by 1, paying with tile 12 | ``37@3e+1x12`` |
| ... on the foundation or a ✓ tile, where any number fits (it only costs the tile) | ``37@1c+1x12`` |
| ... lowered by 2 (royal strategy), paying with 12 and 15 | ``37@3e-2x12x15`` |
| discard tile 37 (holder over 7) | ``x37`` |
| take the market coin with the thief | ``coin thief`` |
| the thief robs player 2 | ``rob P2`` |
| catapult (or decay) the tile at 3e of player 2's castle | ``knock P2 3e`` |
| take market tile 37 (mill, peaceful times) | ``take 37`` |
| nothing to draw and nothing fits | ``pass`` |

    >>> parse_action("37@3e+1x12")
    Build(tile=37, level=3, x=4, delta=1, discards=(12,))
    >>> format_action(parse_action(" #37 @ 3E  +1 x 12 "))
    '37@3e+1x12'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.errors import UnreadableMove
from engine.core.readings import Readings
from engine.core.words import joined, says, whom, whose

from .castle import spot_name
from .catalog import COINS, COLUMNS, EFFECTS, PATH, TILES
from .events import (
    BaronMoved,
    CastleTileRemoved,
    CoinTaken,
    EffectResolved,
    GameEnded,
    GameSetUp,
    MarketCleared,
    MarketTileTaken,
    SupplyReshuffled,
    TileBuilt,
    TileDiscarded,
    TilesDrawn,
    TileStolen,
    TurnPassed,
)
from .state import Build, Discard, Draw, Knock, Pass, Steal, TakeCoin, TakeTile

_BUILD = re.compile(r"^#?(\d+)@(\d+)([a-z])(?:([+-]\d+)((?:x#?\d+)+))?$")
_TILE = re.compile(r"^#?(\d+)$")
_SEAT = re.compile(r"^p(\d)$")
HELP = "draw | 37@3e | 37@3e+1x12 | x37 | coin thief | rob P2 | knock P2 3e | take 37 | pass"


def format_action(action: Any) -> str:
    match action:
        case Draw():
            return "draw"
        case Build(tile=t, level=lv, x=x, delta=d, discards=paid):
            change = f"{d:+d}" + "".join(f"x{p}" for p in paid) if d else ""
            return f"{t}@{spot_name(lv, x)}{change}"
        case Discard(tile=t):
            return f"x{t}"
        case TakeCoin(effect=e):
            return f"coin {e}"
        case Steal(victim=v):
            return f"rob P{v + 1}"
        case Knock(owner=o, level=lv, x=x):
            return f"knock P{o + 1} {spot_name(lv, x)}"
        case TakeTile(tile=t):
            return f"take {t}"
        case Pass():
            return "pass"
    raise UnreadableMove("not a Castle Builder move")


def parse_action(text: str) -> Any:
    """Read a move typed by a player; the message says what was expected when it cannot.

    A text means the same in every position and actions are immutable: a reading is kept (a load
    reads every move again)."""
    return _READINGS.read(text, text)


def _parse(text: str) -> Any:
    low = " ".join(text.strip().lower().split())
    if low in ("draw", "d"):
        return Draw()
    if low == "pass":
        return Pass()
    word, _, rest = low.partition(" ")
    if word == "coin" and rest in EFFECTS:
        return TakeCoin(rest)
    if word == "coin":
        raise UnreadableMove(f"coins are: {', '.join(EFFECTS)}")
    if word == "rob" and (m := _SEAT.match(rest)):
        return Steal(int(m.group(1)) - 1)
    if word == "knock":
        seat, _, where = rest.partition(" ")
        m, place = _SEAT.match(seat), _place(where.replace(" ", ""))
        if m and place:
            return Knock(int(m.group(1)) - 1, *place)
    if word == "take" and (m := _TILE.match(rest.replace(" ", ""))):
        return TakeTile(int(m.group(1)))
    compact = low.replace(" ", "")
    if compact.startswith("x") and (m := _TILE.match(compact[1:])):
        return Discard(int(m.group(1)))
    if m := _BUILD.match(compact):
        return _build(m)
    raise UnreadableMove(f"cannot read {text.strip()!r}; moves look like: {HELP}")


def _place(text: str) -> tuple[int, int] | None:
    m = re.match(r"^(\d+)([a-z])$", text)
    if not m or m.group(2) not in COLUMNS:
        return None
    return int(m.group(1)), COLUMNS.index(m.group(2))


def _build(m: re.Match) -> Build:
    if m.group(3) not in COLUMNS:
        raise UnreadableMove(f"columns run from a to {COLUMNS[-1]}")
    paid = tuple(sorted(int(p) for p in re.findall(r"\d+", m.group(5) or "")))
    delta = int(m.group(4)) if m.group(4) else 0
    return Build(int(m.group(1)), int(m.group(2)), COLUMNS.index(m.group(3)), delta, paid)


def tile_text(tile: int) -> str:
    t = TILES[tile]
    return f"#{tile} {t.label} {t.kind}"


def describe(before: Any, ev: Any, names: Sequence[str] = ()) -> str | None:
    """The move-list line: the notation alone for a move (the caller names the mover), a sentence
    naming the seat for a consequence. Tiles entering a hidden holder are never named."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"

    match ev:
        case GameSetUp(start=s):
            return says(who(s), f"starts; barons on spaces 1–{before.players}")
        case TilesDrawn(seat=s, tiles=tiles, reason=reason):
            if reason == "draw":
                return "draw"
            why = "a tile space" if reason == "space" else EFFECTS[reason].title
            return says(who(s), f"gets {len(tiles)} tile{'s' if len(tiles) != 1 else ''} ({why})")
        case TileBuilt(tile=t, level=lv, x=x, delta=d, discards=paid):
            return f"{format_action(Build(t, lv, x, d, paid))}  ({tile_text(t)})"
        case BaronMoved(seat=s, to=to, distance=dist):
            return f"{whose(who(s))} baron moves {dist} to space {to + 1} ({PATH[to]})"
        case CoinTaken(seat=s, coin=c, chosen=chosen):
            return f"coin {COINS[c]}" if chosen else says(who(s), f"takes the {EFFECTS[COINS[c]].title} coin")
        case EffectResolved(effect=e, seats=seats):
            return _effect_line(e, seats, who)
        case TileDiscarded(seat=s, tile=t, reason=reason):
            return f"x{t}" if reason == "limit" else f"the bitter lady discards {tile_text(t)} from {whom(who(s))}"
        case TileStolen(seat=s, victim=v, chosen=chosen):
            return f"rob P{v + 1}" if chosen else says(who(s), f"steals a tile from {whom(who(v))}")
        case CastleTileRemoved(owner=o, by=b, level=lv, x=x, tile=t, chosen=chosen):
            move = f"knock P{o + 1} {spot_name(lv, x)}"
            return move if chosen else f"{who(b)}: {move} ({tile_text(t)})"
        case MarketCleared():
            return "the mill clears the market"
        case MarketTileTaken(seat=s, tile=t, chosen=chosen):
            return f"take {t}" if chosen else says(who(s), f"takes {tile_text(t)} from the market")
        case SupplyReshuffled():
            return "the discard pile becomes the new supply"
        case TurnPassed():
            return "pass"
        case GameEnded(winners=w, reason=reason):
            return says(joined([who(s) for s in w]), "wins") + _END_NOTE.get(reason, "")
    return None


_END_NOTE = {
    "stalled": " (nobody could move)",
    "deadlocked": " (no tile left fits any castle: nobody can build again)",
    "exhausted": " (the supply ran dry a third time)",
}


def _effect_line(effect: str, seats: tuple[int, ...], who) -> str:
    title = EFFECTS[effect].title
    if effect in ("tower", "persons", "windows", "roofs", "monk"):
        return f"{title}: " + (says(joined([who(s) for s in seats]), "gets tiles") if seats else "nobody gets tiles")
    if effect in ("thief", "lady", "catapult", "decay") and not seats:
        return f"{title}: nothing to take"
    return title


_READINGS = Readings(_parse)  # see engine.core.readings
