"""Hints in the play screen (issue 14): in a practice game, h on your turn shows the expert's top
three moves in notation with a line of why; esc closes the dialog (and cancels a search under
way), enter plays the move; a game not for practice does not offer the key and says why."""

from __future__ import annotations

from tests.waiting import until

import random

import pytest
from textual.widgets import OptionList

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from tui.games.carcassonne_castle.look import DIRS
from tui.screens import hint as hint_module
from tui.screens.hint import HintScreen
from tui.screens.play import PlayScreen

from .conftest import new_match, play_screen, settle
from .textfit import cut_text

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def fixed_playouts(monkeypatch):
    """A fixed number of playouts instead of the expert's second: the same hints every run."""
    monkeypatch.setattr(hint_module, "ITERATIONS", 30)


def practice_match(settings, game_id: str, seed: int, players: int = 2) -> Match:
    """A practice game: you against greedy bots, saved in the test's folder without fsync."""
    bots = [Seat(name, "bot:greedy") for name in ("Adalbert", "Brunhild", "Chlodwig")[: players - 1]]
    return Match.new(
        get_game(game_id),
        GameConfig(players, frozenset({"practice"})),
        [Seat("You", "human"), *bots],
        seed,
        path=settings.saves_dir / f"{game_id}.jsonl",
        durable=False,
    )


async def highlighted(pilot, hints):
    """Each hint in turn as the dialog highlights it (down moves the highlight), the screen caught up."""
    for i, hint in enumerate(hints):
        if i:
            await pilot.press("down")
            await pilot.pause()
        await pilot.pause()
        yield hint


def status(app) -> str:
    return str(play_screen(app).query_one("#status").render())


def offered(app) -> set[str]:
    """The play screen's keys the footer shows now (by description)."""
    return {a.binding.description for a in play_screen(app).active_bindings.values() if a.enabled and a.binding.show}


def hint_lines(app) -> list[str]:
    options = app.screen.query_one("#hints", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def ask(pilot, app) -> None:
    await pilot.press("h")
    await settle(pilot, app)
    await pilot.pause()


async def test_practice_hint_shows_three_moves_in_notation_and_esc_closes_it(make_app, settings):
    match = new_match(settings.saves_dir, seed=2, variants={"practice"})  # seat 0 (you) starts
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Hint" in offered(app)
        before = len(match.entries)
        await ask(pilot, app)
        assert isinstance(app.screen, HintScreen)
        screen = app.screen
        assert len(screen.hints) == 3 and screen.hints[0].expert
        lines = hint_lines(app)
        legal = match.legal_actions(0)
        for hint, line in zip(screen.hints, lines):
            assert hint.action in legal
            assert match.game.parse_action(match.state, 0, hint.notation) == hint.action
            assert line.split()[1] == hint.notation and " win " in line
        why = str(screen.query_one("#hint-why").render())
        assert why.split()[0] == screen.hints[0].why.split()[0]  # the highlighted move's why
        await pilot.press("down")
        await pilot.pause()
        assert str(screen.query_one("#hint-why").render()).split()[0] == screen.hints[1].why.split()[0]
        # the board stays in sight above the dialog (issue 30): the dialog fills the bottom rows only
        dialog = screen.query_one("Vertical")
        assert dialog.region.y >= SIZE[1] // 2, dialog.region
        assert not cut_text(app), cut_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and len(match.entries) == before


async def test_enter_plays_the_hinted_move(make_app, settings):
    match = new_match(settings.saves_dir, seed=2, variants={"practice"})
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app)
        chosen = app.screen.hints[0]
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)
        mine = [e for e in match.entries if e.by == 0 and e.move is not None]
        assert mine and mine[0].move == chosen.notation


async def test_esc_cancels_a_search_under_way(make_app, settings, monkeypatch):
    import threading

    release = threading.Event()

    def slow_hints(*args, **options):  # a search that is under way until the test says so
        release.wait(10)
        return []

    monkeypatch.setattr(hint_module, "hints", slow_hints)
    match = new_match(settings.saves_dir, seed=2, variants={"practice"})
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = len(match.entries)
        await pilot.press("h")
        await until(lambda: isinstance(app.screen, HintScreen), what="the hint dialog open")
        assert not app.screen.hints
        status = app.screen.query_one("#hint-status")
        await until(lambda: "Searching from what you can see" in str(status.render()), what="the search under way")
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen) and len(match.entries) == before
        release.set()


