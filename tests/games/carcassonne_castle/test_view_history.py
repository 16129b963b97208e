"""What the view carries for the screens beyond the position itself (issue 9 items 2 and 6): who
laid each card, who took which wall tile from which tower, and the table as set out before the
set-up (a replay's first position)."""

from __future__ import annotations

from engine.core.game import GameConfig
from engine.core.views import view_from_json, view_to_json
from engine.games.carcassonne_castle import GAME, CastleView, TileTaken
from engine.games.carcassonne_castle.events import WallTileTaken

from .helpers import Cards, at, new_game, of_type, play, position


def test_before_the_set_up_the_view_shows_the_full_pile_and_thirteen_face_down_tiles():
    view = GAME.view(GAME.initial_state(GameConfig(2)), None)
    assert view.pile == 60
    assert view.towers == (False,) + (True,) * 13
    after = GAME.view(new_game(1), None)
    assert after.pile == 59 and after.towers == view.towers  # one card drawn, the same towers


def test_the_view_names_who_laid_each_card_even_after_a_second_turn():
    state = new_game(4)
    seats = []
    for _ in range(6):
        seat = state.to_move
        action = next(iter(GAME.legal_actions(state, seat)))
        _, state = play(state, GAME.format_action(state, seat, action), seat)
        seats.append(seat)
    view = GAME.view(state, 0)
    assert len(view.laid_by) == len(view.laid) == 6
    assert view.laid_by == tuple(seats)
    assert view_from_json(CastleView, view_to_json(view)) == view


def test_a_wall_tile_taken_is_named_with_its_tower_and_its_taker():
    c = Cards()
    base = [at(c("tower_house"), "C1", "e"), at(c("houses"), "D2", "s")]
    state = position(base, card=c("tower_court"), to_move=1, scores=(0, 8))
    events, after = play(state, "C2s k")  # a tower of 2: 8 + 4 lands on tower 12/13
    assert of_type(events, WallTileTaken) == [WallTileTaken(1, 1, 9)]
    assert GAME.view(after, None).taken == (TileTaken(1, 1, 9),)
