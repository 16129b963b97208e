"""Issue 9 item 8: at 80x24 every screen shows its text whole (nothing cut mid-word)."""

from __future__ import annotations

from engine.core import GameConfig, Match, Seat, write_log_atomic
from engine.games import get_game
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen, fit_names

from .conftest import finished_match, new_match, settle
from .textfit import cut_text

LONG_SEATS = [
    Seat("Wilhelmina", "human"),
    Seat("Adalbert", "bot:greedy"),
    Seat("Brunhild", "bot:random"),
    Seat("Konstantin", "bot:greedy"),
    Seat("Friederike", "bot:random"),
    Seat("Hildegard", "bot:greedy"),
]


def write_saves(settings) -> None:
    settings.saves_dir.mkdir(parents=True, exist_ok=True)
    done = finished_match()
    write_log_atomic(settings.saves_dir / "done.jsonl", done.game, done.header, done.entries)
    going = Match.new(
        get_game("king-up"),
        GameConfig(6),
        LONG_SEATS,
        5,
        path=settings.saves_dir / "going.jsonl",
        created="2025-01-02T10:00:00",
        durable=False,
    )
    going.close() if hasattr(going, "close") else None
    carc = Match.new(
        get_game("carcassonne-castle"),
        GameConfig(2),
        [Seat("Wilhelmina", "human"), Seat("Adalbert", "bot:greedy")],
        5,
        path=settings.saves_dir / "carc.jsonl",
        created="2025-01-03T10:00:00",
        durable=False,
    )
    carc.close() if hasattr(carc, "close") else None


def assert_fits(app, where: str) -> None:
    problems = cut_text(app)
    assert not problems, f"{where}: " + "\n".join(problems)


def test_names_are_cut_at_a_name():
    assert fit_names("Ann, Bob, Carl", 20) == "Ann, Bob, Carl"
    assert fit_names("Wilhelmina, Adalbert, Brunhild", 23) == "Wilhelmina, Adalbert +1"
    assert fit_names("Wilhelmina, Adalbert", 5) == "2 players"


async def test_the_shell_screens_show_their_text_whole(make_app, settings):
    write_saves(settings)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert_fits(app, "title")
        for key, name in (("n", "new game"), ("l", "load"), ("r", "replays"), ("s", "settings"), ("h", "help")):
            await pilot.press(key)
            await settle(pilot, app)
            assert_fits(app, name)
            if isinstance(app.screen, SavesScreen):
                await pilot.press("down")
                await settle(pilot, app)
                assert_fits(app, name + ", second line")
            await pilot.press("escape")
            await settle(pilot, app)


async def test_the_play_screens_show_their_text_whole(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert_fits(app, "king up, my turn")
        for typed in ("Z9", "A5", "hello there"):
            await pilot.press("colon", *typed, "enter")
            await settle(pilot, app)
            assert_fits(app, f"king up, typed {typed!r}")
            app.screen.query_one("#command").value = ""


async def test_carcassonne_errors_and_game_over_and_replay_show_their_text_whole(make_app, settings):
    game = get_game("carcassonne-castle")
    match = Match.new(
        game,
        GameConfig(2),
        [Seat("You", "human"), Seat("Adalbert", "bot:greedy")],
        4,
        path=settings.saves_dir / "c.jsonl",
        created="2025-01-01T12:00:00",
        durable=False,
    )
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for typed in ("Z99", "A1x"):
            await pilot.press("colon", *typed, "enter")
            await settle(pilot, app)
            assert_fits(app, f"carcassonne, typed {typed!r}")
            app.screen.query_one("#command").value = ""


async def test_game_over_and_the_replay_show_their_text_whole(make_app):
    match = finished_match()
    app = make_app(start=lambda app: ReplayScreen.from_table(_table(app, match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key in ("right", "end"):
            await pilot.press(key)
            await pilot.pause()
            assert_fits(app, f"replay after {key}")
        table = _table(app, match)
        app.push_screen(GameOverScreen(table))
        await settle(pilot, app)
        assert_fits(app, "game over")


def _table(app, match):
    from engine.core import Table

    return Table(match, bot_delay=0.0)


async def test_new_game_shows_every_variant_whole_with_start_on_screen(make_app):
    """Issue 31: "royal strategy: … a prince and a…", "peaceful times: … instea…", "first game: …
    for a first …": a variant's words were cut at 80 columns; they wrap now, Start still shows."""
    from textual.widgets import Button

    from tui.screens.new_game import NewGameScreen
    from tui.widgets import OnOffCheckbox

    from .textfit import screen_lines

    for game_id in ("castle-builder", "palais-royal"):
        app = make_app(start=lambda app, game_id=game_id: NewGameScreen(game_id))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            lines = screen_lines(app)
            text = " ".join(" ".join(lines).split())
            for box in app.screen.query(OnOffCheckbox):
                label = " ".join(str(box.label).split())
                assert label in text, (game_id, label, lines)
            assert not any(line.rstrip().endswith("…") for line in lines), lines
            start = app.screen.query_one("#start", Button).region
            assert start.bottom <= 23 and any("Start (ctrl+g)" in line for line in lines), lines
