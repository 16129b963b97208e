"""What a load relies on: a decision hands back exactly the state folding its events gives, decide
takes exactly the moves legal_actions lists, and the final scoring's total is the score sheet's."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMove
from engine.core.game import GameConfig, rng_for, secret_from
from engine.games.between_two_castles import GAME
from engine.games.between_two_castles.castle import Castle
from engine.games.between_two_castles.scoring import castle_score, score_sheet
from engine.core.fastattrs import replace
from engine.games.between_two_castles.catalog import ROOM_ID
from engine.games.between_two_castles.state import OVER, PLACING, Choose, Place, Tile


def _config(players: int) -> GameConfig:
    return GameConfig(players, frozenset({"ludwig"}) if players == 2 else frozenset())


def _set_up(config, secret):
    """The state after the set-up of the game whose secret is made from ``secret``."""
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, rng_for(secret_from(secret), 0)):
        state = GAME.evolve(state, ev)
    return state


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_every_decision_hands_back_the_state_its_events_fold_to(players):
    config = _config(players)
    for game in range(3):
        rng = random.Random(players * 100 + game)
        state = _set_up(config, game)
        step = 0
        while state.phase != OVER:
            seat = min(GAME.to_act(state))
            action = rng.choice(list(GAME.legal_actions(state, seat)))
            decided = GAME.decide(state, seat, action, rng_for(secret_from(game), step + 1))
            folded = state
            for ev in decided:
                folded = GAME.evolve(folded, ev)
            assert decided.after == folded, (step, action)
            for castle, again in zip(decided.after.castles, folded.castles):
                assert castle.grid == again.grid and castle.type_counts == again.type_counts
            state, step = folded, step + 1
        assert all(
            castle_score(Castle(c.throne, c.cells, c.attendants, c.cards)) == score_sheet(c).total
            for c in state.castles
        )


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_decide_takes_exactly_the_legal_placements_and_pairs(players):
    """Every cell next to a castle, for every room owed and every castle, is taken by decide
    exactly when legal_actions lists it, and everything else is refused with IllegalMove."""
    config = _config(players)
    rng = random.Random(players)
    state = _set_up(config, players)
    step = 0
    while state.phase != OVER:
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        if step % 3 == 0:
            for action in _candidates(state, seat):
                try:
                    GAME.decide(state, seat, action, rng_for(secret_from(players), step + 1))
                    taken = True
                except IllegalMove:
                    taken = False
                assert taken == (action in legal), (step, action)
        for ev in GAME.decide(state, seat, rng.choice(legal), rng_for(secret_from(players), step + 1)):
            state = GAME.evolve(state, ev)
        step += 1


def _candidates(state, seat):
    rooms = {t.room for t in state.to_place} | {r for b in state.bonuses for r in b.offer} | {147, 148, 149, 0}
    for room in rooms:
        for k, castle in enumerate(state.castles):
            cells = {(c + dc, f + df) for c, f in castle.grid for dc, df in ((0, 1), (0, -1), (1, 0), (-1, 0), (0, 0))}
            for c, f in cells:
                yield Place(room, k, c, f)
    hand = sorted(state.hands[seat]) if state.hands else []
    for a in hand[:3] + [200]:
        for b in hand[-3:] + [-1]:
            yield Choose((a, b))


def test_a_crypt_goes_downstairs_only_for_decide_and_legal_actions_alike():
    """The rulebook: "Kellerräume dürft ihr ausschließlich unterirdisch anlegen" (a Crypt beside
    the throne room, at (2, 0), is refused; below it, at (0, -1), it is taken)."""
    crypt = ROOM_ID["Crypt"]
    state = replace(_set_up(_config(3), 1), phase=PLACING, bonuses=(), to_place=(Tile(0, 0, crypt, -1),))
    legal = list(GAME.legal_actions(state, 0))
    assert Place(crypt, 0, 2, 0) not in legal and Place(crypt, 0, 0, -1) in legal
    with pytest.raises(IllegalMove, match="a downstairs room goes below the throne-room floor"):
        GAME.decide(state, 0, Place(crypt, 0, 2, 0), None)
    assert GAME.decide(state, 0, Place(crypt, 0, 0, -1), None)[0].floor == -1
