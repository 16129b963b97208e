"""Issue 9 item 9: words — plurals, "You win", player ranges, named voters and scorers,
typed-move errors that say what is wrong with this move."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, IllegalAction, Match, Seat, Table
from engine.games import get_game
from tui.screens.game_over import winners_line
from tui.screens.saves import plural

from .conftest import finished_match


def test_plurals_and_you_win():
    assert plural(1, "finished game") == "1 finished game"
    assert plural(2, "finished game") == "2 finished games"
    from engine.core.game import Result

    def table(names, winners):
        fake = type("FakeTable", (), {})()
        fake.seats = tuple(Seat(n, "human") for n in names)
        fake.result = Result((1,) * len(names), winners, True)
        return fake

    assert winners_line(table(["You", "Ann"], (0,))) == "You win!"
    assert winners_line(table(["You", "Ann"], (1,))) == "Ann wins!"
    assert winners_line(table(["You", "Ann"], (0, 1))) == "You and Ann win!"


def test_king_up_move_list_names_voters_and_scorers():
    match = finished_match()
    names = [s.name for s in match.header.seats]
    lines = [line.text for line in Table(match, bot_delay=0.0).move_lines()]
    reveal = next(line for line in lines if "yes:" in line or "votes:" in line)
    assert "yes:" in reveal and any(name in reveal for name in names)
    scored = next(line for line in lines if "scored" in line)
    assert all(name in scored for name in names)


def test_placing_on_a_floor_that_does_not_exist_says_which_floors():
    game = get_game("king-up")
    match = Match.new(
        game, GameConfig(3), [Seat("You", "human"), Seat("A", "bot:greedy"), Seat("B", "bot:greedy")], 2, durable=False
    )
    try:
        match.play(0, "A5")
    except IllegalAction as exc:
        assert "floors 1–4 only" in str(exc.reason)
    else:
        raise AssertionError("A5 was accepted")


@pytest.mark.parametrize("game_id", ["king-up", "between-two-castles", "palais-royal", "castle-builder"])
async def test_a_long_player_name_ends_in_an_ellipsis_never_cut_silently(make_app, game_id):
    """Names may be 24 characters; the score column shows what fits and says it cut ("Bot 2 (ran"
    looked like a complete name)."""
    from engine.core import GameConfig, Match, Seat
    from engine.games import get_game
    from tests.tui.textfit import screen_lines
    from tui.screens.play import PlayScreen

    game = get_game(game_id)
    seats = [Seat("You", "human"), Seat("Maximiliane von Habsburg", "bot:random"), Seat("Bo", "bot:random")][
        : max(game.min_players, 2)
    ]
    match = Match.new(
        game, GameConfig(len(seats), frozenset()), seats, 3, path=None, created="2025-01-01T12:00:00", durable=False
    )
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        named = [line for line in screen_lines(app) if "Maxim" in line]
        assert named
        assert all("Maximiliane von Habsburg" in line or "…" in line for line in named), named


async def test_the_replay_move_list_ends_a_long_name_in_an_ellipsis(make_app, tmp_path):
    from .conftest import replay_at_end

    match = finished_match()
    assert max(len(s.name) for s in match.seats) > 10
    async with replay_at_end(make_app, match, tmp_path) as (_pilot, viewer):
        movers = [label for label in viewer.labels if label.startswith("Bot ")]
        assert movers and all(label[:10].endswith("…") for label in movers), movers[:3]


def test_between_two_castles_words():
    """Issue 30: "You takes the outdoor bonus", "1 pts", the throne room drawn "♛Thr  one♛"."""
    from engine.games.between_two_castles.events import BonusChosen
    from engine.games.between_two_castles.notation import describe
    from themes import UNICODE
    from tui.games.between_two_castles.look import castle_cells, look_for

    line = describe(None, BonusChosen(0, 0, "outdoor"), ["You"])
    assert line == "chose the outdoor bonus"  # "You chose ...", "Ann chose ..." both read
    match = Match.new(
        get_game("between-two-castles"), GameConfig(3), [Seat(n, "human") for n in "ABC"], 1, durable=False
    )
    castle = match.view(0).castles[0]
    from tui.games.between_two_castles.look import Frame

    cells = castle_cells(castle, Frame.around([(c.col, c.floor) for c in castle.cells]), look_for(UNICODE), True)
    throne = sorted((p, c.glyph) for p, c in cells.items() if c.key and c.key[0] == "room")
    assert [g for _, g in throne] == ["Thr", "♛"]


def test_between_two_castles_rule_texts_take_an_before_a_vowel():
    from engine.games.between_two_castles.catalog import Throne

    assert (
        Throne(0, (("outdoor", "N"), ("food", "S"))).rule_text
        == "2 each for an outdoor room at N and a food room at S (at most 4)"
    )


def test_a_seat_named_you_is_your_in_the_replay_and_a_vote_out_is_for_the_round():
    """Issue 30: "You's goal card" in the replay; "voted out of the game" for one round's vote."""
    import inspect

    from tui.games.base import ViewContext
    from tui.games.king_up.dialogs import RevealInterlude

    game = get_game("king-up")
    seats = (Seat("You", "human"), Seat("Ann", "bot:greedy"), Seat("Bo", "bot:greedy"))
    assert ViewContext(game, None, 0, seats, replay=True).whose() == "Your"
    assert ViewContext(game, None, 1, seats, replay=True).whose() == "Ann's"
    verdict = inspect.getsource(RevealInterlude.compose)
    assert "voted out for this round" in verdict and "out of the game" not in verdict


def test_game_over_names_a_bot_s_level_once():
    """Issue 31, tried as a user: the game-over table read "Bot 2 (random) (bot random)"."""
    assert Seat("Bot 2 (random)", "bot:random").label == "Bot 2 (random)"
    assert Seat("Adalbert", "bot:expert").label == "Adalbert (bot expert)"
    assert Seat("Ann").label == "Ann (human)"


def test_king_up_move_list_says_a_candidate_voted_down_is_out_for_the_round():
    """Playing as a new user (issue 30's check): the reveal said "voted out for this round" and
    the move list under it "Ernesto is out", which reads as out of the game."""
    for seed in range(3, 12):
        lines = [line.text for line in Table(finished_match(seed), bot_delay=0.0).move_lines()]
        outs = [line for line in lines if " is out" in line]
        if outs:
            assert all(line.endswith(" is out for this round") for line in outs), outs
            return
    raise AssertionError("no candidate voted down in these games")
