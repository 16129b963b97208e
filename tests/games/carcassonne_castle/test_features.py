"""The features kept card by card agree with the board worked out afresh, and the quick answers
(does a card fit anywhere, the sides an empty square touches) agree with the full ones."""

from __future__ import annotations

import random

import pytest

from engine.games.carcassonne_castle.board import START, Board
from engine.games.carcassonne_castle.catalog import CARD_COUNT, CASTLE, opposite, step
from engine.games.carcassonne_castle.features import Analysis
from engine.games.carcassonne_castle.geometry import key_of
from engine.games.carcassonne_castle.placing import find_placements, has_placement

from .test_properties import play_random


def open_sides(a: Analysis, fid: int) -> int:
    """A feature's sides facing an empty square, counted afresh from its pieces."""
    count = 0
    for card, seg in a.features[fid].members:
        if card == START:
            field = CASTLE.start_fields[seg]
            for j, (_cell, sq) in enumerate(zip(field.cells, field.squares)):
                if (field.kind != "road" or j == field.road) and key_of(sq) not in a.owner:
                    count += 1
            continue
        p = a.placement_of[card]
        for h, (x, y) in enumerate(p.squares):
            for d in range(4):
                n = step(x, y, d)
                if p.oriented.sides[h][d].segment == seg and n in CASTLE.interior and key_of(n) not in a.owner:
                    count += 1
    return count


def check_position(a: Analysis, rng: random.Random) -> None:
    for fid, feat in a.features.items():
        assert feat.open == open_sides(a, fid), (fid, feat)
        assert all(a.feature_of[key] == fid for key in feat.members)
        assert feat.size == len(feat.cards) + len(feat.start_fields)
    assert sum(len(f.members) for f in a.features.values()) == len(a.feature_of)
    taken = {sq for sq in CASTLE.interior if key_of(sq) in a.owner}
    assert a.frontier == {
        key_of(sq)
        for sq in CASTLE.interior - taken
        if any(step(*sq, d) in taken or (step(*sq, d), opposite(d)) in CASTLE.start_sides for d in range(4))
    }
    for card in rng.sample(range(CARD_COUNT), 6):
        assert has_placement(a, card) == bool(find_placements(a, card))


@pytest.mark.parametrize("seed", range(4))
def test_features_kept_card_by_card_match_the_board_worked_out_afresh(seed):
    rng = random.Random(seed)
    state, _ = play_random(seed, check=lambda state, events: check_position(state.board.analysis, rng))
    # the last position again from nothing, without the analyses the game built on the way
    fresh = Analysis.empty()
    for p in state.board.placements:
        fresh = fresh.placed(p)
    kept = state.board.analysis
    assert fresh.owner == kept.owner and fresh.feature_of == kept.feature_of
    assert {fid: (f.kind, f.cards, f.start_fields, f.open, f.well, f.markets) for fid, f in fresh.features.items()} == {
        fid: (f.kind, f.cards, f.start_fields, f.open, f.well, f.markets) for fid, f in kept.features.items()
    }
    assert Board.of(state.board.placements, state.board.followers) == state.board


def test_a_start_field_counts_its_open_sides_until_cards_close_them():
    a = Analysis.empty()
    for fid, feat in a.features.items():
        field = CASTLE.start_fields[fid]
        assert feat.open == (1 if field.kind == "road" else 2) and not feat.cards and feat.size == 1
        assert feat.markets == int(field.market)