async def test_not_offered_outside_practice_and_the_palette_says_why(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Hint" not in offered(app)
        commands = {c.title for c in app.get_system_commands(app.screen)}
        assert "Why is there no hint now?" in commands and "Hint" not in commands
        assert "Why can't I undo now?" in commands, 'a question, not "Undo: why not now"'
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        assert "No hint: hints are for practice games" in status(app)


async def test_not_offered_while_a_bot_is_to_move(make_app, settings):
    seats = [Seat("Adalbert", "bot:greedy"), Seat("You", "human"), Seat("Brunhild", "bot:random")]
    match = new_match(settings.saves_dir, seed=1, seats=seats, variants={"practice"})
    table = Table(match, bot_delay=30.0)  # the bot's move waits: it is not your turn yet
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert match.to_act == {0}
        assert "Hint" not in offered(app)
        assert play_screen(app).hint_blocker() == "it is not your turn"
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)  # (the status line says why until the spinner's next turn)
        table.close()


def test_the_hint_dialog(snap_compare, make_app, settings, monkeypatch):
    """The dialog's drawing, from three fixed hints: the search's own answers are tested in
    tests/engine/test_hint.py, and tuning the bots must not redraw this picture."""
    from engine.core.search_hint import Hint

    def three_hints(game, view, legal, rng, **options):
        whys = (
            "the expert's pick: tried in 12 of 30 playouts",
            "lifts your chances from 45 % to 52 % at once; tried in 9 of 30 playouts; higher, but "
            "from 9 playouts (30–86 %, overlapping the pick's): the expert plays the move it tried most",
            "+2 points now; tried in 4 of 30 playouts",
        )
        state = game.determinize(view, random.Random(0))  # notation reads a position
        return [
            Hint(a, game.format_action(state, view.seat, a), win, 9, 0.3, why, expert=i == 0)
            for i, (a, win, why) in enumerate(zip(legal, (0.58, 0.61, 0.44), whys))
        ]

    monkeypatch.setattr(hint_module, "hints", three_hints)
    match = new_match(settings.saves_dir, seed=2, variants={"practice"})

    async def open_hints(pilot):
        await settle(pilot, pilot.app)
        await ask(pilot, pilot.app)

    assert snap_compare(make_app(start=lambda app: PlayScreen(match)), run_before=open_hints, terminal_size=SIZE)


async def test_carcassonne_hints_fit_the_dialog(make_app, settings, monkeypatch):
    monkeypatch.setattr(hint_module, "ITERATIONS", 6)  # Carcassonne's playouts are dear
    match = practice_match(settings, "carcassonne-castle", 3)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        if 0 not in match.to_act:
            await settle(pilot, app)
        assert match.to_act == {0}
        await ask(pilot, app)
        hints = app.screen.hints
        assert len(hints) == 3 and all(h.action in match.legal_actions(0) for h in hints)
        assert [line.split()[1] for line in hint_lines(app)] == [h.notation.split()[0] for h in hints]
        assert not cut_text(app), cut_text(app)
        # the highlighted move is previewed in place on the board (issue 30), and follows the list
        board = play_screen(app).board
        async for hint in highlighted(pilot, hints):
            spot = board.grid.cursor_region()  # in sight: the dialog is never over it
            assert spot is not None and not spot.overlaps(app.screen.query_one("Vertical").region)
            lay = board.preview()
            assert lay is not None and (lay.x, lay.y, DIRS[lay.facing]) == (
                hint.action.x,
                hint.action.y,
                hint.action.facing,
            )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        lay = board.preview()  # the cursor stays on the move last shown: enter there lays it
        assert lay is not None and (lay.x, lay.y) == (hints[-1].action.x, hints[-1].action.y)


async def test_king_up_hint_puts_the_cursor_on_the_figure_it_moves(make_app, settings):
    match = new_match(settings.saves_dir, seed=2, variants={"practice"})
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app)
        hints = app.screen.hints
        assert any(getattr(h.action, "figure", None) is not None for h in hints)
        grid = play_screen(app).board.grid
        async for hint in highlighted(pilot, hints):
            figure = getattr(hint.action, "figure", None)
            if figure is not None:
                assert grid.cursor is not None and grid.cell_at(grid.cursor).key == ("fig", figure), hint.notation


