"""The rulebook's worked examples, room by room, and the 62-point example castle."""

from __future__ import annotations

from engine.games.between_two_castles.scoring import card_points, castle_score, room_points, score_sheet, throne_points

from .helpers import castle


def points_at(c, col, floor):
    return room_points(c, col, floor, c.grid[(col, floor)])


def test_a_tower_scores_one_per_room_below_it_downstairs_included():
    c = castle(rooms={(2, 0): "Great Hall", (2, -1): "Crypt", (2, 1): "Salon", (2, 2): "Nap Room", (2, 3): "tower"})
    assert points_at(c, 2, 3) == 4


def test_a_foyer_scores_one_per_surrounding_room_and_the_throne_room_once():
    c = castle(
        rooms={
            (0, 1): "Salon",
            (1, 1): "Nap Room",
            (2, 0): "Great Hall",
            (2, 1): "foyer",
            (3, 0): "Dead End",
            (2, 2): "Solar",
        }
    )
    # Around the foyer: the Nap Room, the Great Hall, the Dead End, the Solar and the throne room (once).
    assert points_at(c, 2, 1) == 5


def test_game_storage_counts_only_living_rooms_connected_through_living_rooms():
    c = castle(
        rooms={
            (2, 0): "Game Storage",
            (3, 0): "Salon",
            (4, 0): "Study",
            (3, 1): "Parlor",
            (2, 1): "Library",
            (2, 2): "Vestibule",
            (-1, 0): "Taxidermy Showroom",
        }
    )
    assert points_at(c, 2, 0) == 5  # the Taxidermy Showroom left of the throne room is not connected


def test_the_laboratory_scores_the_utility_rooms_anywhere_above_it():
    c = castle(rooms={(0, -1): "Laboratory", (0, 1): "Tool Room", (0, 2): "Kennel", (1, 1): "Sauna"})
    assert points_at(c, 0, -1) == 2


def test_both_throne_room_examples_score_four():
    corridor_below = castle(throne=0, rooms={(0, -1): "Great Hall", (1, -1): "Crypt"})
    living_and_sleeping_above = castle(throne=2, rooms={(0, 1): "Salon", (1, 1): "Nap Room"})
    assert throne_points(corridor_below) == 4
    assert throne_points(living_and_sleeping_above) == 4
    wrong_spots = castle(throne=2, rooms={(0, 1): "Nap Room", (1, 1): "Salon"})
    assert throne_points(wrong_spots) == 0


def test_food_rooms_score_two_per_wanted_neighbour_at_most_four():
    c = castle(
        rooms={
            (0, 1): "King's Chambers",
            (0, 2): "Wine Room",
            (0, 3): "Midnight Room",
            (2, 0): "Chocolate Room",
            (2, -1): "Crypt",
            (2, -2): "Dungeon",
        }
    )
    assert points_at(c, 0, 2) == 4
    assert points_at(c, 2, 0) == 4


def test_sleeping_rooms_score_four_only_with_all_six_other_types():
    few = castle(rooms={(0, 1): "Nap Room"})
    assert points_at(few, 0, 1) == 1
    full = castle(
        rooms={
            (0, 1): "Nap Room",
            (1, 1): "Wine Room",
            (2, 0): "Salon",
            (3, 0): "Sauna",
            (2, 1): "Aviary",
            (-1, 0): "Great Hall",
            (-1, -1): "Crypt",
        }
    )
    assert points_at(full, 0, 1) == 4


def test_the_throne_room_counts_one_for_corridors_and_for_rooms_wanting_special_rooms():
    c = castle(rooms={(2, 0): "Echo Chamber", (-1, 0): "Library", (0, 1): "Biergarten"})
    assert points_at(c, 2, 0) == 1  # the throne room, though it has no torch
    assert points_at(c, -1, 0) == 1  # a special room
    assert points_at(c, 0, 1) == 1  # the throne room is the only special room


