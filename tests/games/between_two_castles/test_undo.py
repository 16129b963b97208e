"""A chosen pair is final: „Hast du deine Wahl einmal getroffen, darfst du dich nicht mehr
umentscheiden." — "Once you have made your choice, you may not change your mind." Undo refuses
it with that reason, except in practice games and in files saved under rules version 1."""

from __future__ import annotations

from engine.core import Entry, GameConfig, Header, Match, Seat, rng_for
from engine.core.game import match_seed
from engine.games.between_two_castles import GAME, Choose

PEOPLE = [Seat("Ann"), Seat("Bob"), Seat("Cyd")]


def _choose_first_pair(match: Match) -> tuple[int, ...]:
    pair = tuple(sorted(match.state.hands[0])[:2])
    match.submit(0, Choose(pair))
    return pair


def test_outside_practice_a_chosen_pair_cannot_be_taken_back():
    match = Match.new(GAME, GameConfig(3), PEOPLE, 1, durable=False)
    _choose_first_pair(match)
    check = match.can_undo(0)
    assert not check and check.reason == "a chosen pair is final (only a practice game takes it back)"
    assert len("Cannot undo: " + check.reason) <= 80, "the status line says it whole at 80 columns"


def test_in_a_practice_game_undo_still_takes_a_pair_back():
    match = Match.new(GAME, GameConfig(3, frozenset({"practice"})), PEOPLE, 1, durable=False)
    before = match.state
    _choose_first_pair(match)
    assert match.can_undo(0)
    match.undo(0)
    assert match.state == before


def test_a_game_saved_under_rules_version_1_still_takes_a_pair_back():
    header = Header(GAME.id, 1, GameConfig(3), match_seed(1), tuple(PEOPLE))
    setup = [Entry(ev, 0) for ev in GAME.setup(header.config, rng_for(header.rng_seed, 0))]
    match = Match(GAME, header, setup)
    before = match.state
    _choose_first_pair(match)
    assert match.can_undo(0)
    match.undo(0)
    assert match.state == before


def test_a_placement_still_goes_back_while_nobody_else_has_acted():
    match = Match.new(GAME, GameConfig(3), PEOPLE, 1, durable=False)
    for seat in range(3):
        match.submit(seat, Choose(tuple(sorted(match.state.hands[seat])[:2])))
    before = match.state
    match.submit(1, match.legal_actions(1)[0])  # the first room of the turn: no bonus, no draw
    assert match.can_undo(1)
    match.undo(1)
    assert match.state == before
