"""Which moves a seat has, and why a move is refused: the building rules applied to a position."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from engine.core.checks import Check, Checks

from .castle import any_number, fit_problem, fits, open_spots, spot_name
from .catalog import HOLDER_LIMIT, TILES
from .effects import catapult_targets, decay_targets, thief_victims
from .state import ROYAL, Build, CastleBuilderState, Discard, Draw, Knock, Pass, Steal, TakeCoin, TakeTile
from .turn import coin_effects, market_tiles


def buildable(state: CastleBuilderState, seat: int) -> list[int]:
    """The tiles ``seat`` may build: the holder, the market, a prince or princess beside the holder."""
    return list(state.holders[seat]) + market_tiles(state) + list(state.royals[seat])


def max_change(state: CastleBuilderState) -> int:
    """How far a number may be changed: 1, or (royal strategy) as far as there are tiles to discard."""
    return 99 if ROYAL in state.variants else 1


def free_change(state: CastleBuilderState) -> bool:
    """Whether a number may be changed where any number fits (the foundation, a ✓ tile): always
    under rules version 2, as the rulebook says; refused in files saved under version 1."""
    return state.rules_version >= 2


def legal_builds(state: CastleBuilderState, seat: int) -> Iterator[Build]:
    castle = state.castles[seat]
    spots = open_spots(castle)
    holder = state.holders[seat]
    limit = max_change(state)
    free = free_change(state)
    for tile_id in buildable(state, seat):
        tile = TILES[tile_id]
        payable = [t for t in holder if t != tile_id]
        for spot in spots:
            delta = fits(castle, tile, spot)
            if delta is None:
                continue
            if delta == 0:
                yield Build(tile_id, spot.level, spot.x)
            if free and any_number(tile, spot):
                deltas = [d for k in range(1, min(limit, len(payable)) + 1) for d in (k, -k)]
            else:
                deltas = [delta] if delta and abs(delta) <= limit and abs(delta) <= len(payable) else []
            for d in deltas:
                for paid in combinations(payable, abs(d)):
                    yield Build(tile_id, spot.level, spot.x, d, paid)


def anyone_can_build(state: CastleBuilderState) -> bool:
    """Whether some tile outside the castles could still be built: it fits some open place by the
    building rules, with a change of number someone could pay for. If none could, nobody can ever
    build again: castles change only by building and by coins, and only building wins coins.

    While nobody builds, the market keeps its tiles (a market tile pays with a holder of up to 7);
    the other tiles only go round supply, holders and discard pile, and one in a holder pays with
    the other 6 at most; a prince or princess goes only into its owner's castle."""
    limit = max_change(state)
    market = set(market_tiles(state))
    drawn = {t for tiles in (state.supply, state.discard, *state.holders) for t in tiles}
    for seat, castle in enumerate(state.castles):
        spots = open_spots(castle)
        for tiles, payable in ((market, HOLDER_LIMIT), (drawn, HOLDER_LIMIT - 1), (state.royals[seat], HOLDER_LIMIT)):
            most = min(limit, payable)
            for tile_id in tiles:
                tile = TILES[tile_id]
                if any((d := fits(castle, tile, spot)) is not None and abs(d) <= most for spot in spots):
                    return True
    return False


def can_draw(state: CastleBuilderState) -> bool:
    return bool(state.supply or state.discard)


def legal_moves(state: CastleBuilderState, seat: int) -> Iterator[Any]:
    """Every action ``seat`` may take now: the turn's move, or the answer to the choice it owes."""
    if state.finished or state.turn < 0:
        return
    if state.pending:
        task = state.pending[0]
        if task.seat == seat:
            yield from _answers(state, task.kind, seat)
        return
    if seat != state.turn:
        return
    any_move = False
    if can_draw(state):
        any_move = True
        yield Draw()
    for build in legal_builds(state, seat):
        any_move = True
        yield build
    if not any_move:
        yield Pass()


