"""The contract every registered game passes: a new game gets these checks by being registered.

Protocol complete; views are plain data that round-trip through JSON and hold no secret (the
view of a state with everything hidden redrawn is the same view); every action the engine did
not list is refused with IllegalAction; bots see only views; the package ships its rules page
and data files. (Notation, codec and replay round trips are in test_every_game.py.)
"""

from __future__ import annotations

import random
import tomllib
from fnmatch import fnmatch
from importlib import resources
from pathlib import Path

import attrs
import pytest

from engine.core import Game, GameConfig, IllegalAction, IllegalMove, Match, Seat, UnknownBotLevel, UnreadableMove
from engine.core.game import Rules
from engine.core.views import view_dumps, view_from_json, view_to_json
from engine.games import GAMES, LISTINGS, get_game, package_name

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=GAMES)
def game(request) -> Game:
    return get_game(request.param)


def positions(game: Game, seed: int, every: int = 7, players: int | None = None):
    """(match, seat to act) at every ``every``-th decision of a random game, to the end."""
    players = players or game.min_players
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
    yield match, None


def test_the_game_is_a_complete_decider(game):
    assert isinstance(game, Game) and isinstance(game, Rules)
    assert game.id in GAMES and game.title and game.description
    assert 1 <= game.min_players <= game.max_players
    assert game.bot_levels[0] == "random" and len(game.bot_levels) >= 2
    assert "practice" in {v.key for v in game.variants}
    assert attrs.has(game.view_class)
    with pytest.raises(UnknownBotLevel):
        game.make_bot("grandmaster")


def test_views_are_plain_data_that_round_trip_through_json(game):
    for match, _ in positions(game, seed=11, every=5):
        for seat in [None, *range(match.header.config.players)]:
            view = match.view(seat)
            assert type(view) is game.view_class
            data = view_to_json(view)
            assert view_from_json(game.view_class, data) == view
            assert match.header.seed not in view_dumps(view), "the match's secret seed reached a view"


def test_no_view_changes_when_what_it_may_not_see_is_redrawn(game):
    """A view built from hidden information would change when that information is redrawn."""
    redrawn_somewhere = False
    rng = random.Random(5)
    for players in sorted({game.min_players, min(game.max_players, game.min_players + 2)}):
        for match, _ in positions(game, seed=20 + players, every=3, players=players):
            for seat in [None, *range(players)]:
                for _ in range(2):
                    other = game.resample_hidden(match.state, seat, rng)
                    redrawn_somewhere |= other != match.state
                    assert game.view(other, seat) == match.view(seat), (seat, match.state)
    has_secrets = any(game.reveals(e.event) for e in match.entries)
    assert redrawn_somewhere or not has_secrets, "resample_hidden must redraw what a seat cannot see"


def _off_by_far(action):
    """Copies of ``action`` with each whole-number field pushed out of any sane range."""
    if not attrs.has(type(action)):
        return []
    out = []
    for field in attrs.fields(type(action)):
        if isinstance(getattr(action, field.name), int) and not isinstance(getattr(action, field.name), bool):
            out += [attrs.evolve(action, **{field.name: v}) for v in (-1, 10_000)]
    return out


def test_actions_the_engine_did_not_list_are_refused_with_illegal_action(game):
    rng = random.Random(3)
    earlier = []
    for match, seat in positions(game, seed=13, every=6):
        if seat is None:
            break
        legal = match.legal_actions(seat)
        strangers = [None, 7, "A3", object(), *earlier[-3:]]
        for action in rng.sample(legal, min(3, len(legal))):
            strangers += _off_by_far(action)
        for action in strangers:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as refused:
                game.decide(match.state, seat, action, rng)
            _assert_no_state(refused.value, match)
        with pytest.raises(IllegalAction) as refused:  # even a state handed in as a move is not quoted
            game.decide(match.state, seat, match.state, rng)
        _assert_no_state(refused.value, match)
        idle = next((s for s in range(match.header.config.players) if s not in match.to_act), None)
        if idle is not None:
            with pytest.raises(IllegalAction):
                game.decide(match.state, idle, legal[0], rng)
        earlier += legal[:2]


def _assert_no_state(exc: BaseException, match) -> None:
    """No refusal quotes a state: it would show every seat's secrets to whoever reads it."""
    text = str(exc)
    assert type(match.state).__name__ not in text and len(text) <= 300, text[:200]


def test_unreadable_and_illegal_moves_are_told_apart(game):
    match, seat = next(positions(game, seed=2))
    with pytest.raises(UnreadableMove):
        game.parse_action(match.state, seat, "?? no such move ??")
    assert issubclass(UnreadableMove, IllegalAction) and issubclass(IllegalMove, IllegalAction)


class _Spy:
    """Wraps a bot and records what it is given."""

    def __init__(self, bot):
        self.bot, self.level, self.seen = bot, bot.level, []

    def choose(self, view, legal, rng):
        self.seen.append((view, tuple(legal)))
        return self.bot.choose(view, legal, rng)


def test_bots_get_their_own_view_and_legal_moves_only(game):
    players = game.min_players
    match = Match.new(game, GameConfig(players), [Seat(f"B{i}", "bot:greedy") for i in range(players)], 4)
    spies = [_Spy(game.make_bot(level)) for level in game.bot_levels]
    steps = 0
    while not match.finished and steps < 60:
        seat = min(match.to_act)
        spy = spies[seat % len(spies)]
        view, legal = match.view(seat), tuple(match.legal_actions(seat))
        action = spy.choose(view, list(legal), match.rng(f"bot{seat}"))
        assert action in legal
        match.submit(seat, action)
        assert spy.seen[-1] == (view, legal) and type(spy.seen[-1][0]) is game.view_class
        steps += 1


def test_the_package_ships_its_rules_page_and_data_files(game):
    text = game.rules_page()
    assert text.startswith("# ") and len(text) > 500
    for words in ("engine/", ".py", "catalog.json", "data file"):
        assert words not in text, f"the rules page is for players: {words!r}"
    assert "share its file system" in text, "hot-seat players must learn the save file holds every secret"
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    package = resources.files(f"engine.games.{package_name(game.id)}")
    data = [p.name for p in package.iterdir() if p.is_file() and not p.name.endswith((".py", ".pyc"))]
    assert "rules.md" in data
    unshipped = [name for name in data if not any(fnmatch(name, pat) for pat in patterns)]
    assert unshipped == [], "files the package reads but a wheel would leave out"


def test_the_registry_listing_says_what_the_game_says(game):
    listing = next(entry for entry in LISTINGS if entry.id == game.id)
    assert listing == (game.id, game.title, game.min_players, game.max_players, game.description)
