"""The components: the castle outline, start fields, the track and towers, the cards and wall tiles."""

from __future__ import annotations

from collections import Counter

from engine.games.carcassonne_castle.board import road_label, Placement
from engine.games.carcassonne_castle.catalog import (
    CARD_TYPE_OF,
    CARD_TYPES,
    CASTLE,
    COURT,
    ROAD,
    TILE_COPIES,
    TILE_KINDS,
    TRACK,
    card_type,
)
from engine.games.carcassonne_castle.scoring import max_cards


def test_the_interior_has_152_squares_and_room_for_76_cards():
    assert len(CASTLE.interior) == 152
    assert max_cards(set(CASTLE.interior)) == 76


def test_sixty_cards_leave_sixteen_card_spaces_free():
    assert len(CARD_TYPE_OF) == 60
    free = len(CASTLE.interior) - 2 * len(CARD_TYPE_OF)
    assert free == 32 and free // 2 == 16


def test_seven_start_fields_one_a_courtyard_with_a_market():
    fields = CASTLE.start_fields
    assert len(fields) == 7
    assert [f.kind for f in fields if f.market] == [COURT]
    assert Counter(f.kind for f in fields) == {"road": 2, "tower": 2, "house": 2, COURT: 1}
    for f in fields:
        assert all(sq in CASTLE.interior for sq in f.squares)
        assert all(c not in CASTLE.interior for c in f.cells)


def test_the_track_has_100_spaces_round_the_wall_and_14_corner_towers():
    assert len(CASTLE.track) == TRACK
    assert all(cell not in CASTLE.interior for cell in CASTLE.track)
    assert set(CASTLE.track) == set(CASTLE.ring)
    towers = CASTLE.towers
    assert len(towers) == 14 and towers[0].spaces == (0, 1)
    assert any(t.spaces == (12, 13) for t in towers) and any(33 in t.spaces for t in towers)
    for t in towers:
        assert CASTLE.track[t.spaces[0]] == CASTLE.track[t.spaces[1]] == t.cell


def test_eighteen_wall_tiles_nine_kinds_thirteen_dealt():
    assert TILE_KINDS * TILE_COPIES == 18 and len(CASTLE.towers) - 1 == 13


def test_the_card_mix():
    kinds = Counter()
    for card in range(60):
        t = card_type(card)
        for half in t.halves:
            kinds[half.terrain] += 1
    markets = sum(h.market for c in range(60) for h in card_type(c).halves)
    wells = sum(any(h.well for h in card_type(c).halves) for c in range(60))
    roads = sum(any(h.terrain == "road" for h in card_type(c).halves) for c in range(60))
    assert markets >= 4 and 0 < wells < roads / 2
    assert kinds["square"] >= 1 and all(kinds[k] for k in ("road", "tower", "house", "court"))


def test_every_card_names_its_roads_apart_in_every_orientation():
    for t in CARD_TYPES:
        card = CARD_TYPE_OF.index(CARD_TYPES.index(t))
        for facing in range(4):
            p = Placement(card, 5, 5, facing)
            roads = [s for s, seg in enumerate(t.segments) if seg.kind == ROAD]
            assert len({road_label(p, s) for s in roads}) == len(roads)
        for kind in ("tower", "house", COURT):
            assert len(t.segments_of(kind)) <= 1
