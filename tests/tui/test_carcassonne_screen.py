"""Carcassonne: The Castle through the UI: laying cards with the keyboard, the follower chooser,
wall tiles, typed moves, what a card scored, a whole bot game to its final scoring, the replay,
and screenshots of the board in play and at the end (80×24, fixed theme and seed)."""

from __future__ import annotations

from types import SimpleNamespace

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from engine.games.carcassonne_castle import PlaceCard
from engine.games.carcassonne_castle.placing import canonical
from engine.games.carcassonne_castle.events import CardPlaced, FeatureCompleted
from tui.bots import make_bot
from tui.games.carcassonne_castle import (
    CastleBoard,
    FinalScoringScreen,
    FollowerScreen,
    final_rows,
    grid_pos,
    square_of,
)
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from .conftest import play_screen, replay_at_end, settle

GAME = "carcassonne-castle"
SIZE = (80, 24)
HUMAN_VS_BOT = [Seat("You", "human"), Seat("Adalbert", "bot:greedy")]
BOTS = [Seat("Random", "bot:random"), Seat("Greedy", "bot:greedy")]


def new_match(saves_dir=None, seed: int = 7, seats=HUMAN_VS_BOT) -> Match:
    path = saves_dir / "castle.jsonl" if saves_dir is not None else None
    return Match.new(
        get_game(GAME),
        GameConfig(2, frozenset()),
        list(seats),
        seed,
        path=path,
        created="2025-01-01T12:00:00",
        durable=False,
    )


def advance_until(match: Match, stop) -> Match:
    """Play every seat with the greedy bot until ``stop(match)`` holds."""
    bot = make_bot(match.game, "greedy")
    while not stop(match):
        seat = min(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal_actions(seat), match.rng("t")))
    return match


def human_to_move_after(moves: int, seed: int = 7) -> Match:
    """A game where the human is to lay a card after ``moves`` cards have been laid."""
    return advance_until(new_match(seed=seed), lambda m: m.to_act == {0} and len(m.state.board.placements) >= moves)


def finished_match(seed: int = 4) -> Match:
    """Seed 4 ends with a palas, four courtyards (one with wall tile 7) and wall tiles 5 and 9."""
    seats = [Seat("Ada", "bot:greedy"), Seat("Bruno", "bot:greedy")]
    return advance_until(new_match(seed=seed, seats=seats), lambda m: m.finished)


def board(app) -> CastleBoard:
    return play_screen(app).query_one(CastleBoard)


def text_of(widget) -> str:
    return str(widget.render())


def placed(match: Match, seat: int) -> list[CardPlaced]:
    return [e.event for e in match.entries if isinstance(e.event, CardPlaced) and e.event.seat == seat]


async def test_arrows_rotate_and_enter_lay_the_card_with_a_follower(make_app, settings):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app)
        grid = castle.grid
        assert grid.has_focus and grid.cursor is not None
        start = grid.cursor
        assert square_of(start) in castle._anchors, "the cursor starts on a legal square"
        target = min(grid_pos(sq) for sq, ways in castle._anchors.items() if len(ways) > 1)
        for _ in range(40):  # walk there with the arrows
            if grid.cursor == target:
                break
            dx, dy = target[0] - grid.cursor[0], target[1] - grid.cursor[1]
            await pilot.press(("right" if dx > 0 else "left") if dx else ("down" if dy > 0 else "up"))
        assert grid.cursor == target != start
        p = castle.preview()
        ways = castle._anchors[(p.x, p.y)]
        assert len(ways) > 1
        await pilot.press("r")
        turned = castle.preview()
        assert (turned.x, turned.y) == (p.x, p.y) and turned.facing != p.facing
        assert turned.facing in ways
        assert f"r: {len(ways)} ways" in text_of(castle.query_one("#focus-line"))
        await pilot.press("enter")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, FollowerScreen)
        roles = [role for role, _ in chooser.roles]
        assert roles[0] == "" and len(roles) > 1, "no follower first, then the legal roles"
        chosen = chooser.roles[1]
        await pilot.press("down", "enter")
        await settle(pilot, app)
        mine = placed(match, 0)
        assert len(mine) == 1
        lying = canonical(turned)
        assert (mine[0].card, mine[0].x, mine[0].y, mine[0].facing) == (
            lying.card,
            lying.x,
            lying.y,
            "nesw"[lying.facing],
        )
        assert mine[0].role == chosen[0]
        move = next(e.move for e in match.entries if e.move is not None and e.by == 0)
        assert move == match.game.format_action(None, 0, PlaceCard(lying.x, lying.y, "nesw"[lying.facing], *chosen))
        assert placed(match, 1), "the bot answered"
        saved = (settings.saves_dir / "castle.jsonl").read_text()
        assert f'"move":"{move}"' in saved


async def test_escape_in_the_chooser_goes_back_and_enter_twice_lays_without_a_follower(make_app, settings):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = len(match.entries)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FollowerScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and len(match.entries) == before
        p = board(app).preview()
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        mine = placed(match, 0)
        assert len(mine) == 1 and mine[0].role == "" and mine[0].card == p.card


async def test_a_wall_tile_can_be_played_with_the_move(make_app, settings):
    # Seed 28: after 69 events the human holds wall tile 1 (an extra turn) and is to move.
    match = advance_until(new_match(settings.saves_dir, seed=28), lambda m: m.to_act == {0} and 1 in m.state.tiles[0])
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "wall tiles 1" in text_of(play_screen(app).info.query_one("#info"))
        await pilot.press("enter")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, FollowerScreen) and chooser.held == (1,)
        await pilot.press("1")
        assert "[x] 1 extra turn" in text_of(chooser.query_one("#tiles"))
        await pilot.press("enter")
        await settle(pilot, app)
        last = placed(match, 0)[-1]
        assert last.tiles == (1,)
        assert match.to_act == {0}, "tile 1: the human lays another card at once"
        assert 1 not in match.state.tiles[0]


