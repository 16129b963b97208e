"""The view holds what a screen needs to draw the table, round-trips through JSON, and hides secrets."""

from __future__ import annotations

from engine.core.views import view_from_json, view_to_json
from engine.games.palais_royal import GAME, PalaisView
from engine.games.palais_royal.catalog import PENSION, RECRUIT, parse_space

from .helpers import GREEN, RED, YELLOW, at_step, find_noble, playing
from .test_properties import play_random


def test_the_view_draws_castle_park_rows_and_players():
    n = find_noble(gold=6, king=1, madame=1, benefit="")
    state = at_step(
        playing(rooms={"Sc": (1, 0, 0, 0), "Mu": (2, 1, 0, 0)}, park={"c3": n}, hands=((PENSION,), (), (), ())), RECRUIT
    )
    view = GAME.view(state, RED)
    assert sorted(r.square for r in view.rooms) == list(range(9))
    assert view.rooms[3].code == "Mu" and view.rooms[3].servants == (2, 1, 0, 0) and view.rooms[3].majority == RED
    assert len(view.park) == 36 and view.park[parse_space("c3")].noble.index == n
    assert view.park[parse_space("c3")].cost == 6 and view.park[0].border and view.park[2].double
    assert [r.name for r in view.rows] == ["fountain row", "statue row", "vase row", "lion row"]
    assert len(view.decorations) == 9
    assert view.turn.step == RECRUIT and view.turn.recruits == 1 and view.turn.step_name == "action 4, Nobles"
    assert view.my_hand == (PENSION,) and view.players_[RED].hand == 1
    assert GAME.view(state, YELLOW).my_hand == () and GAME.view(state, None).my_hand == ()


def test_views_round_trip_through_json_along_a_whole_game():
    config, state, events = play_random(4, 3, check=False)
    replayed = GAME.initial_state(config)
    for i, ev in enumerate(events):
        replayed = GAME.evolve(replayed, ev)
        if i % 37 == 0 or i == len(events) - 1:
            for seat in (None, 0, 1, 2):
                view = GAME.view(replayed, seat)
                assert view_from_json(PalaisView, view_to_json(view)) == view
    final = GAME.view(state, GREEN)
    assert final.over and final.final is not None and final.final.totals == GAME.result(state).scores
    assert all(p.face_down == 0 for p in final.players_)  # every noble shows at the end
