"""Build Castle Builder positions directly, so each rule can be tested where it applies."""

from __future__ import annotations

import random

from engine.core.fastattrs import replace
from engine.core.game import GameConfig, replay
from engine.games.castle_builder import GAME
from engine.games.castle_builder.castle import NEW_CASTLE, Castle
from engine.games.castle_builder.catalog import CASTLE_TILES, COINS, COLUMNS, TILE_COUNT, royal_ids
from engine.games.castle_builder.state import CastleBuilderState


class Tiles:
    """Hands out distinct tile ids by kind and printed label (each test builds its own)."""

    def __init__(self):
        self.taken: set[int] = set()

    def __call__(self, kind: str, label: str | None = None) -> int:
        for t in CASTLE_TILES:
            if t.kind == kind and (label is None or t.label == label) and t.id not in self.taken:
                self.taken.add(t.id)
                return t.id
        raise LookupError(f"no {label or ''} {kind} left")


def at(spot: str) -> tuple[int, int]:
    """``"2h"`` -> (2, 7)."""
    return int(spot[:-1]), COLUMNS.index(spot[-1])


def castle(**placed: int) -> Castle:
    """A castle from spot=tile pairs written like ``castle(g1=5, h2=40)`` (column letter, then level)."""
    cells = list(NEW_CASTLE)
    for key, tile in placed.items():
        cells.append((int(key[1:]), COLUMNS.index(key[0]), tile))
    return tuple(sorted(cells))


def coin_of(effect: str, skip: int = 0) -> int:
    return [c for c, e in enumerate(COINS) if e == effect][skip]


def position(
    players: int = 2,
    castles=None,
    holders=None,
    market=None,
    barons=None,
    coins=None,
    market_coins=None,
    turn: int = 0,
    variants=(),
    **changes,
) -> CastleBuilderState:
    """A game in progress; everything not given is filled consistently (supply = the unused tiles)."""
    castles = tuple(castles or (NEW_CASTLE,) * players)
    holders = tuple(tuple(sorted(h)) for h in (holders or ((),) * players))
    used = {t for c in castles for _, _, t in c} | {t for h in holders for t in h}
    if market is None:
        market = tuple(t for t in range(TILE_COUNT) if t not in used)[-3:]
    used |= set(market)
    supply = tuple(t for t in range(TILE_COUNT) if t not in used)
    coins = tuple(tuple(c) for c in (coins or ((),) * players))
    if market_coins is None:
        market_coins = (coin_of("tower"), coin_of("mill"), coin_of("monk"))
    spent = {c for won in coins for c in won} | set(market_coins)
    pile = tuple(c for c in range(len(COINS)) if c not in spent)
    variants = frozenset(variants)
    royals = tuple(royal_ids(s) for s in range(players)) if "royal-strategy" in variants else ((),) * players
    state = CastleBuilderState(
        players=players,
        variants=variants,
        supply=supply,
        market=tuple(market),
        coin_pile=pile,
        market_coins=tuple(market_coins),
        holders=holders,
        royals=royals,
        castles=castles,
        barons=tuple(barons or range(players)),
        travelled=(0,) * players,
        coins=coins,
        turn=turn,
        turns=1,
    )
    return replace(state, **changes) if changes else state


def act(state, action, seat: int | None = None, rng_seed: int = 0):
    """Decide and apply ``action``; returns (events, state after)."""
    if seat is None:
        seat = min(GAME.to_act(state))
    events = GAME.decide(state, seat, action, random.Random(rng_seed))
    for ev in events:
        state = GAME.evolve(state, ev)
    return events, state


def play(state, text: str, seat: int | None = None, rng_seed: int = 0):
    if seat is None:
        seat = min(GAME.to_act(state))
    return act(state, GAME.parse_action(state, seat, text), seat, rng_seed)


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def new_game(players: int = 2, seed: int = 1, variants=()):
    config = GameConfig(players, frozenset(variants))
    return replay(GAME, config, GAME.setup(config, random.Random(seed)))