async def test_typed_moves_and_their_errors(make_app, settings):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    legal = [a for a in match.legal_actions(0) if a.role]
    move = match.game.format_action(match.state, 0, legal[0])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"Z9n", "enter")
        status = text_of(play_screen(app).query_one("#status"))
        assert status.startswith("Cannot read “Z9n”: now ") and ", e.g. " in status  # what is expected now
        command = play_screen(app).query_one("#command")
        command.value = move
        await pilot.press("enter")
        await settle(pilot, app)
        assert any(e.move == move and e.by == 0 for e in match.entries)
        assert placed(match, 1), "the bot answered the typed move"


async def test_the_last_card_and_what_it_scored_show_on_the_board(make_app, settings):
    # Lay, for the human, a card that completes a feature the human wins, then look at once.
    match = advance_until(new_match(settings.saves_dir), lambda m: m.to_act == {0} and _scoring(m))
    action = _scoring(match)
    # The bot waits before answering, so the human's own scoring is still on the board.
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = match.state.scores[0]
        play_screen(app).submit(0, action)
        await pilot.pause()
        castle = board(app)
        gained = [e.event for e in match.entries if isinstance(e.event, FeatureCompleted)][-1]
        last = text_of(castle.query_one("#last-line"))
        assert last.startswith("You laid ") and "You +" in last
        assert castle._flash, "the completed feature is lit for a moment"
        assert match.state.scores[0] > before and gained.points > 0
        castle._stop_flash()
        assert not castle._flash


def _scoring(match: Match) -> PlaceCard | None:
    """A legal move of the human's that scores points for them straight away."""
    game = match.game
    for action in match.legal_actions(0):
        events = game.decide(match.state, 0, action, match.rng("probe"))
        if any(isinstance(e, FeatureCompleted) and e.winner == 0 and e.points for e in events):
            return action
    return None


async def test_a_bot_game_plays_to_the_final_scoring_and_game_over(make_app, settings):
    match = new_match(settings.saves_dir, seed=5, seats=BOTS)
    app = make_app(start=lambda app: PlayScreen(match))
    breakdown = None
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await settle(pilot, app)
            if isinstance(app.screen, FinalScoringScreen):
                breakdown = app.screen
                await pilot.press("enter")
            elif isinstance(app.screen, GameOverScreen):
                break
        assert match.finished and isinstance(app.screen, GameOverScreen)
        assert breakdown is not None, "the final scoring was shown before game over"
        assert breakdown.rows[0][0].startswith("largest palas")
        paid = [sum(points[s] for _, points in breakdown.rows) for s in range(2)]
        assert [b + p for b, p in zip(breakdown.before, paid)] == list(match.state.scores)
        assert tuple(breakdown.after) == match.state.scores
        await pilot.press("b")  # "Board" (a deliberate key: enter no longer closes game over)
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        castle = board(app)
        assert "Game over:" in text_of(castle.query_one("#focus-line"))
        assert not castle.grid.can_focus


async def test_the_replay_viewer_draws_the_finished_castle(make_app, tmp_path):
    async with replay_at_end(make_app, finished_match(), tmp_path) as (pilot, replay):
        castle = replay.query_one(CastleBoard)
        assert castle.ctx.view.finished and not castle.ctx.legal
        assert "Game over:" in text_of(castle.query_one("#focus-line"))
        assert "Game over" in text_of(replay.info.query_one("#info"))


def test_final_rows_come_from_the_final_scoring_in_the_view():
    match = finished_match()
    view = match.view(None)
    rows = final_rows(view, 2)
    assert rows[0][0].startswith("largest palas")
    paid = [sum(points[s] for _, points in rows) for s in range(2)]
    assert [b + p for b, p in zip(view.before_final, paid)] == list(view.scores)
    assert view.finished


# -- screenshots ------------------------------------------------------------------------------


def test_snapshot_laying_a_card(snap_compare, make_app):
    match = human_to_move_after(16)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["right", "r"],
        terminal_size=SIZE,
    )


def test_snapshot_laying_a_card_ascii_monochrome(snap_compare, make_app):
    match = human_to_move_after(16)
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme="monochrome", ascii=True)
    assert snap_compare(app, run_before=settle_snapshot, terminal_size=SIZE)


def test_snapshot_follower_chooser(snap_compare, make_app):
    match = human_to_move_after(16)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["enter"],
        terminal_size=SIZE,
    )


def test_snapshot_final_scoring(snap_compare, make_app):
    match = finished_match()
    game = match.game
    events = match.events
    start = next(i for i, e in enumerate(events) if type(e).__name__ == "WallCleared")
    steps, state = [], game.initial_state(match.header.config)
    for i, ev in enumerate(events):
        state = game.evolve(state, ev)
        if i >= start:
            steps.append(SimpleNamespace(kind=type(ev).__name__, view=game.view(state, None)))
    screens = game_ui_interludes(match, steps)
    assert snap_compare(make_app(start=lambda app: screens[0]), terminal_size=SIZE)


def game_ui_interludes(match, steps):
    from tui.games import game_ui

    return game_ui(GAME).interludes(match.game, steps, None, match.seats)


def test_snapshot_board_at_the_end(snap_compare, make_app):
    match = finished_match()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=close_game_over, terminal_size=SIZE
    )


async def close_game_over(pilot):
    await settle_snapshot(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)
    await pilot.click("#close")
    await pilot.pause()


async def settle_snapshot(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
