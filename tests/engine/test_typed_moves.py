"""Whatever a player types is a move or a refusal, in every registered game (the contract, through
``Match.play``): random text, and every move the engine lists with each of its numbers pushed to
and past the edges of any table (a room number past the catalogue once crashed the notation with
the whole state in the traceback). A refusal's message never holds the state."""

from __future__ import annotations

import random
import re
import string

import pytest

from engine.core import GameConfig, IllegalAction, Match, Seat
from engine.games import GAMES, get_game

# Numbers at and beyond the edges of anything a game numbers: rooms, cards, columns, floors, seats.
EDGES = (
    -1,
    0,
    1,
    2,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    24,
    40,
    71,
    72,
    73,
    99,
    100,
    146,
    147,
    148,
    199,
    200,
    255,
    256,
    999,
    10_000,
    2**31,
    2**63,
    10**30,
)
_NUMBER = re.compile(r"-?\d+")


@pytest.fixture(params=GAMES)
def game(request):
    return get_game(request.param)


def positions(game, seed: int, players: int, every: int):
    """(match, seat to act) at every ``every``-th decision of a random game, to the end."""
    match = Match.new(game, GameConfig(players), [Seat(f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    step = 0
    while not match.finished:
        seat = min(match.to_act)
        if step % every == 0:
            yield match, seat
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])
        step += 1


def typed_texts(game, match, seat, rng):
    """What a player might type here: the listed moves with their numbers moved to the edges,
    the same with each number alone moved, and random text."""
    texts = []
    listed = match.legal_actions(seat)
    for action in rng.sample(listed, min(4, len(listed))):
        written = game.format_action(match.state, seat, action)
        numbers = list(_NUMBER.finditer(written))
        for found in numbers:
            for value in rng.sample(EDGES, 6):
                texts.append(written[: found.start()] + str(value) + written[found.end() :])
        if numbers:
            texts.append(_NUMBER.sub(lambda _: str(rng.choice(EDGES)), written))
    alphabet = string.ascii_letters + string.digits + " @+,:-()#.*/ÄÖÜß\t"
    texts += ["".join(rng.choices(alphabet, k=rng.randrange(1, 30))) for _ in range(8)]
    return texts


def assert_no_state(exc: BaseException, match) -> None:
    text = str(exc)
    assert len(text) <= 300, f"a refusal of {len(text)} characters: {text[:120]}…"
    assert type(match.state).__name__ not in text, f"a refusal holds the state: {text[:120]}"
    assert match.header.seed not in text


@pytest.mark.parametrize("players_extra", [0, 1])
def test_typed_text_is_played_or_refused_in_every_game(game, players_extra):
    players = min(game.max_players, game.min_players + players_extra)
    rng = random.Random(players)
    played = refused = 0
    for match, seat in positions(game, seed=40 + players, players=players, every=5):
        for text in typed_texts(game, match, seat, rng):
            probe = Match(game, match.header, match.entries, state=match.state)  # a copy to play on
            try:
                probe.play(seat, text)
                played += 1
            except IllegalAction as exc:
                assert_no_state(exc, match)
                refused += 1
    assert refused > 100 and played > 0


def test_actions_out_of_every_range_are_refused_by_submit(game):
    """Match.submit refuses an unlisted action before the notation ever formats it."""
    rng = random.Random(8)
    for match, seat in positions(game, seed=9, players=game.min_players, every=7):
        for action in rng.sample(match.legal_actions(seat), 1):
            for name in getattr(type(action), "__attrs_attrs__", ()):
                value = getattr(action, name.name)
                if type(value) is int:
                    for edge in (-1, 147, 999, 10**30):
                        stranger = type(action)(
                            **{
                                **{f.name: getattr(action, f.name) for f in type(action).__attrs_attrs__},
                                name.name: edge,
                            }
                        )
                        if stranger in match.legal_actions(seat):
                            continue
                        probe = Match(game, match.header, match.entries, state=match.state)
                        with pytest.raises(IllegalAction) as refused:
                            probe.submit(seat, stranger)
                        assert_no_state(refused.value, match)
                        assert probe.entries == match.entries
