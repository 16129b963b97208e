"""The screen contract every registered game passes for free: it starts on the play screen and
a random legal game is played to the end through it, each of the human's moves written on the
move line (pasted, as a terminal pastes) and the bots playing at random (a question the game
asks in a dialog of its own takes its default answer); then the score breakdown, the replay and
the help open. Every day the last events of a game are played at 80x24; with --slow whole games,
at 80x24 and 160x48. A new game gets these checks by being registered."""

from __future__ import annotations

import random

import pytest
from textual import events

from engine.core import GameConfig, Match, Seat
from engine.games import all_games
from tui.screens.dialogs import BreakdownScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen

from .conftest import play_screen, settle
from .textfit import screen_lines

GAMES = {game.id: game for game in all_games()}
MOVES = 2_000  # more than any game takes: a game that never ends fails
TAIL = 24  # the everyday run plays the last TAIL events of a game; --slow plays whole games
RUNS = [
    pytest.param((80, 24), TAIL, id="80x24-end"),
    pytest.param((80, 24), None, id="80x24-whole", marks=pytest.mark.slow),
    pytest.param((160, 48), None, id="160x48-whole", marks=pytest.mark.slow),
]


def new_match(game, seed: int, tail: int | None) -> Match:
    """The fewest players the game takes: seat 0 a human, the others random bots; with ``tail``,
    moved on at random to ``tail`` events before the end of the game those moves lead to."""
    seats = [Seat("You")] + [Seat(f"Bot {i}", "bot:random") for i in range(1, game.min_players)]

    def match(events: int | None) -> Match:
        m = Match.new(game, GameConfig(len(seats)), seats, seed, durable=False)
        rng = random.Random(seed)
        while m.to_act and (events is None or len(m.entries) < events):
            seat = min(m.to_act)
            m.submit(seat, rng.choice(list(m.legal_actions(seat))))
        return m

    return match(0) if tail is None else match(len(match(None).entries) - tail)


async def type_move(pilot, text: str) -> None:
    """ ":" opens the move line; the text arrives as a terminal's paste does; enter plays it."""
    await pilot.press("colon")
    pilot.app.post_message(events.Paste(text))
    await pilot.press("enter")


async def to_the_board(pilot, app) -> None:
    """Close whatever covers the play screen until the board takes the keys again or the game is
    over: escape closes an interlude or a dialog the board opened; a game's own question that
    must be answered (King Up!'s vote) takes its default answer with enter."""
    for _ in range(20):
        if isinstance(app.screen, (PlayScreen, GameOverScreen)):
            return
        covering = app.screen
        await pilot.press("escape")
        await settle(pilot, app)
        if app.screen is covering:
            await pilot.press("enter")
            await settle(pilot, app)
    raise AssertionError(f"{type(app.screen).__name__} does not close")


@pytest.mark.parametrize(("size", "tail"), RUNS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_random_game_typed_to_the_end_then_breakdown_replay_and_help(make_app, game_id, size, tail):
    game = GAMES[game_id]
    match = new_match(game, 3, tail)
    rng = random.Random(3)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        table = play_screen(app).table
        for _ in range(MOVES):
            await to_the_board(pilot, app)
            if table.finished:
                break
            assert 0 in table.to_act, f"the human's turn: {set(table.to_act)} to act"
            action = rng.choice(table.legal_actions(0))
            text = table.format_action(0, action)
            before = table.version
            await type_move(pilot, text)
            await settle(pilot, app)
            assert table.version > before, f"typed {text!r}: {' '.join(screen_lines(app)[-2:]).strip()}"
        assert table.finished and isinstance(app.screen, GameOverScreen)

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        assert any(name in "\n".join(screen_lines(app)) for name in ("You", "Bot 1"))
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.stop_index == 0
        await pilot.press("right", "right", "end")
        await pilot.pause()
        assert replay.cursor.at_end

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert game.title.split()[0] in "\n".join(screen_lines(app))


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_play_screen_settles_when_nobody_plays(make_app, game_id, size):
    """Once the bots have moved and the board is the player's, nothing is laid out again until
    something happens: a widget that writes itself on every layout keeps the screen busy every
    frame (Palais Royal's decorations line did: a core's share while nobody touched a key)."""
    match = new_match(GAMES[game_id], 3, TAIL)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await to_the_board(pilot, app)
        await settle(pilot, app)
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        for _ in range(5):
            await pilot.pause()
        assert layouts == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_the_moves_panel_widens_on_a_large_terminal_where_the_board_leaves_room(make_app, game_id):
    """At 80x24 the moves' panel is 29 columns inside (a border and padding); at 160x48 a board
    that leaves room there (``SIDE_GROWS``: Castle Builder's wall left 40 columns empty while
    "Brunhild gets 2 tiles" wrapped) gives the moves at least 37, the others keep 29. The boards'
    own size at 160x48 is pinned by each game's snapshot."""
    match = new_match(GAMES[game_id], 3, TAIL)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await to_the_board(pilot, app)
        side = play_screen(app).query_one("#side")
        assert side.size.width == 32 - 3
        await pilot.resize_terminal(160, 48)
        await settle(pilot, app)
        await pilot.pause()
        grows = getattr(play_screen(app).board, "SIDE_GROWS", False)
        assert side.size.width >= 40 - 3 if grows else side.size.width == 32 - 3, side.size.width
