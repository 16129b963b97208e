"""Placement, followers, wall tiles, the track, the palas and the final scoring, rule by rule."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.games.carcassonne_castle import GAME, rules
from engine.games.carcassonne_castle.placing import problem
from engine.games.carcassonne_castle.events import (
    CardDrawn,
    CardRemoved,
    CourtyardScored,
    FeatureCompleted,
    GameEnded,
    PalasBuilt,
    PalasScored,
    WallCleared,
    WallTileScored,
    WallTileTaken,
)
from engine.games.carcassonne_castle.scoring import Folder, final_scoring
from engine.games.carcassonne_castle.state import Palas

from .helpers import Cards, at, follower, new_game, of_type, play, position


# -- laying cards ------------------------------------------------------------------------------


def test_the_first_card_touches_a_start_field():
    state = new_game(3)
    placements = GAME.view(state, 0).placements
    fields = {sq for f in GAME.view(state, 0).castle.start_fields for sq in f.squares}
    assert placements and all(set(p.squares) & fields for p in placements)


@pytest.mark.parametrize(
    "square, facing, ok",
    [
        ("D7", "e", True),  # long side against long side
        ("E7", "e", False),  # half card against half card
        ("F7", "e", False),  # corner to corner
        ("D7", "s", True),  # a short side is a full side
        ("F6", "e", True),  # end to end
        ("F9", "e", False),  # touching nothing
    ],
)
def test_a_card_touches_a_card_with_a_full_side(square, facing, ok):
    c = Cards()
    state = position([at(c("houses"), "D6", "e")], card=c("towers"))
    p = at(state.card, square, facing)
    assert (problem(state.board.analysis, p.card, p.x, p.y, p.facing) == "") is ok


def test_roads_must_be_continued_while_other_parts_meet_anything():
    c = Cards()
    state = position([at(c("straight"), "D6", "e")], card=c("towers"))
    tower = at(state.card, "F6", "e")
    assert "roads must be continued" in problem(state.board.analysis, tower.card, tower.x, tower.y, tower.facing)
    road = at(c("straight"), "F6", "e")
    assert problem(state.board.analysis, road.card, road.x, road.y, road.facing) == ""
    beside = at(state.card, "D7", "e")  # a tower along the road's verge is fine
    assert problem(state.board.analysis, beside.card, beside.x, beside.y, beside.facing) == ""


def test_illegal_moves_are_refused_with_a_reason():
    c = Cards()
    state = position([at(c("houses"), "D6", "e")], card=c("towers"))
    with pytest.raises(IllegalAction, match="full side"):
        play(state, "F7e")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.decide(state, 1, GAME.parse_action(state, 1, "D7e"), random.Random(0))
    with pytest.raises(IllegalAction, match="no road"):
        play(state, "D7e Hn")
    with pytest.raises(IllegalAction, match="wall tile"):
        play(state, "D7e +1")


def test_a_card_that_fits_nowhere_is_removed_and_the_player_draws_again(monkeypatch):
    state = new_game(5)
    unlucky = state.deck[0]
    real = rules.has_placement
    monkeypatch.setattr(rules, "has_placement", lambda a, card: card != unlucky and real(a, card))
    action = next(GAME.legal_actions(state, 0))
    events = GAME.decide(state, 0, action, random.Random(0))
    assert [type(e) for e in events[-3:]] == [CardDrawn, CardRemoved, CardDrawn]
    assert events[-1].again and GAME.boundary(events[-1]) is None and GAME.boundary(events[-3]) == "turn"


# -- scoring order, the track and the corner towers ---------------------------------------------


def test_the_placing_player_scores_first():
    c = Cards()
    opp = c("tower_court")
    base = [at(c("courts"), "I1", "s"), at(opp, "K2", "s"), at(c("houses"), "L2", "s"), at(c("courts"), "J3", "s")]
    state = position(base, [follower(1, "K", opp)], card=c("tower_house"), supply=(6, 5))
    events, _ = play(state, "J2n S")
    done = of_type(events, FeatureCompleted)
    assert [(d.kind, d.winner, d.points) for d in done] == [("house", 0, 1), ("tower", 1, 4)]


def _well_road(scores, towers=(0,) + tuple(range(1, 10)) + (1, 2, 3, 4)):
    c = Cards()
    first = c("straight_well")
    base = [at(first, "E1", "s"), at(c("straight"), "E3", "s")]
    return position(base, [follower(0, "H", first)], card=c("road_square"), scores=scores, towers=towers, supply=(5, 6))


@pytest.mark.parametrize(
    "start, tile",
    [
        (4, 1),  # lands on 12: the 12/13 tower
        (5, 1),  # lands on 13: the same tower's other space
        (9, None),  # passes 12-15 and lands on 17
        (92, None),  # lands on 0: the 0/1 tower never holds a tile
        (104, 1),  # wraps round and lands on 12 again
    ],
)
def test_landing_exactly_on_a_corner_tower_takes_its_tile(start, tile):
    events, after = play(_well_road((start, 0)), "E5s")
    taken = of_type(events, WallTileTaken)
    assert [t.tile for t in taken] == ([tile] if tile else [])
    assert after.scores[0] == start + 8
    if tile:
        assert after.tiles[0] == (tile,) and after.towers[taken[0].tower] == 0


def test_the_track_wraps_at_one_hundred():
    _, after = play(_well_road((98, 0)), "E5s")
    view = GAME.view(after, 1)
    assert view.track_positions == (6, 0) and view.laps == (1, 0)


# -- wall tiles ------------------------------------------------------------------------------


def _tower_position(tiles):
    c = Cards()
    base = [at(c("tower_house"), "C1", "e"), at(c("houses"), "D2", "s")]
    return position(base, card=c("tower_court"), tiles=tiles)


def test_wall_tile_2_doubles_a_tower_with_a_majority():
    events, after = play(_tower_position(((2,), ())), "C2s K +2")
    assert of_type(events, FeatureCompleted)[0].points == 8 and after.tiles[0] == ()
    with pytest.raises(IllegalAction, match="wall tile 2"):
        play(_tower_position(((2,), ())), "C2s +2")  # no knight: no majority


def test_wall_tile_3_doubles_a_house():
    c = Cards()
    state = position([at(c("courts"), "I1", "s")], card=c("tower_house"), tiles=((3,), ()))
    events, _ = play(state, "J2n S +3")
    assert of_type(events, FeatureCompleted)[0].points == 2


def test_wall_tile_1_gives_a_second_turn_at_once():
    state = _tower_position(((1,), ()))
    events, _ = play(state, "C2s K +1")
    assert of_type(events, CardDrawn)[-1].seat == 0
    events, _ = play(_tower_position(((1,), ())), "C2s K")
    assert of_type(events, CardDrawn)[-1].seat == 1


def test_legal_actions_offer_only_tiles_that_apply():
    actions = list(GAME.legal_actions(_tower_position(((1, 2), ())), 0))
    assert any(a.tiles == (1, 2) and a.role == "K" for a in actions)
    assert all(2 not in a.tiles or a.role == "K" for a in actions)


def test_final_tiles_4_5_6_and_9_and_the_order_of_the_final_scoring():
    c = Cards()
    road, tower, house, court = c("straight"), c("towers"), c("houses"), c("court_market")
    base = [at(road, "D6", "e"), at(tower, "D9", "e"), at(house, "H9", "e"), at(court, "H3", "e")]
    fols = [follower(0, "H", road), follower(1, "K", tower), follower(1, "S", house), follower(0, "M", court)]
    state = position(base, fols, deck=(), tiles=((4, 9), (5, 6)), palas=(Palas(1, ()), None))
    fold = Folder(state)
    final_scoring(fold)
    kinds = [type(e) for e in fold.events]
    assert kinds == [
        WallCleared,
        PalasScored,
        CourtyardScored,
        WallTileScored,
        WallTileScored,
        WallTileScored,
        WallTileScored,
        GameEnded,
    ]
    scored = [(e.seat, e.tile, e.points) for e in of_type(fold.events, WallTileScored)]
    assert scored == [(0, 4, 1), (1, 5, 2), (1, 6, 1), (0, 9, 5)]


# -- the palas ---------------------------------------------------------------------------------


def test_the_palas_moves_only_to_a_larger_house():
    c = Cards()
    state = position([at(c("courts"), "I1", "s")], card=c("tower_house"), palas=(Palas(2, (0, 1)), None))
    events, after = play(state, "J2n S")
    assert of_type(events, PalasBuilt) == [] and after.palas[0].size == 2


def test_merchants_stay_and_courtyards_are_scored_only_at_the_end():
    c = Cards()
    state = position([at(c("courts"), "F6", "e")], card=c("court_market"))
    events, after = play(state, "D6e M")
    assert of_type(events, FeatureCompleted) == [] and len(after.board.followers) == 1


def test_tiles_4_and_5_score_a_road_and_a_tower_lying_on_the_same_cards():
    """Issue 9 item 17: tile 4 scores the road; tile 5 must still score the tower on the same cards."""
    c = Cards()
    one, two = c("cross_tower"), c("cross_tower")
    base = [at(one, "D6", "e"), at(two, "D7", "e")]  # roads D6–D7 and towers E6–E7 join
    fols = [follower(0, "H", one, 0), follower(0, "K", two, 1)]
    state = position(base, fols, deck=(), tiles=((4, 5), ()))
    fold = Folder(state)
    final_scoring(fold)
    scored = [(e.seat, e.tile, e.points, e.cards) for e in of_type(fold.events, WallTileScored)]
    cards = tuple(sorted((one, two)))
    assert scored == [(0, 4, 2, cards), (0, 5, 4, cards)]
    assert fold.state.scores[0] == 6


def test_two_tiles_of_one_kind_still_score_two_different_features():
    c = Cards()
    big, small = c("straight"), c("straight")
    base = [at(big, "D6", "e"), at(c("straight"), "F6", "e"), at(small, "D9", "e")]
    fols = [follower(0, "H", big, 0), follower(0, "H", small, 0)]
    fold = Folder(position(base, fols, deck=(), tiles=((4, 4), ())))
    final_scoring(fold)
    assert [e.points for e in of_type(fold.events, WallTileScored)] == [2, 1]  # 2 cards, then 1


def test_a_malformed_move_is_refused_however_often_well_formed_ones_were_decided():
    from engine.games.carcassonne_castle.state import PlaceCard

    state = new_game(3)
    legal = list(GAME.legal_actions(state, state.to_move))
    GAME.decide(state, state.to_move, legal[0], random.Random(0))
    for bad in (None, PlaceCard("4", 4, "e"), PlaceCard(4, 4, "e", tiles=("1",)), PlaceCard(99, 4, "e")):
        for _ in range(2):
            with pytest.raises(IllegalAction):
                GAME.decide(state, state.to_move, bad, random.Random(0))


def test_decide_takes_a_follower_exactly_where_legal_actions_lists_one():
    """One follower rule (board.follower_targets) for listing and deciding: on every legal
    placement of random games, each role and side is decided exactly when it is listed."""
    from engine.games.carcassonne_castle.state import PlaceCard

    rng = random.Random(11)
    for seed in range(3):
        state = new_game(seed)
        while not state.finished and state.card >= 0:
            seat = state.to_move
            legal = list(GAME.legal_actions(state, seat))
            listed = {a for a in legal if not a.tiles}
            for spot in {(a.x, a.y, a.facing) for a in legal}:
                for role, side in [("K", ""), ("S", ""), ("M", "")] + [("H", d) for d in "nesw"]:
                    action = PlaceCard(*spot, role, side)
                    try:
                        GAME.decide(state, seat, action, random.Random(0))
                        taken = True
                    except IllegalAction:
                        taken = False
                    assert taken == (action in listed), action
            for ev in GAME.decide(state, seat, rng.choice(legal), random.Random(0)):
                state = GAME.evolve(state, ev)