def test_each_copy_of_a_special_room_counts_and_each_room_once():
    """A castle may hold two foyers (copies of one special room) but every other room once: a
    room counting special rooms around it counts both foyers and the throne room once."""
    c = castle(
        rooms={
            (-1, 0): "Library",
            (-2, 0): "foyer",
            (-2, 1): "foyer",
            (-1, -1): "Great Hall",
            (-1, 1): "Salon",
            (-2, -1): "Crypt",
        }
    )
    assert points_at(c, -1, 0) == 3  # two foyers and the throne room
    below = castle(rooms={(0, -1): "Echo Chamber"})
    assert points_at(below, 0, -1) == 1  # both throne-room cells are around it: one room


def test_bonus_cards():
    c = castle(rooms={(0, 1): "Nap Room", (1, 1): "Solar", (2, 0): "Salon", (0, -1): "Crypt", (-1, 0): "tower"})
    assert card_points(c, 3) == 4  # 2 per sleeping room
    assert card_points(c, 4) == 1  # 1 per underground room
    assert card_points(c, 8) == 3  # 1 per floor: -1, 0, 1
    assert card_points(c, 9) == 4  # 1 per column: -1 to 2
    assert card_points(c, 15) == 4  # 2 per special room, the throne room counted
    assert card_points(c, 17) == 5  # N, NE, S, W and EE around the throne room are taken
    assert card_points(c, 16) == 6  # sleeping, downstairs and living there (the tower is not normal)
    assert card_points(c, 0) == 4  # sleeping, living, downstairs, tower
    assert card_points(c, 13) == 0  # the throne room misses SE; no room has all four sides taken
    enclosed = castle(
        rooms={
            (0, 1): "Nap Room",
            (1, 1): "Solar",
            (2, 0): "Salon",
            (2, 1): "Study",
            (-1, 0): "Great Hall",
            (-1, 1): "Library",
            (-1, -1): "Crypt",
            (0, -1): "Dungeon",
            (1, -1): "Spy Room",
            (2, -1): "Pit of Despair",
        }
    )
    assert card_points(enclosed, 12) == 3  # only the throne room is enclosed on all sides
    assert card_points(enclosed, 13) == 2


# The rulebook's example castle "Schloss Musterbrunn" (62 points). The text of the scan keeps its
# rooms and its score sheet but not the picture, so it is rebuilt here with the same rooms (the
# "Unterhaltungsraum" as the Reception Room and the "Schachbretthalle" as the Hall of Puzzled Floors)
# and one fire-eater, and every category must come out as on the printed sheet.
EXAMPLE = {
    (-1, -2): "Hall of Portraits",
    (-1, -1): "Echo Chamber",
    (-1, 0): "Reception Room",
    (-1, 1): "Fireplace",
    (-1, 2): "Salon",
    (-1, 3): "tower",
    (0, 1): "King's Chambers",
    (0, 2): "Wine Room",
    (0, 3): "Midnight Room",
    (1, 1): "Hibernation Chamber",
    (2, -1): "Laboratory",
    (2, 0): "Game Storage",
    (2, 1): "Broom Closet",
    (3, -1): "Hall of Puzzled Floors",
    (3, 0): "Taxidermy Showroom",
    (3, 1): "foyer",
    (3, 2): "fountain",
    (4, 0): "Reading Room",
    (4, 1): "Firewood Storage",
}


def test_the_62_point_example_castle_scores_every_category_of_the_printed_sheet():
    c = castle(throne=0, rooms=EXAMPLE, attendants=("fire-eater",))
    assert c.is_sound()
    sheet = score_sheet(c)
    totals = {row.category: row.total for row in sheet.rows}
    assert totals == {
        "food": 4,
        "living": 8,
        "utility": 4,
        "outdoor": 5,
        "sleeping": 12,
        "corridor": 4,
        "downstairs": 2,
        "tower": 5,
        "fountain": 5,
        "foyer": 6,
        "bonus cards": 0,
        "attendants": 7,
        "throne room": 0,
    }
    assert sorted(sheet.row("living").points) == [1, 1, 2, 2, 2]
    assert sorted(sheet.row("corridor").points) == [0, 2, 2]
    assert sheet.total == castle_score(c) == 62