def _answers(state: CastleBuilderState, kind: str, seat: int) -> Iterator[Any]:
    if kind == "limit":
        yield from (Discard(t) for t in state.holders[seat])
    elif kind == "coin":
        yield from (TakeCoin(e) for e in coin_effects(state))
    elif kind == "thief":
        yield from (Steal(v) for v in thief_victims(state, seat))
    elif kind == "catapult":
        yield from (Knock(*t) for t in catapult_targets(state, seat))
    elif kind == "decay":
        yield from (Knock(*t) for t in decay_targets(state, seat))
    elif kind in ("mill", "market"):
        yield from (TakeTile(t) for t in market_tiles(state))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _why_not_build(state: CastleBuilderState, seat: int, build: Build) -> str | None:
    """Why ``build`` breaks a rule; None when it does not."""
    if not all(_is_int(v) for v in (build.tile, build.level, build.x, build.delta)):
        return "a build names a tile, a place and a change by whole numbers"
    if not isinstance(build.discards, tuple) or not all(_is_int(t) for t in build.discards):
        return "the tiles paid for a change are a list of tile numbers"
    if build.tile not in buildable(state, seat):
        return f"tile #{build.tile} is neither in your holder nor in the market"
    holder = list(state.holders[seat])
    if build.tile in holder:
        holder.remove(build.tile)
    paid = list(build.discards)
    if len(paid) != abs(build.delta):
        return f"changing the number by {abs(build.delta)} costs {abs(build.delta)} discarded tile(s)"
    if abs(build.delta) > max_change(state):
        return "a number may be changed by 1 only (more with the royal strategy)"
    if paid != sorted(set(paid)):
        return "name each tile you discard once, in order"
    if any(t not in holder for t in paid):
        return "you pay for a change with other tiles from your holder"
    why = fit_problem(state.castles[seat], TILES[build.tile], build.level, build.x, build.delta, free_change(state))
    if why:
        return f"#{build.tile} ({TILES[build.tile].label}) at {spot_name(build.level, build.x)}: {why}"
    return None


def _why_not_answer(state: CastleBuilderState, seat: int, action: Any) -> str | None:
    """The pending choice must be answered by one of its options."""
    task = state.pending[0]
    if action in list(_answers(state, task.kind, seat)):
        return None
    expected = {
        "limit": "discard a tile from your holder (you hold more than 7)",
        "coin": "take one of the market coins: " + ", ".join(e for e in coin_effects(state)),
        "thief": "choose the opponent whose holder the thief robs",
        "catapult": "choose a free tile in an opponent's castle for the catapult",
        "decay": "choose a free tile of your castle to decay",
        "mill": "take one of the new market tiles",
        "market": "take one of the market tiles",
    }[task.kind]
    return f"not now: {expected}"


def _turn_move(check: Check) -> Check:
    """``check`` for a move of one's turn; while a choice is owed, only its answers."""

    def why_not(state: CastleBuilderState, seat: int, action: Any) -> str | None:
        return _why_not_answer(state, seat, action) if state.pending else check(state, seat, action)

    return why_not


def _why_not_draw(state: CastleBuilderState, seat: int, action: Draw) -> str | None:
    return None if can_draw(state) else "there are no tiles left to draw"


def _why_not_pass(state: CastleBuilderState, seat: int, action: Pass) -> str | None:
    if any(True for a in legal_moves(state, seat) if not isinstance(a, Pass)):
        return "you may pass only when you can neither draw nor build"
    return None


def _no_turn_move(state: CastleBuilderState, seat: int, action: Any) -> str:
    return "on your turn, draw 2 tiles or build 1 tile"


# Why a seat that owes an action may not take it, in the player's terms (engine.core.checks).
CHECKS = Checks(
    "Castle Builder",
    {Draw: _turn_move(_why_not_draw), Build: _turn_move(_why_not_build), Pass: _turn_move(_why_not_pass)},
    otherwise=_turn_move(_no_turn_move),
)