async def test_castle_builder_hint_takes_up_the_tile_and_points_at_its_place(make_app, settings, monkeypatch):
    """Two builds at different places and a draw: the highlighted build's tile is taken up and
    the cursor stands on its place, as when the player picks them (esc puts the tile back)."""
    from engine.core.search_hint import Hint
    from engine.games.castle_builder import Build

    def builds_and_a_draw(game, view, legal, rng, **options):
        builds = [a for a in legal if isinstance(a, Build)]
        other = next(b for b in builds if (b.tile, b.level, b.x) != (builds[0].tile, builds[0].level, builds[0].x))
        rest = next(a for a in legal if not isinstance(a, Build))
        state = game.determinize(view, random.Random(0))
        return [
            Hint(a, game.format_action(state, view.seat, a), 0.5, 9, 0.3, "why", expert=i == 0)
            for i, a in enumerate((other, builds[0], rest))
        ]

    monkeypatch.setattr(hint_module, "hints", builds_and_a_draw)
    match = practice_match(settings, "castle-builder", 1)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert match.to_act == {0}
        await ask(pilot, app)
        hints = app.screen.hints
        board = play_screen(app).board
        for i, hint in enumerate(hints[:2]):
            if i:
                await pilot.press("down")
                await pilot.pause()
            build = hint.action
            assert board.chosen == build.tile
            assert board.grid.current.key == ("spot", build.level, build.x), hint.notation


async def test_between_two_castles_hint_points_at_the_spot_in_its_castle(make_app, settings, monkeypatch):
    """Placing: the highlighted hint's room is taken from the strip and its castle's cursor
    stands on the spot it names, following the list (fixed hints at different spots)."""
    from engine.core.search_hint import Hint
    from engine.games.between_two_castles import Place
    from tui.bots import make_bot

    def three_places(game, view, legal, rng, **options):
        places = [a for a in legal if isinstance(a, Place)]
        picked = [places[0], places[-1], places[len(places) // 2]]
        state = game.determinize(view, random.Random(0))
        return [
            Hint(a, game.format_action(state, view.seat, a), 0.5, 9, 0.3, "why", expert=i == 0)
            for i, a in enumerate(picked)
        ]

    monkeypatch.setattr(hint_module, "hints", three_places)
    match = practice_match(settings, "between-two-castles", 4, players=3)
    bot = make_bot(match.game, "greedy")
    while not (
        match.state.turn == 3 and match.state.phase == "placing" and not match.state.bonuses and 0 in match.to_act
    ):
        seat = min(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal_actions(seat), match.rng("t")))
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app)
        hints = app.screen.hints
        board = play_screen(app).board
        async for hint in highlighted(pilot, hints):
            place = hint.action
            grid = board.castle_grid(board.shown.index(place.castle))
            assert board.current_room() == place.room
            assert grid.current is not None and grid.current.key == ("free", place.castle, (place.col, place.floor))


async def test_palais_royal_hint_points_at_the_room_or_space_of_its_move(make_app, settings, monkeypatch):
    """The cursor goes where enter starts the highlighted move: its room or its park space."""
    from engine.core.search_hint import Hint
    from engine.games.palais_royal import Bring, Move, Place, Recruit

    def spot(a):
        if isinstance(a, Recruit):
            return ("space", a.space)
        if isinstance(a, (Place, Bring)):
            return ("room", a.room)
        return ("room", a.from_room) if isinstance(a, Move) else None

    def three_spots(game, view, legal, rng, **options):
        picked: dict = {}
        for a in legal:
            if spot(a) is not None:
                picked.setdefault(spot(a), a)
        state = game.determinize(view, random.Random(0))
        return [
            Hint(a, game.format_action(state, view.seat, a), 0.5, 9, 0.3, "why", expert=i == 0)
            for i, a in enumerate(list(picked.values())[-3:])
        ]

    monkeypatch.setattr(hint_module, "hints", three_spots)
    match = practice_match(settings, "palais-royal", 2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert 0 in match.to_act
        await ask(pilot, app)
        hints = app.screen.hints
        assert len({spot(h.action) for h in hints}) > 1
        board = play_screen(app).board
        async for hint in highlighted(pilot, hints):
            grid = board.park if isinstance(hint.action, Recruit) else board.castle
            assert grid.cursor is not None and grid.cell_at(grid.cursor).key == spot(hint.action), hint.notation
