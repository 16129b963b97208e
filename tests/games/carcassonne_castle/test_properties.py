"""Random games: no crash, cards and followers accounted for, replay equals play, views keep secrets."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import GameConfig, replay
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.catalog import CARD_COUNT, FOLLOWERS, TRACK
from engine.games.carcassonne_castle.events import CODEC, EVENTS
from engine.games.carcassonne_castle.notation import format_action, parse_action

from .helpers import new_game

CONFIG = GameConfig(2)
GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(seed: int, check=None):
    """Play a whole random game; ``check(state, events)`` runs after every move."""
    rng = random.Random(seed)
    log = GAME.setup(CONFIG, random.Random(seed))
    state = replay(GAME, CONFIG, log)
    while not GAME.result(state).finished:
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        events = GAME.decide(state, seat, rng.choice(legal), rng)
        for ev in events:
            state = GAME.evolve(state, ev)
        log += events
        if check:
            check(state, events)
    return state, log


def _invariants(state, events):
    placed, removed = len(state.board.placements), len(state.removed)
    assert placed + removed + len(state.deck) + (state.card >= 0) == CARD_COUNT
    for seat in (0, 1):
        standing = sum(1 for f in state.board.followers if f.seat == seat)
        assert standing + state.supply[seat] == FOLLOWERS
    assert all(0 <= s % TRACK < TRACK for s in state.scores)
    for ev in events:
        assert CODEC.decode(CODEC.encode(ev)) == ev


def _check_game(seed):
    merchants = [0]

    def check(state, events):
        _invariants(state, events)
        now = sum(1 for f in state.board.followers if f.role == "M")
        assert now >= merchants[0]  # merchants never go home
        merchants[0] = now

    state, log = play_random(seed, check)
    assert state.finished and len(state.board.placements) + len(state.removed) == CARD_COUNT
    assert len(state.board.free_squares()) == 152 - 2 * len(state.board.placements)
    assert replay(GAME, CONFIG, log) == state
    for ev in log:
        GAME.describe(state, ev)


@GAMES
@given(st.integers(0, 2**31))
def test_random_games_keep_every_invariant_and_replay_equals_play(seed):
    _check_game(seed)


@pytest.mark.slow
@SLOW
@given(st.integers(0, 2**31))
def test_many_random_games(seed):
    _check_game(seed)


def _secret_shuffles(state, rng):
    deck = list(state.deck)
    rng.shuffle(deck)
    live = [i for i, t in enumerate(state.towers) if t]
    tiles = [state.towers[i] for i in live]
    rng.shuffle(tiles)
    replaced = [rng.randint(1, 9) for _ in live]
    towers = list(state.towers)
    for i, t in zip(live, replaced):
        towers[i] = t
    return attrs.evolve(state, deck=tuple(deck), towers=tuple(towers))


@QUICK
@given(st.integers(0, 2**31))
def test_views_do_not_show_the_draw_pile_or_face_down_tiles(seed):
    rng = random.Random(seed)

    def check(state, events):
        other = _secret_shuffles(state, rng)
        for seat in (0, 1, None):
            assert GAME.view(state, seat) == GAME.view(other, seat)
        if not state.finished:
            seat = state.to_move
            assert list(GAME.legal_actions(state, seat)) == list(GAME.legal_actions(other, seat))

    play_random(seed, check)


@QUICK
@given(st.integers(0, 2**31), st.integers(0, 10**6))
def test_notation_round_trips_for_every_legal_action(seed, pick):
    state = new_game(seed)
    rng = random.Random(pick)
    for _ in range(rng.randrange(1, 40)):
        if state.finished:
            break
        legal = list(GAME.legal_actions(state, state.to_move))
        for action in legal:
            text = GAME.format_action(state, state.to_move, action)
            assert GAME.parse_action(state, state.to_move, text) == action
        for ev in GAME.decide(state, state.to_move, rng.choice(legal), rng):
            state = GAME.evolve(state, ev)


def test_every_event_kind_round_trips_through_the_codec():
    seen = {}
    for seed in range(12):
        _, log = play_random(seed)
        for ev in log:
            seen.setdefault(type(ev), ev)
    from engine.games.carcassonne_castle import events as E

    seen.setdefault(E.CardRemoved, E.CardRemoved(0, 5))
    seen.setdefault(E.WallTileScored, E.WallTileScored(1, 4, 3, (1, 2, 3)))
    seen.setdefault(E.WallTileTaken, E.WallTileTaken(0, 3, 7))
    seen.setdefault(E.CourtyardScored, E.CourtyardScored(0, 2, 8, True, (4, 5)))
    assert set(seen) == set(EVENTS)
    for ev in seen.values():
        assert CODEC.decode(CODEC.encode(ev)) == ev


def test_notation_reads_loose_forms():
    assert parse_action(" e5E  hN +31 ").tiles == (1, 3)
    assert format_action(parse_action("E5e Hn +13")) == "E5e Hn +13"
    state = new_game(1)
    card = state.card
    from engine.games.carcassonne_castle.catalog import card_type

    if card_type(card).symmetric:  # a card that reads the same turned round: either form, as written
        action = GAME.parse_action(state, 0, "E5w")
        assert (action.x, action.y, action.facing) == (4, 4, "w")


def test_draws_and_taken_tiles_reveal_and_turns_start_with_a_draw():
    from engine.games.carcassonne_castle import events as E

    assert GAME.reveals(E.CardDrawn(0, 1)) and GAME.reveals(E.WallTileTaken(0, 2, 3))
    assert not GAME.reveals(E.CastleSetUp((1, 2), (0, 4)))
    assert GAME.boundary(E.CardDrawn(1, 4)) == "turn" and GAME.boundary(E.CardDrawn(1, 4, True)) is None


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_bots_play_whole_games_from_the_view(level):
    from engine.core.selfplay import play_out

    match = play_out(GAME, 2, [level, "random"], seed=11)
    assert match.result.finished


def test_the_greedy_bot_beats_the_random_bot():
    from engine.core.selfplay import play_out

    wins = 0
    for seed in range(4):
        levels = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        scores = play_out(GAME, 2, levels, seed=seed).result.scores
        me = levels.index("greedy")
        wins += scores[me] > scores[1 - me]
    assert wins >= 3
