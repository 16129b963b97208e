"""The quick scoring (castle_score, the score sheet, each room's points) against a plain reference
written from the rules, room by room, over the castles of random games at every number of seats (the
Ludwig game among them) and over random castles that no game would build (rooms anywhere, in any
number, copies of special rooms), so every shortcut of the quick scoring is checked where it could go
wrong."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig
from engine.games.between_two_castles import GAME, Castle
from engine.games.between_two_castles.castle import AROUND, ORTHOGONAL, THRONE_ROOM, type_of
from engine.games.between_two_castles.catalog import (
    ATTENDANT_DECOR,
    ATTENDANT_NAMES,
    BONUS_CARDS,
    DECOR_OF,
    NORMAL_COUNT,
    NORMAL_TYPES,
    ROOMS,
    SPECIAL_ID,
    SPECIAL_TYPES,
    THRONE_CELLS,
    THRONE_SPOTS,
    THRONES,
)
from engine.games.between_two_castles.scoring import (
    attendant_points,
    card_points,
    castle_score,
    matches,
    room_points,
    score_sheet,
    throne_points,
)
from engine.games.between_two_castles.state import OVER


def _rooms_around(grid, col, floor):
    """The rooms in the 8 cells around (col, floor), the throne room once and copies of a special room each."""
    rooms = [grid[(col + dc, floor + df)] for dc, df in AROUND if (col + dc, floor + df) in grid]
    if rooms.count(THRONE_ROOM) > 1:
        rooms.remove(THRONE_ROOM)
    return rooms


def _connected(grid, col, floor, wanted):
    """The rooms reached from (col, floor) through edges, every room on the way wanted; the throne room once."""
    seen, todo = {(col, floor)}, [(col, floor)]
    while todo:
        c, f = todo.pop()
        for dc, df in ORTHOGONAL:
            cell = (c + dc, f + df)
            if cell not in seen and cell in grid and wanted(grid[cell]):
                seen.add(cell)
                todo.append(cell)
    rooms = [grid[cell] for cell in seen - {(col, floor)}]
    return len(rooms) - max(rooms.count(THRONE_ROOM) - 1, 0)


def reference_room_points(castle: Castle, col: int, floor: int, room: int) -> int:
    r, grid = ROOMS[room], castle.grid

    def wanted(other):
        return other is not None and matches(other, r.wants, r.type == "corridor")

    column = [(f, grid[(c, f)]) for c, f in grid if c == col and f != floor]
    if r.where in ("above_below", "left_right", "two_below"):
        offsets = {"above_below": ((0, 1), (0, -1)), "left_right": ((-1, 0), (1, 0)), "two_below": ((0, -1), (0, -2))}[
            r.where
        ]
        return r.points * sum(wanted(grid.get((col + dc, floor + df))) for dc, df in offsets)
    if r.where == "surrounding":
        return r.points * sum(map(wanted, _rooms_around(grid, col, floor)))
    if r.where == "connected":
        return r.points * _connected(grid, col, floor, wanted)
    if r.where == "anywhere":
        return r.points * (castle.special_rooms if r.wants == "special" else castle.count(r.wants))
    if r.where == "column_above":
        return r.points * sum(wanted(other) for f, other in column if f > floor)
    if r.where == "column":
        return r.points * sum(wanted(other) for _, other in column)
    if r.where == "castle":
        return 4 if all(castle.count(t) for t in NORMAL_TYPES if t != "sleeping") else 1
    if r.where == "tower":
        return sum(1 for f, _ in column if f < floor)
    if r.where == "foyer":
        return len(_rooms_around(grid, col, floor))
    assert r.where == "fountain"
    return 5


def _all_occupied(castle: Castle, offsets) -> int:
    grid = castle.grid
    rooms = sum(all((c + dc, f + df) in grid for dc, df in offsets) for c, f, _ in castle.cells)
    ring = {(c + dc, f + df) for c, f in THRONE_CELLS for dc, df in offsets} - set(THRONE_CELLS)
    return rooms + all(cell in grid for cell in ring)


def reference_card_points(castle: Castle, card: int) -> int:
    key, grid = BONUS_CARDS[card].key, castle.grid
    floors, cols = [f for _, f in grid], [c for c, _ in grid]
    around_throne = [grid[cell] for cell in THRONE_SPOTS.values() if cell in grid]
    counts = {
        "variety": sum(1 for t in NORMAL_TYPES + SPECIAL_TYPES if castle.count(t)),
        "attendants": len(castle.attendants),
        "underground": sum(1 for _, f, _ in castle.cells if f < 0),
        "high": sum(1 for _, f, _ in castle.cells if f >= 2),
        "height": max(floors) - min(floors) + 1,
        "width": max(cols) - min(cols) + 1,
        "enclosed": _all_occupied(castle, AROUND),
        "crossed": _all_occupied(castle, ORTHOGONAL),
        "special": castle.special_rooms,
        "throne_variety": len({type_of(r) for r in around_throne} & set(NORMAL_TYPES)),
        "throne_ring": len(around_throne),
        "five_of_a_type": sum(1 for t in NORMAL_TYPES if castle.count(t) >= 5),
        "three_of_a_type": sum(1 for t in NORMAL_TYPES if castle.count(t) >= 3),
    }
    return BONUS_CARDS[card].points * (castle.count(key) if key in NORMAL_TYPES else counts[key])


def reference_throne_points(castle: Castle) -> int:
    return sum(
        2
        for kind, spot in THRONES[castle.throne].wants
        if type_of(castle.grid.get(THRONE_SPOTS[spot], THRONE_ROOM)) == kind
    )


def reference_attendant_points(castle: Castle, name: str) -> int:
    return sum(1 for _, _, room in castle.cells if DECOR_OF[room] == ATTENDANT_DECOR[name])


def reference_score(castle: Castle) -> int:
    return (
        sum(reference_room_points(castle, c, f, r) for c, f, r in castle.cells)
        + sum(reference_card_points(castle, card) for card in castle.cards)
        + sum(reference_attendant_points(castle, a) for a in castle.attendants)
        + reference_throne_points(castle)
    )


def check(castle: Castle) -> None:
    grid_only = Castle(castle.throne, castle.cells, castle.attendants, castle.cards)
    grid_only.grid  # noqa: B018 (as a load leaves a castle: its grid made, its sheet not)
    expected = reference_score(castle)
    assert (
        castle_score(grid_only)
        == castle_score(Castle(castle.throne, castle.cells, castle.attendants, castle.cards))
        == expected
    )
    sheet = score_sheet(castle)
    assert sheet.total == expected
    rooms = {category: [] for category in NORMAL_TYPES + SPECIAL_TYPES}
    for c, f, r in castle.cells:
        points = room_points(castle, c, f, r)
        assert points == reference_room_points(castle, c, f, r), (ROOMS[r].name, c, f)
        rooms[ROOMS[r].type].append(points)
    assert all(sheet.row(category).points == tuple(points) for category, points in rooms.items())
    assert (
        sheet.row("bonus cards").points
        == tuple(card_points(castle, c) for c in castle.cards)
        == tuple(reference_card_points(castle, c) for c in castle.cards)
    )
    assert (
        sheet.row("attendants").points
        == tuple(attendant_points(castle, a) for a in castle.attendants)
        == tuple(reference_attendant_points(castle, a) for a in castle.attendants)
    )
    assert sheet.row("throne room").points == (throne_points(castle),) == (reference_throne_points(castle),)


def random_game_castles(players: int, seed: int, variants=frozenset()):
    """Every castle of a random game, as it grows."""
    config = GameConfig(players, variants)
    rng = random.Random(seed)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(seed)):
        state = GAME.evolve(state, ev)
    seen = {}
    while state.phase != OVER:
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        for ev in GAME.decide(state, seat, action, random.Random(rng.random())):
            state = GAME.evolve(state, ev)
        for castle in state.castles:
            seen[id(castle)] = castle
    return list(seen.values())


@pytest.mark.parametrize(
    "players, variants",
    [
        (2, frozenset({"ludwig"})),
        (3, frozenset()),
        (4, frozenset()),
        (5, frozenset()),
        (6, frozenset()),
        (7, frozenset()),
    ],
)
def test_the_castles_of_random_games_score_as_the_rules_say(players, variants):
    for seed in range(3):
        for castle in random_game_castles(players, seed, variants):
            check(castle)


def random_castle(rng: random.Random) -> Castle:
    """Rooms on random cells of a 9 x 9 square around the throne room (joined or not), special rooms in
    copies, and random attendants and bonus cards: shapes no game builds, for rules read cell by cell."""
    cells = [(c, f) for c in range(-4, 6) for f in range(-4, 5) if (c, f) not in THRONE_CELLS]
    chosen = rng.sample(cells, rng.randint(0, 40))
    rooms = rng.sample(range(NORMAL_COUNT), len(chosen))
    rooms = [rng.choice(list(SPECIAL_ID.values())) if rng.random() < 0.2 else r for r in rooms]
    attendants = tuple(rng.choice(ATTENDANT_NAMES) for _ in range(rng.randint(0, 4)))
    cards = tuple(rng.sample(range(len(BONUS_CARDS)), rng.randint(0, 5)))
    return Castle(rng.randrange(len(THRONES)), tuple((c, f, r) for (c, f), r in zip(chosen, rooms)), attendants, cards)


def test_random_castles_no_game_builds_score_as_the_rules_say():
    rng = random.Random(2026)
    for _ in range(400):
        check(random_castle(rng))
