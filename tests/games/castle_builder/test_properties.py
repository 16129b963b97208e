"""Random games to the end at 2, 3 and 4 players: tiles and coins accounted for, castles sound,
barons apart, replay equals play, views keep the holders secret."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import GameConfig, replay
from engine.core.views import view_from_json, view_to_json
from engine.games.castle_builder import GAME
from engine.games.castle_builder.castle import grid, levels_started
from engine.games.castle_builder.catalog import COINS, GATE, HOLDER_LIMIT, TILE_COUNT, TILES, royal_ids
from engine.games.castle_builder.events import CODEC, EVENTS, TileBuilt
from engine.games.castle_builder.view import CastleBuilderView

VARIANTS = ["reach-the-sky", "royal-strategy", "peaceful-times"]
GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(seed: int, players: int, variants=frozenset(), check=None):
    config = GameConfig(players, frozenset(variants))
    rng = random.Random(seed)
    log = GAME.setup(config, random.Random(seed))
    state = replay(GAME, config, log)
    while not state.finished:
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        events = GAME.decide(state, seat, rng.choice(legal), rng)
        before = state
        for ev in events:
            state = GAME.evolve(state, ev)
        log += events
        if check:
            check(before, state, events)
    return state, log


def tiles_accounted(state):
    castle_tiles = [t for c in state.castles for _, _, t in c if t != GATE and t < TILE_COUNT]
    places = (
        list(state.supply)
        + list(state.discard)
        + [t for t in state.market if t >= 0]
        + [t for h in state.holders for t in h]
        + castle_tiles
    )
    assert sorted(places) == list(range(TILE_COUNT))
    if "royal-strategy" in state.variants:
        for s in range(state.players):
            built = {t for _, _, t in state.castles[s] if t >= TILE_COUNT}
            assert built | set(state.royals[s]) == set(royal_ids(s)) and not built & set(state.royals[s])


def coins_accounted(state):
    coins = list(state.coin_pile) + [c for c in state.market_coins if c >= 0] + [c for w in state.coins for c in w]
    assert sorted(coins) == list(range(len(COINS)))


def castle_sound(castle, deltas):
    cells = grid(castle)
    assert cells[(1, 8)] == GATE
    for (lv, x), t in cells.items():
        tile = TILES[t]
        if lv == 1:
            assert tile.bottom == "SS"
            continue
        left, right = cells.get((lv - 1, x - 1)), cells.get((lv - 1, x + 1))
        assert left is not None or right is not None
        for half, below, side in ((0, left, 1), (1, right, 0)):
            assert tile.bottom[half] == (TILES[below].top[side] if below is not None else "A")
        if not tile.check:
            need = sum(TILES[b].upper for b in (left, right) if b is not None)
            assert tile.lower + deltas[(lv, x, t)] == need


def make_check(rules_seen):
    deltas: dict = {}

    def check(before, state, events):
        tiles_accounted(state)
        coins_accounted(state)
        assert len(set(state.barons)) == state.players
        if not state.pending and not state.finished:
            assert all(len(h) <= HOLDER_LIMIT for h in state.holders)
        for ev in events:
            if isinstance(ev, TileBuilt):
                deltas[(ev.seat, ev.level, ev.x, ev.tile)] = ev.delta
                max_change = 99 if "royal-strategy" in state.variants else 1
                assert abs(ev.delta) <= max_change
                if TILES[ev.tile].castle:
                    assert ev.level in levels_started(before.castles[ev.seat])
                castle_sound(
                    state.castles[ev.seat], {(lv, x, t): d for (s, lv, x, t), d in deltas.items() if s == ev.seat}
                )
                rules_seen.add("build")
            assert CODEC.decode(CODEC.encode(ev)) == ev
            rules_seen.add(type(ev).__name__)

    return check


def _check_game(seed, players, variants):
    seen: set = set()
    state, log = play_random(seed, players, variants, make_check(seen))
    assert state.finished and state.winners
    assert replay(GAME, GameConfig(players, frozenset(variants)), log) == state
    if state.end_reason == "coins":
        assert len(state.coins[state.winners[0]]) == state.goal
    for ev in log:
        GAME.describe(state, ev, ["A", "B", "C", "D"])
    return seen


@GAMES
@given(st.integers(0, 2**31), st.integers(2, 4), st.sets(st.sampled_from(VARIANTS)))
def test_random_games_keep_every_invariant_and_replay_equals_play(seed, players, variants):
    _check_game(seed, players, variants)


@pytest.mark.slow
@SLOW
@given(st.integers(0, 2**31), st.integers(2, 4), st.sets(st.sampled_from(VARIANTS)))
def test_thousands_of_random_games(seed, players, variants):
    _check_game(seed, players, variants)


def test_random_games_meet_every_kind_of_event():
    seen: set = set()
    for seed in range(12):
        seen |= _check_game(seed, 2 + seed % 3, {"royal-strategy"} if seed % 4 == 0 else set())
    missing = {cls.__name__ for cls in EVENTS} - seen
    assert missing == {"GameSetUp", "TurnPassed"}  # set-up is not a move; passing needs a dry supply


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.integers(2, 4))
def test_no_view_changes_when_hidden_things_change(seed, players):
    rng = random.Random(seed)
    changed = [0]

    def check(before, state, events):
        if rng.random() > 0.3:
            return
        for seat in list(range(players)) + [None]:
            other = GAME.resample_hidden(state, seat, rng)
            changed[0] += other != state
            view = GAME.view(state, seat)
            assert GAME.view(other, seat) == view
            assert view_from_json(CastleBuilderView, view_to_json(view)) == view
            if seat is not None:
                assert list(GAME.legal_actions(other, seat)) == list(GAME.legal_actions(state, seat))

    play_random(seed, players, check=check)
    assert changed[0]


def test_a_view_shows_its_own_holder_and_only_counts_of_the_others():
    state, _ = play_random(3, 3)
    for seat in range(3):
        view = GAME.view(state, seat)
        assert [f.id for f in view.holder] == list(state.holders[seat])
        assert view.holder_counts == tuple(len(h) for h in state.holders)
    assert GAME.view(state, None).holder == ()


@pytest.mark.parametrize(
    "seed, variants", [(2609845, {"royal-strategy"}), (614576453, {"royal-strategy", "peaceful-times"})]
)
def test_a_royal_game_ends_deadlocked_when_no_change_that_could_be_paid_fits(seed, variants):
    """The royal strategy changes a number by as many tiles as are discarded, but a holder holds
    at most 7 (a tile in it pays with the other 6), and while nobody builds the market keeps its
    tiles. These games (random moves, 4 players) once drew and discarded for ever, the deadlock
    check counting places only a bigger change, or a market tile it does not hold, could fill."""
    state, log = play_random(seed, 4, variants)
    assert state.finished and state.end_reason == "deadlocked" and len(log) < 5000
