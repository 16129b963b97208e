"""Every worked example of the rulebook (seed 002), rebuilt on Bergfried's castle."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.catalog import CASTLE
from engine.games.carcassonne_castle.events import CourtyardScored, FeatureCompleted, PalasBuilt, PalasScored
from engine.games.carcassonne_castle.scoring import Folder, final_scoring, max_cards

from .helpers import Cards, at, follower, of_type, play, position


def test_a_road_of_two_cards_from_the_wall_to_a_square_scores_two():
    c = Cards()
    first, card = c("straight"), c("road_square")
    state = position([at(first, "D1", "s")], [follower(0, "H", first)], card=card, supply=(5, 6))
    events, after = play(state, "D3s")
    (done,) = of_type(events, FeatureCompleted)
    assert (done.kind, done.winner, done.points, len(done.cards)) == ("road", 0, 2, 2)
    assert after.supply == (6, 6)  # the herald came home


def test_a_tower_of_two_cards_scores_four_and_the_knight_comes_straight_back():
    c = Cards()
    base = [at(c("tower_house"), "C1", "e"), at(c("houses"), "D2", "s")]
    state = position(base, card=c("tower_court"))
    events, after = play(state, "C2s K")
    (done,) = of_type(events, FeatureCompleted)
    assert (done.kind, done.winner, done.points, len(done.cards)) == ("tower", 0, 4, 2)
    assert after.supply == (6, 6) and after.board.followers == ()


def test_a_road_with_a_well_over_three_cards_and_the_start_field_scores_eight():
    c = Cards()
    first = c("straight_well")
    base = [at(first, "E1", "s"), at(c("straight"), "E3", "s")]
    state = position(base, [follower(0, "H", first)], card=c("road_square"))
    events, _ = play(state, "E5s")
    (done,) = of_type(events, FeatureCompleted)
    assert done.start_fields == (0,) and len(done.cards) == 3
    assert (done.winner, done.points) == (0, 8)


def _two_towers(c: Cards):
    c1, c2, c3 = c("tower_house"), c("tower_house"), c("tower_court")
    base = [at(c1, "F5", "n"), at(c2, "E6", "w"), at(c3, "H6", "e")]
    base += [at(c("houses"), sq, f) for sq, f in (("E4", "s"), ("G4", "s"), ("H4", "s"), ("E7", "e"), ("G7", "e"))]
    return base, (c1, c2, c3)


def test_towers_joined_by_a_new_card_score_eight_for_four_cards():
    c = Cards()
    base, (c1, c2, c3) = _two_towers(c)
    knights = [follower(1, "K", c1), follower(0, "K", c2), follower(1, "K", c3)]
    state = position(base, knights, card=c("towers"), supply=(5, 4))
    events, after = play(state, "F6e")
    (done,) = of_type(events, FeatureCompleted)
    assert (done.kind, len(done.cards), done.winner, done.points) == ("tower", 4, 1, 8)
    assert after.supply == (6, 6)


def test_a_tie_in_an_area_scores_nothing_but_the_followers_return():
    c = Cards()
    base, (c1, c2, _) = _two_towers(c)
    state = position(base, [follower(1, "K", c1), follower(0, "K", c2)], card=c("towers"), supply=(5, 5))
    events, after = play(state, "F6e")
    (done,) = of_type(events, FeatureCompleted)
    assert (done.winner, done.points) == (-1, 0)
    assert after.scores == (0, 0) and after.supply == (6, 6)


def test_a_house_of_one_card_scores_one_and_carries_the_palas():
    c = Cards()
    state = position([at(c("courts"), "I1", "s")], card=c("tower_house"))
    events, after = play(state, "J2n S")
    (done,) = of_type(events, FeatureCompleted)
    assert (done.kind, done.points, done.winner) == ("house", 1, 0)
    assert of_type(events, PalasBuilt)[0].size == 1 and after.palas[0].size == 1


def _courtyards(c: Cards):
    ca, cb, cc, cd = c("court_market"), c("courts"), c("court_market"), c("house_market")
    small = c("court_market")
    base = [
        at(ca, "B14", "e"),
        at(cb, "D14", "e"),
        at(cc, "B13", "e"),
        at(cd, "D12", "s"),
        at(c("tower_market"), "G14", "w"),
        at(small, "I6", "e"),
    ]
    merchants = [follower(0, "M", ca), follower(0, "M", cb), follower(1, "M", cc), follower(1, "M", small)]
    return base, merchants


@pytest.mark.parametrize("tiles, big", [(((), ()), 15), (((7,), ()), 20)])
def test_the_big_courtyard_with_five_markets_and_the_small_one(tiles, big):
    base, merchants = _courtyards(Cards())
    fold = Folder(position(base, merchants, deck=(), tiles=tiles))
    final_scoring(fold)
    scored = sorted((e.seat, e.markets, e.points) for e in of_type(fold.events, CourtyardScored))
    assert scored == [(0, 5, big), (1, 1, 3)]


def _tile_except(free: set) -> list:
    """Cover every other square with dominoes (a perfect matching), as cards 0..59."""
    squares = set(CASTLE.interior) - free
    match: dict = {}

    def augment(sq, seen):
        x, y = sq
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in squares and n not in seen:
                seen.add(n)
                if n not in match or augment(match[n], seen):
                    match[n] = sq
                    return True
        return False

    for sq in sorted(squares):
        if (sq[0] + sq[1]) % 2 == 0:
            assert augment(sq, set())
    from engine.games.carcassonne_castle.board import Placement

    pairs = sorted((b, a) for a, b in match.items())
    out = []
    for card, (a, b) in enumerate(pairs):
        facing = {(1, 0): 1, (-1, 0): 3, (0, 1): 2, (0, -1): 0}[(b[0] - a[0], b[1] - a[1])]
        out.append(Placement(card, a[0], a[1], facing))
    return out


@pytest.mark.parametrize(
    "palas, tiles, winner, points",
    [
        ((3, 2), ((), ()), 0, 11),
        ((2, 2), ((), ()), -1, 0),
        ((3, 2), ((), (8,)), 1, 11),
    ],
)
def test_the_largest_palas_scores_the_cards_that_fit_the_largest_free_region(palas, tiles, winner, points):
    from engine.games.carcassonne_castle.state import Palas

    strip = {(x, y) for x in range(11) for y in (3, 4)}  # 22 squares: room for 11 cards
    rest = {(x, 13) for x in range(10)}
    placements = _tile_except(strip | rest)
    assert len(placements) == 60
    state = position(placements, deck=(), palas=tuple(Palas(s, ()) for s in palas), tiles=tiles)
    fold = Folder(state)
    final_scoring(fold)
    (ev,) = of_type(fold.events, PalasScored)
    assert (ev.seat, ev.points) == (winner, points)
    assert len(ev.region) == 22 and max_cards(set(ev.region)) == 11


def test_no_follower_into_an_occupied_house_even_ones_own_but_a_knight_may_go():
    c = Cards()
    house = c("houses")
    state = position([at(house, "F6", "e")], [follower(0, "S", house)], card=c("tower_house"), supply=(5, 6))
    roles = {a.role for a in GAME.legal_actions(state, 0) if (a.x, a.y, a.facing) == (5, 7, "n")}
    assert roles == {"", "K"}
    with pytest.raises(IllegalAction, match="already has a follower"):
        play(state, "F8n S")
    play(state, "F8n K")


def test_no_merchant_into_an_occupied_courtyard_but_a_squire_may_go():
    c = Cards()
    court = c("courts")
    state = position([at(court, "F6", "e")], [follower(1, "M", court)], card=c("house_court"), supply=(6, 5))
    roles = {a.role for a in GAME.legal_actions(state, 0) if (a.x, a.y, a.facing) == (5, 7, "n")}
    assert roles == {"", "S"}
    with pytest.raises(IllegalAction):
        play(state, "F8n M")


def test_a_house_is_not_continued_around_a_corner():
    c = Cards()
    h1, h2 = c("houses"), c("tower_house")
    state = position([at(h1, "F5", "s"), at(h2, "H7", "w")])  # houses on F6 and G7 meet at a corner
    a = state.board.analysis
    assert a.feature(h1, 0) != a.feature(h2, 1)
    assert a.features[a.feature(h1, 0)].size == 1
