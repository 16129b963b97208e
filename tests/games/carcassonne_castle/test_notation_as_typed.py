"""Issue 30: the move list rewrote a player's own notation ("I8n" showed as "I7s"). A card that
reads the same turned round may be written either way; the move is listed, saved and loaded in
the form the player typed, and the notation round-trips: parse(format(move)) == move."""

from __future__ import annotations

from engine.core import GameConfig, Match, Seat
from engine.core.story import story_steps
from engine.games import get_game
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.catalog import DIRS, card_type, opposite, step
from engine.games.carcassonne_castle.notation import COLUMNS


def mirror(text: str) -> str:
    """The other way to write the card position ``text`` (e.g. E5e -> F5w)."""
    x, y, facing = COLUMNS.index(text[0]), int(text[1:-1]) - 1, DIRS.index(text[-1])
    bx, by = step(x, y, facing)
    return f"{COLUMNS[bx]}{by + 1}{DIRS[opposite(facing)]}"


def a_symmetric_turn(tmp_path):
    """A saved two-player match whose player to move holds a card that reads the same turned round."""
    for seed in range(40):
        path = tmp_path / f"{seed}.jsonl"
        match = Match.new(GAME, GameConfig(2), [Seat("Ann"), Seat("Ben")], seed, path=path, durable=False)
        while not match.finished and not card_type(match.state.card).symmetric:
            seat = min(match.to_act)
            match.submit(seat, match.legal_actions(seat)[0])
        if not match.finished:
            return match, path
        match.close()
    raise AssertionError("no symmetric card drawn in 40 games")


def test_a_move_is_listed_saved_and_loaded_as_the_player_typed_it(tmp_path):
    match, path = a_symmetric_turn(tmp_path)
    seat = min(match.to_act)
    listed = GAME.format_action(match.state, seat, match.legal_actions(seat)[0]).split()[0]
    typed = mirror(listed)  # the form the rules do not list
    assert typed[-1] in "nw"
    before = match.state
    match.play(seat, typed)
    placed = next(e for e in reversed(match.entries) if e.move is not None)
    assert placed.move == typed
    assert GAME.describe(before, placed.event, ["Ann", "Ben"]).startswith(typed)
    steps = story_steps(GAME, match.header, match.entries)
    assert any(label.startswith(f"{['Ann', 'Ben'][seat]}: {typed}") for label in steps.labels)
    squares = {sq for card in GAME.view(match.state, None).laid for sq in card.squares}
    x, y = COLUMNS.index(typed[0]), int(typed[1:-1]) - 1
    assert (x, y) in squares and step(x, y, DIRS.index(typed[-1])) in squares
    match.close()
    loaded, warning = Match.load(path, get_game, resume=False)
    assert warning is None and loaded.state == match.state


def test_the_notation_round_trips_in_either_form(tmp_path):
    match, _ = a_symmetric_turn(tmp_path)
    seat = min(match.to_act)
    for action in match.legal_actions(seat)[:20]:
        text = GAME.format_action(match.state, seat, action)
        for form in (text, " ".join([mirror(text.split()[0]), *text.split()[1:]])):
            parsed = GAME.parse_action(match.state, seat, form)
            assert GAME.format_action(match.state, seat, parsed) == form
            assert GAME.parse_action(match.state, seat, GAME.format_action(match.state, seat, parsed)) == parsed
    match.close()


def test_the_story_knows_a_move_written_the_other_way_is_the_bots_own(tmp_path):
    """A costly move's advice compares moves by the position they lead to: had the bot's pick
    been written the other way round by the player, it is the same move ("the bot would have
    played it too"), never "the bot would play" the very card the player laid."""
    from engine.core.story import same_move

    match, _ = a_symmetric_turn(tmp_path)
    seat = min(match.to_act)
    legal = match.legal_actions(seat)
    listed = GAME.format_action(match.state, seat, legal[0]).split()[0]
    assert same_move(GAME, match.state, seat, legal[0], listed)
    assert same_move(GAME, match.state, seat, legal[0], mirror(listed))
    other = next(
        a for a in legal if GAME.format_action(match.state, seat, a).split()[0] not in (listed, mirror(listed))
    )
    assert not same_move(GAME, match.state, seat, other, mirror(listed))
    match.close()
