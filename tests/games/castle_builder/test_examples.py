"""Every worked example of the rulebook (seed 003), as a test."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalMove
from engine.core.fastattrs import replace
from engine.games.castle_builder import GAME, Build
from engine.games.castle_builder.castle import NEW_CASTLE, open_spots
from engine.games.castle_builder.catalog import TILES
from engine.games.castle_builder.events import BaronMoved, TilesDrawn

from .helpers import Tiles, act, castle, of_type, play, position


def mine(c, holder, players=2, **changes):
    return position(
        players=players, castles=[c] + [NEW_CASTLE] * (players - 1), holders=[holder] + [[]] * (players - 1), **changes
    )


# -- the placement rules (the picture with the side walls, the 5 and the 14) --------------------


def test_a_side_wall_may_not_start_a_new_level_but_may_join_one():
    t = Tiles()
    base = dict(g1=t("wall", "3"), h2=t("wall", "5"), k1=t("wall", "4"), j2=t("wall", "6"))
    wall = t("side wall left")
    state = mine(castle(**base), [wall])
    with pytest.raises(IllegalMove, match="castle symbol"):
        act(state, Build(wall, 3, 6))  # 3g: air over nothing on the left, stone on 2h
    state = mine(castle(**base, i3=t("window", "11")), [wall])  # 5 + 6 = 11 started level 3
    events, after = act(state, Build(wall, 3, 6))
    assert (3, 6, wall) in after.castles[0]


def test_air_may_not_stand_on_stone():
    t = Tiles()
    wall = t("side wall right")  # stone left, air right
    state = mine(castle(g1=t("wall", "3"), h2=t("wall", "5"), k1=t("wall", "4")), [wall])
    with pytest.raises(IllegalMove, match="air may not stand on stone"):
        play(state, f"{wall}@2j")  # its air half would stand on the 4's stone


def test_the_5_may_not_stand_over_nothing():
    t = Tiles()
    five = t("wall", "5")
    state = mine(castle(k1=t("wall", "1"), j2=t("wall", "3")), [five])
    with pytest.raises(IllegalMove, match="stone may not stand on nothing"):
        play(state, f"{five}@2l")  # on the 1 and over the empty ground place 1m


def test_the_14_may_stand_beside_the_5_as_sides_need_not_match():
    t = Tiles()
    fourteen = t("treasury", "14")
    state = mine(castle(g1=t("wall", "3"), h2=t("wall", "5"), k1=t("wall", "12")), [fourteen])
    _, after = play(state, f"{fourteen}@2j")  # gate 2 + 12
    assert (2, 9, fourteen) in after.castles[0]


# -- building by numbers ------------------------------------------------------------------------


def test_10_and_14_below_need_a_24_above():
    t = Tiles()
    c = castle(k1=t("wall", "10"), m1=t("treasury", "14"))
    big, twelve = t("treasury", "24"), t("wall", "12")
    state = mine(c, [big, twelve])
    with pytest.raises(IllegalMove, match="needs 24, not 12"):
        play(state, f"{twelve}@2l")
    _, after = play(state, f"{big}@2l")
    assert (2, 11, big) in after.castles[0]


def test_the_princess_check_mark_goes_on_any_numbers():
    t = Tiles()
    princess = t("princess")
    state = mine(castle(k1=t("wall", "10"), m1=t("treasury", "14")), [princess])
    _, after = play(state, f"{princess}@2l")
    assert (2, 11, princess) in after.castles[0]


def test_daniels_side_wall_on_the_6_air_over_air():
    t = Tiles()
    six = t("battlement right", "6")  # air on the right of its top
    assert TILES[six].top == "SA"
    c = dict(g1=t("wall", "4"), h2=six, k1=t("wall", "5"), j2=t("window", "7"), m1=t("wall", "1"), l2=t("guard", "6"))
    wall, stone = t("side wall left"), t("wall", "6")
    state = mine(castle(**c), [wall, stone])
    with pytest.raises(IllegalMove, match="castle symbol"):
        play(state, f"{wall}@3i")  # level 3 not begun yet
    state = mine(castle(**c, k3=t("damsel", "13")), [wall, stone])  # 7 + 6 = 13 begins level 3
    with pytest.raises(IllegalMove, match="stone may not stand on air"):
        play(state, f"{stone}@3i")
    _, after = play(state, f"{wall}@3i")  # air over the 6's air, stone on the 7; any number
    assert (3, 8, wall) in after.castles[0]


def test_the_ground_takes_any_number_a_check_mark_and_even_a_roof_but_no_side_wall():
    t = Tiles()
    roof, big, princess, wall = t("roof", "14"), t("treasury", "24"), t("princess"), t("side wall left")
    state = mine(NEW_CASTLE, [roof, big, princess, wall])
    for tile in (roof, big, princess):
        _, after = play(state, f"{tile}@1c")
        assert (1, 2, tile) in after.castles[0]
    with pytest.raises(IllegalMove, match="foundation"):
        play(state, f"{wall}@1c")


def test_the_gate_counts_as_a_2_on_the_foundation():
    t = Tiles()
    seven = t("window", "7")
    state = mine(castle(k1=t("wall", "5")), [seven])
    _, after = play(state, f"{seven}@2j")  # gate 2 + 5
    assert (2, 9, seven) in after.castles[0]


# -- changing numbers (Nico) --------------------------------------------------------------------


def nico():
    t = Tiles()
    c = castle(g1=t("wall", "10"), k1=t("window", "9"))
    hall, noble, damsel = t("great hall", "11/1"), t("angry noble", "12"), t("damsel", "13")
    pay1, pay2 = t("wall", "1"), t("wall", "2")
    state = mine(c, [hall, noble, damsel, pay1, pay2], players=3, barons=(0, 20, 21))
    return state, hall, noble, damsel, pay1, pay2


def test_nico_raises_the_11_to_12_on_10_plus_2_by_discarding_a_tile():
    state, hall, _, _, pay1, _ = nico()
    with pytest.raises(IllegalMove, match="needs 12, not 11"):
        play(state, f"{hall}@2h")
    with pytest.raises(IllegalMove, match="needs 12, not 11-1"):
        play(state, f"{hall}@2h-1x{pay1}")
    with pytest.raises(IllegalMove, match="changed by 1 only"):
        play(state, f"{hall}@2h+2x{pay1}x{state.holders[0][-1]}")
    events, after = play(state, f"{hall}@2h+1x{pay1}")
    assert pay1 not in after.holders[0] and after.discard == (pay1,)
    assert (2, 7, hall) in after.castles[0]
    assert of_type(events, BaronMoved)[0].steps == 2  # level 2, no ruby


def test_nico_lowers_the_angry_noble_to_11_on_2_plus_9_and_moves_3_then_the_damsel_4():
    state, hall, noble, damsel, pay1, pay2 = nico()
    _, state = play(state, f"{hall}@2h+1x{pay1}")
    state = replace(state, turn=0, barons=(0, 20, 21))
    events, state = play(state, f"{noble}@2j-1x{pay2}")
    moved = of_type(events, BaronMoved)[0]
    assert (moved.steps, moved.distance, moved.to) == (3, 3, 3)  # 2 for level 2, 1 for the ruby
    state = replace(state, turn=0, barons=(0, 20, 21))
    events, state = play(state, f"{damsel}@3i")  # 1 (the 11/1 counts its upper number) + 12 = 13
    moved = of_type(events, BaronMoved)[0]
    assert (moved.steps, moved.distance, moved.to) == (4, 4, 4)  # 3 for level 3, 1 for the ruby
    assert TILES[noble].lower == 12 and (2, 9, noble) in state.castles[0]


def test_a_changed_number_is_printed_again_once_built():
    state, hall, noble, damsel, pay1, _ = nico()
    _, state = play(state, f"{hall}@2h+1x{pay1}")
    spots = {(s.level, s.x): s.need for s in open_spots(state.castles[0])}
    assert spots[(3, 6)] == spots[(3, 8)] == 1  # over the 11/1 alone: it counts 1, not 12


def test_a_number_may_be_changed_also_where_any_number_fits():
    """„Immer wenn du ein Plättchen anbaust (egal ob es aus deinem Plättchenhalter oder vom Markt
    kommt), darfst du die dort aufgedruckte Zahl um 1 erhöhen oder verringern. Als Kosten dafür
    musst du allerdings 1 Plättchen aus deinem Plättchenhalter ablegen." — "Whenever you add a tile
    (from your holder or the market), you may raise or lower its printed number by 1, paying by
    discarding 1 tile from your holder." Whenever: on the foundation and for a ✓ tile too, where
    any number fits and the change only costs the tile."""
    t = Tiles()
    roof, princess, pay, pay2 = t("roof", "14"), t("princess"), t("wall", "1"), t("wall", "2")
    c = castle(k1=t("wall", "10"), m1=t("treasury", "14"))
    state = mine(c, [roof, princess, pay, pay2])
    legal = set(GAME.legal_actions(state, 0))
    assert {Build(roof, 1, 2, 1, (pay,)), Build(roof, 1, 2, -1, (pay2,)), Build(princess, 2, 11, 1, (pay,))} <= legal
    assert Build(roof, 1, 2) in legal and Build(princess, 2, 11) in legal  # as printed, for nothing
    _, after = play(state, f"{roof}@1c+1x{pay}")  # on the foundation
    assert (1, 2, roof) in after.castles[0] and after.discard == (pay,)
    _, after = play(state, f"{princess}@2l-1x{pay2}")  # a check mark on 10 + 14
    assert (2, 11, princess) in after.castles[0] and after.discard == (pay2,)
    with pytest.raises(IllegalMove, match="changed by 1 only"):
        play(state, f"{roof}@1c+2x{pay}x{pay2}")


def test_files_saved_under_rules_version_1_refuse_that_change():
    t = Tiles()
    roof, princess, pay = t("roof", "14"), t("princess"), t("wall", "1")
    state = mine(castle(k1=t("wall", "10"), m1=t("treasury", "14")), [roof, princess, pay], rules_version=1)
    with pytest.raises(IllegalMove, match="nothing to change"):
        play(state, f"{roof}@1c+1x{pay}")
    with pytest.raises(IllegalMove, match="no number to change"):
        play(state, f"{princess}@2l+1x{pay}")
    assert all(b.delta == 0 for b in GAME.legal_actions(state, 0) if isinstance(b, Build))


# -- the baron (Monja) --------------------------------------------------------------------------


def test_monja_glides_over_three_barons_onto_the_ruby_and_takes_no_tile():
    t = Tiles()
    c = castle(g1=t("wall", "3"), h2=t("wall", "5"), k1=t("wall", "4"), j2=t("wall", "6"))
    eleven = t("window", "11")
    # Monja on space 8; red, yellow and blue on 11, 12 and 13 (a tile space); 14 is a ruby space
    state = position(players=4, castles=[c] + [NEW_CASTLE] * 3, holders=[[eleven], [], [], []], barons=(7, 10, 11, 12))
    events, after = play(state, f"{eleven}@3i")
    moved = of_type(events, BaronMoved)[0]
    assert moved.steps == 3
    assert moved.to == 14  # space 15: three steps to 11, glide to the ruby on 14, one more step
    assert moved.distance == 7 and moved.coins == 0
    assert not of_type(events, TilesDrawn)  # she did not end on the tile space
    assert after.barons == (14, 10, 11, 12)
