"""What one seat may see of a Castle Builder position: every castle, the path, the market, the
discard pile and the coins won are public; the holder only to its owner (the others see how many
tiles it holds); the supply and the coin pile to nobody.

Everything a screen needs to draw a castle as a brick wall is here: each tile's place (level, x),
its printed numbers, edges and symbols, and the open places with the number each needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import attrs

from .castle import count, free_tiles, height, open_spots, spot_name
from .catalog import COINS, COLUMNS, EFFECTS, GROUND_PLACES, HOLDER_LIMIT, PATH, TILES
from .state import EMPTY, CastleBuilderState, to_act


@attrs.frozen
class TileFace:
    """A tile as printed. ``lower`` is None for a check mark; edges read left half, right half."""

    id: int
    kind: str
    label: str  # "12", "11/1", "✓/3", "✓"
    lower: int | None
    upper: int
    bottom: str
    top: str
    windows: int
    roofs: int
    persons: int
    rubies: int
    castle: bool  # may not start a new level
    check: bool
    royal: bool


@attrs.frozen
class PlacedTile:
    level: int  # 1 is the ground
    x: int  # half tiles from the foundation's left end; the tile covers x .. x+2
    spot: str  # "3e"
    tile: TileFace
    free: bool  # nothing built on it


@attrs.frozen
class OpenSpot:
    level: int
    x: int
    spot: str
    need: int | None  # the number a tile here needs; None on the foundation (any)


@attrs.frozen
class CastleView:
    owner: int
    tiles: tuple[PlacedTile, ...]  # the gate included (id -1)
    spots: tuple[OpenSpot, ...]
    height: int
    windows: int
    persons: int
    roofs: int


@attrs.frozen
class CoinFace:
    id: int
    effect: str
    title: str
    text: str
    red: bool


@attrs.frozen
class Space:
    number: int  # 1-based, as printed
    kind: str  # plain, ruby, tile, coin


@attrs.frozen
class Choice:
    """The choice the game waits for: who, and what (limit: discard down to 7; coin: take a market
    coin; thief: rob an opponent; catapult / decay: knock a free tile out; mill / market: take a
    market tile)."""

    seat: int
    kind: str
    count: int


@attrs.frozen
class CastleBuilderView:
    seat: int | None
    players: int
    variants: tuple[str, ...]
    goal: int  # coins to win
    start: int
    turn: int
    to_act: tuple[int, ...]  # the seats that owe an action
    choice: Choice | None
    castles: tuple[CastleView, ...]
    path: tuple[Space, ...]
    barons: tuple[int, ...]  # path index of each seat's baron (space number - 1)
    travelled: tuple[int, ...]
    market_tiles: tuple[TileFace, ...]
    market_coins: tuple[CoinFace, ...]
    holder: tuple[TileFace, ...]  # this seat's own holder; empty for a spectator
    holder_counts: tuple[int, ...]
    royals: tuple[tuple[TileFace, ...], ...]  # prince and princess beside each holder (royal strategy)
    coins: tuple[tuple[CoinFace, ...], ...]  # coins won, per seat
    supply_count: int
    coin_pile_count: int
    discard: tuple[TileFace, ...]  # face up, the top last
    finished: bool
    winners: tuple[int, ...]
    end_reason: str
    ground_places: int = GROUND_PLACES  # the foundation's width in tiles; x runs 0 .. 2 * ground_places - 2
    columns: str = COLUMNS  # the letter of each x in the notation ("3e": level 3, x = 4)

    @property
    def me(self) -> int:
        return self.seat if self.seat is not None else -1


@cache
def face(tile: int) -> TileFace:
    t = TILES[tile]
    return TileFace(
        t.id,
        t.kind,
        t.label,
        t.lower,
        t.upper,
        t.bottom,
        t.top,
        t.windows,
        t.roofs,
        t.persons,
        t.rubies,
        t.castle,
        t.check,
        t.royal,
    )


@cache
def coin_face(coin: int) -> CoinFace:
    e = EFFECTS[COINS[coin]]
    return CoinFace(coin, e.key, e.title, e.text, e.red)


PATH_VIEW = tuple(Space(i + 1, kind) for i, kind in enumerate(PATH))


@lru_cache(maxsize=4096)
def castle_view(owner: int, castle: tuple) -> CastleView:
    free = {(lv, x) for lv, x, _ in free_tiles(castle)}
    tiles = tuple(PlacedTile(lv, x, spot_name(lv, x), face(t), (lv, x) in free) for lv, x, t in castle)
    spots = tuple(OpenSpot(s.level, s.x, spot_name(s.level, s.x), s.need) for s in open_spots(castle))

    return CastleView(
        owner, tiles, spots, height(castle), count(castle, "windows"), count(castle, "persons"), count(castle, "roofs")
    )


def _choice(state: CastleBuilderState, task) -> Choice:
    """For ``limit`` the count is how many tiles must still go; for ``coin`` how many coins to take."""
    count = len(state.holders[task.seat]) - HOLDER_LIMIT if task.kind == "limit" else task.count
    return Choice(task.seat, task.kind, count)


def make_view(state: CastleBuilderState, seat: int | None) -> CastleBuilderView:
    me = seat if seat is not None and 0 <= seat < state.players and state.holders else None  # a player, not a watcher
    task = state.pending[0] if state.pending and not state.finished else None
    return CastleBuilderView(
        seat=seat,
        players=state.players,
        variants=tuple(sorted(state.variants)),
        goal=state.goal,
        start=state.start,
        turn=state.turn,
        to_act=tuple(sorted(to_act(state))),
        choice=_choice(state, task) if task else None,
        castles=tuple(castle_view(s, c) for s, c in enumerate(state.castles)),
        path=PATH_VIEW,
        barons=state.barons,
        travelled=state.travelled,
        market_tiles=tuple(face(t) for t in state.market if t != EMPTY),
        market_coins=tuple(coin_face(c) for c in state.market_coins if c != EMPTY),
        holder=tuple(face(t) for t in state.holders[me]) if me is not None else (),
        holder_counts=tuple(len(h) for h in state.holders),
        royals=tuple(tuple(face(t) for t in r) for r in state.royals),
        coins=tuple(tuple(coin_face(c) for c in won) for won in state.coins),
        supply_count=len(state.supply),
        coin_pile_count=len(state.coin_pile),
        discard=tuple(face(t) for t in state.discard),
        finished=state.finished,
        winners=state.winners,
        end_reason=state.end_reason,
    )


def score_lines(view: CastleBuilderView, names: Sequence[str]) -> list[str]:
    """Each player's coins won, by title ("Ann: 3 coins · Mill, Thief, Market"; the goal wins)."""
    lines = [f"coins won ({view.goal} win the game)"]
    for seat, won in enumerate(view.coins):
        lines.append(
            f"{names[seat]}: {len(won)} coin{'' if len(won) == 1 else 's'}"
            + (" · " + ", ".join(c.title for c in won) if won else "")
        )
    return lines
