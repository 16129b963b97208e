"""Issue 9 item 3: score breakdowns can be reopened (game over, replay) and need a deliberate key."""

from __future__ import annotations

import pytest

from engine.core import Table
from tui.screens.dialogs import BreakdownScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import finished_match, settle
from .textfit import screen_lines


async def test_game_over_ignores_enter_and_opens_the_per_round_breakdown(make_app):
    match = finished_match()
    app = make_app(start=lambda app: PlayScreen(Table(match, bot_delay=0.0), frozenset({0})))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, GameOverScreen), "a habitual enter does not close it"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        text = "\n".join(screen_lines(app))
        assert "round 1" in text and "round 3" in text and "(winner)" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("s")  # and again, as often as wanted
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)


async def test_the_replay_offers_the_scores_from_the_first_scoring_on(make_app):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        await pilot.press("s")
        assert app.screen is replay, "nothing scored at the start"
        await pilot.press("end", "s")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        assert "(winner)" in "\n".join(screen_lines(app))


def test_replay_text_ends_with_the_breakdown(tmp_path):
    from engine.cli import replay_text
    from engine.core import read_log, write_log_atomic
    from engine.games import get_game

    match = finished_match()
    path = tmp_path / "done.jsonl"
    write_log_atomic(path, match.game, match.header, match.entries)
    lines = replay_text(match.game, read_log(path, get_game))
    at = lines.index("scores:")
    assert lines[-1].startswith("winner: ") and at == len(lines) - 5  # 3 players, then the winner
    assert all(" + " in line and " = " in line for line in lines[at + 1 : at + 4])


@pytest.mark.parametrize(
    "game_id, words",
    [
        ("between-two-castles", ["score", "Score sheets", "winner"]),
        ("palais-royal", ["nobles", "park rows", "total"]),
        ("castle-builder", ["Coins won", "(winner)"]),
    ],
)
async def test_every_game_s_replay_reopens_its_final_scores(make_app, game_id, words):
    """Between Two Castles, Palais Royal and Castle Builder had no breakdown: at the replay's
    last step `s` did nothing and the footer did not offer it."""
    from engine.core.selfplay import play_out
    from engine.games import get_game

    game = get_game(game_id)
    match = play_out(game, 2, ["greedy", "random"], 3)
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "s")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        text = "\n".join(screen_lines(app))
        for word in words:
            assert word in text, (word, text)


@pytest.mark.parametrize(
    "game_id, words",
    [
        ("carcassonne-castle", ["during play", "courtyard", "wall tile", "Wall tiles taken", "total", "Winner"]),
        ("king-up", ["round 3", "candidate by candidate", "#6", "(winner)"]),
        ("palais-royal", ["nobles", "total"]),
        ("between-two-castles", ["Score sheets", "winner"]),
        ("castle-builder", ["Coins won", "(winner)"]),
    ],
)
async def test_the_game_over_dialog_and_the_replay_reopen_the_full_final_scoring(make_app, game_id, words):
    """Issue 28: every game's whole final scoring (per feature and wall tile in Carcassonne, per
    candidate in King Up!) from the game-over dialog and from the replay's last step."""
    from engine.core.selfplay import play_out
    from engine.games import get_game

    game = get_game(game_id)
    match = play_out(game, game.min_players, ["greedy"] + ["random"] * (game.min_players - 1), 5)
    for start in (
        lambda app: GameOverScreen(Table(match, bot_delay=0.0)),
        lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)),
    ):
        app = make_app(start=start)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("end", "s")
            await pilot.pause()
            assert isinstance(app.screen, BreakdownScreen)
            text = "\n".join(screen_lines(app))
            for word in words:
                assert word in text, (word, text)
