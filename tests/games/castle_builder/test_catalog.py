"""The components: 126 tiles, 36 coins over 11 effects, the path, and the numbers being reachable."""

from __future__ import annotations

from collections import Counter

from engine.games.castle_builder.catalog import (
    CASTLE_TILES,
    COIN,
    COINS,
    GATE,
    GATE_X,
    PATH,
    PATH_LENGTH,
    RUBY,
    TILE,
    TILES,
    TILE_COUNT,
    royal_ids,
)


def test_126_tiles_with_well_formed_edges_and_symbols():
    assert TILE_COUNT == 126 and [t.id for t in CASTLE_TILES] == list(range(126))
    for t in CASTLE_TILES:
        assert {t.top, t.bottom} <= {"SS", "SA", "AS", "AA"}
        assert 0 <= t.rubies <= 2 and t.windows >= 0 and t.persons >= 0
        assert t.check or 1 <= t.lower <= 24
        if t.roofs:
            assert t.top == "AA"  # roofs have air on top
        if t.bottom != "SS":
            assert t.check and t.castle  # only side walls hang over air
    assert TILES[GATE].label == "2" and GATE_X == 8


def test_the_mix_follows_the_facts_page():
    checks = [t for t in CASTLE_TILES if t.check]
    assert 10 <= len(checks) <= 25 and sum(t.top == "AA" for t in checks) * 2 >= len(checks) - 8
    assert sum(1 for t in CASTLE_TILES if t.rubies) < 63  # a minority
    two = [t for t in CASTLE_TILES if not t.check and t.lower != t.upper]
    assert two and all(t.upper < t.lower for t in two) and len(two) < 63
    assert sum(1 for t in CASTLE_TILES if t.castle) >= 8
    assert sum(t.persons for t in CASTLE_TILES) >= 20 and sum(t.windows for t in CASTLE_TILES) >= 40
    assert sum(1 for t in CASTLE_TILES if t.roofs) >= 15


def test_the_tiles_the_rulebook_shows_exist():
    labels = Counter((t.kind, t.label) for t in CASTLE_TILES)
    for kind, label in [
        ("wall", "10"),
        ("treasury", "14"),
        ("wall", "5"),
        ("battlement right", "6"),
        ("great hall", "11/1"),
        ("angry noble", "12"),
        ("damsel", "13"),
        ("treasury", "24"),
    ]:
        assert labels[(kind, label)] >= 1, (kind, label)
    noble = next(t for t in CASTLE_TILES if t.kind == "angry noble" and t.label == "12")
    assert noble.rubies == 1 and noble.persons == 1
    assert any(t.kind == "princess" and t.check for t in CASTLE_TILES)
    assert any(t.kind.startswith("side wall") and t.castle and t.check for t in CASTLE_TILES)
    prince, princess = (TILES[i] for i in royal_ids(0))
    assert prince.royal and princess.royal and prince.check and princess.check


def test_every_sum_up_to_24_can_be_met_within_one():
    lowers = Counter(t.lower for t in CASTLE_TILES if not t.check)
    for need in range(2, 25):
        assert lowers[need - 1] + lowers[need] + lowers[need + 1] >= 1, need
    assert all(lowers[n] >= 3 for n in range(3, 15))  # the common sums, exactly, several times


def test_36_coins_eight_effects_three_times_three_four_times():
    counts = Counter(COINS)
    assert len(COINS) == 36 and len(counts) == 11
    assert sorted(counts.values()) == [3] * 8 + [4] * 3


def test_the_path_is_a_loop_of_40_with_a_coin_space_every_8():
    assert PATH_LENGTH == 40 == len(PATH)
    assert [i + 1 for i, k in enumerate(PATH) if k == COIN] == [8, 16, 24, 32, 40]
    assert PATH.count(RUBY) == 7 and PATH.count(TILE) == 5
    assert all(PATH[i] != COIN for i in range(4))  # the start spaces 1-4
