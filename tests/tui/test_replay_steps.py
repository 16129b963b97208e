"""Tried as a user (stop 37): from a loaded save at move 0 the first Right showed the set-up, still
"move 0" (Palais Royal's start was "The table is not set up yet"). The start is now the table as
set up, and Right, Left, Home and End step from move to move, in each of the five games."""

from __future__ import annotations

import pytest

from engine.core.selfplay import play_out
from engine.games import all_games, get_game
from tui.screens.replay import ReplayScreen

from .textfit import screen_lines

GAMES = [g.id for g in all_games()]


def status(app) -> str:
    line = next(line for line in screen_lines(app) if line.lstrip().startswith("move "))
    return line.split(" · ")[0].strip()


def replay_of(make_app, tmp_path, game_id: str, players: int, seed: int):
    """The App, at a replay of a game of random bots saved in ``tmp_path``."""
    path = tmp_path / "game.jsonl"
    play_out(get_game(game_id), players, ["random"] * players, seed, path=path)
    return make_app(start=lambda app: ReplayScreen.from_path(path)[0])


@pytest.mark.parametrize("game_id", GAMES)
async def test_right_from_the_start_of_a_loaded_save_shows_move_1(make_app, tmp_path, game_id):
    app = replay_of(make_app, tmp_path, game_id, get_game(game_id).min_players, 37)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        last = replay.numbers[-1]
        assert status(app) == f"move 0/{last}"
        assert "not set up" not in "\n".join(screen_lines(app))
        await pilot.press("right")
        assert status(app) == f"move 1/{last}"
        await pilot.press("left")
        assert status(app) == f"move 0/{last}"
        await pilot.press("end")
        assert status(app) == f"move {last}/{last}"
        await pilot.press("home")
        assert status(app) == f"move 0/{last}" and replay.stop_index == 0
        await pilot.press("pageup")  # no round before the start: it stays there
        assert status(app) == f"move 0/{last}" and replay.stop_index == 0


async def test_the_first_screen_of_a_between_two_castles_replay_titles_both_castles(make_app, tmp_path):
    """Its first castle's title drew empty: drawn before the layout, no move redrew it."""
    from tui.games.between_two_castles.board import CastlesBoard
    from tui.widgets.text_line import TextLine

    app = replay_of(make_app, tmp_path, "between-two-castles", 2, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one(CastlesBoard)
        names = [board.view.castles[k].name for k in board.shown]
        titles = [str(board.query_one(f"#title-{i}", TextLine).render()) for i in range(2)]
        assert all(title.strip() for title in titles), titles
        assert names[0][:5] in titles[0] and names[0][:5] in screen_lines(app)[0], titles


async def test_a_castle_builder_replay_offers_no_key_the_viewer_takes_for_its_own(make_app, tmp_path):
    """The board's line said "v: next castle · c: the market coins" in the replay, where v is View
    as and c the chart (seen in tmux)."""
    app = replay_of(make_app, tmp_path, "castle-builder", 2, 6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        text = "\n".join(screen_lines(app))
        assert "v: next castle" not in text and "c: the market coins" not in text
        assert "v View as" in text and "c Chart" in text
