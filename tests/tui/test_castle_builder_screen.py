"""Castle Builder through the UI: picking a tile and a place with the keyboard (the baron's move
previewed), a number changed by 1 paid with a tile, drawing, the coin and thief dialogs, other
castles with ``v``, typed moves, a bot game to its end, and screenshots at 80×24."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from engine.games.castle_builder import Build, Draw, Steal, TakeCoin
from engine.games.castle_builder.events import (
    CoinTaken,
    TileBuilt,
    TileDiscarded,
    TilesDrawn,
    TileStolen,
)
from tui.bots import make_bot
from tui.games.castle_builder import BuilderBoard, ChoiceScreen, CoinsScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from .conftest import play_screen, replay_at_end, settle

GAME = "castle-builder"
SIZE = (80, 24)
BIG = (160, 48)  # a large terminal: the wall grows to scale 2 (issue 9 item 4)
NAMES = ("Adalbert", "Brunhild", "Clothar")


def new_match(seed: int = 1, players: int = 3, saves_dir=None, bots: bool = False) -> Match:
    seats = [Seat("You", "human")] + [Seat(n, "bot:greedy") for n in NAMES[: players - 1]]
    if bots:
        seats[0] = Seat("Gisela", "bot:greedy")
    path = saves_dir / "builder.jsonl" if saves_dir is not None else None
    return Match.new(
        get_game(GAME),
        GameConfig(players, frozenset()),
        seats,
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


def your_choice(kind: str, seed: int) -> Match:
    return advance_until(
        new_match(seed), lambda m: m.to_act == {0} and m.view(0).choice is not None and m.view(0).choice.kind == kind
    )


def high_build(m: Match) -> bool:
    """You are to move and some tile fits, as printed, above the ground."""
    return (
        m.to_act == {0}
        and m.view(0).choice is None
        and any(isinstance(a, Build) and a.level >= 2 and a.delta == 0 for a in m.legal_actions(0))
    )


def board(app) -> BuilderBoard:
    return play_screen(app).query_one(BuilderBoard)


def mine(match: Match, kind) -> list:
    return [e.event for e in match.entries if isinstance(e.event, kind) and getattr(e.event, "seat", None) == 0]


def text_of(widget) -> str:
    return str(widget.render())


async def walk_to(pilot, grid, key) -> None:
    """Press arrows until the cursor is on the cell whose key is ``key``."""
    target = grid.find(key)
    assert target is not None and grid._can_stop(target), key
    for _ in range(40):
        if grid.cursor == target:
            return
        dx, dy = target[0] - grid.cursor[0], target[1] - grid.cursor[1]
        await pilot.press(
            ("right" if dx > 0 else "left") if dx and (not dy or abs(dx) > 1) else ("down" if dy > 0 else "up")
        )
    assert grid.cursor == target


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
async def test_a_tile_then_a_place_builds_it_and_the_baron_move_is_previewed(make_app, settings, size):
    match = advance_until(new_match(2, saves_dir=settings.saves_dir), high_build)
    build = max(
        (a for a in match.legal_actions(0) if isinstance(a, Build) and a.delta == 0), key=lambda a: (a.level, a.tile)
    )
    preview = match.game.preview(match.view(0), build)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        b = board(app)
        grid = b.grid
        assert grid.scale == (1 if size == SIZE else 2)
        assert grid.has_focus and grid.current.key[0] == "tile", "the cursor starts on a tile"
        await walk_to(pilot, grid, ("tile", build.tile))
        assert "fits" in text_of(b.query_one("#focus"))
        await pilot.press("enter")
        assert b.chosen == build.tile and grid.current.key[0] == "spot"
        assert {grid.cell_at(p).key[1:] for p in grid.highlights if grid.cell_at(p).key[0] == "spot"} == {
            (a.level, a.x) for a in match.legal_actions(0) if isinstance(a, Build) and a.tile == build.tile
        }
        await walk_to(pilot, grid, ("spot", build.level, build.x))
        focus = text_of(b.query_one("#focus"))
        assert f"{preview.steps} steps → space {preview.to + 1}" in focus
        await pilot.press("enter")
        await settle(pilot, app)
        built = mine(match, TileBuilt)[-1]
        assert (built.tile, built.level, built.x, built.delta) == (build.tile, build.level, build.x, 0)
        move = match.game.format_action(None, 0, build)
        assert f'"move":"{move}"' in (settings.saves_dir / "builder.jsonl").read_text()


async def test_escape_goes_back_to_the_tiles_and_d_draws_two(make_app, settings):
    match = new_match(1)
    advance_until(match, lambda m: m.to_act == {0} and m.view(0).choice is None)
    held = len(match.view(0).holder)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        b = board(app)
        await pilot.press("enter")
        assert b.chosen is not None
        await pilot.press("escape")
        assert b.chosen is None and b.grid.current.key[0] == "tile"
        assert isinstance(app.screen, PlayScreen), "escape on the board leaves only the tile"
        await pilot.press("d")
        await settle(pilot, app)
        drawn = mine(match, TilesDrawn)
        assert drawn and len(drawn[0].tiles) == 2
        assert any(e.move == "draw" for e in match.entries if e.by == 0)
        assert match.view(0).holder_counts[0] >= min(held + 2, 7) or match.view(0).choice is not None


async def test_a_changed_number_asks_which_tile_pays(make_app, settings):
    def only_changed(m: Match) -> bool:
        if m.to_act != {0} or m.view(0).choice is not None:
            return False
        legal = [a for a in m.legal_actions(0) if isinstance(a, Build)]
        plain = {(a.tile, a.level, a.x) for a in legal if a.delta == 0}
        return any(a.delta and (a.tile, a.level, a.x) not in plain for a in legal)

    match = advance_until(new_match(3), only_changed)
    legal = [a for a in match.legal_actions(0) if isinstance(a, Build)]
    plain = {(a.tile, a.level, a.x) for a in legal if a.delta == 0}
    target = next(a for a in legal if a.delta and (a.tile, a.level, a.x) not in plain)
    ways = [a for a in legal if (a.tile, a.level, a.x) == (target.tile, target.level, target.x)]
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        b = board(app)
        await walk_to(pilot, b.grid, ("tile", target.tile))
        await pilot.press("enter")
        await walk_to(pilot, b.grid, ("spot", target.level, target.x))
        assert "±1: discard" in text_of(b.query_one("#focus"))
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and dialog.title_text.startswith("Build #")
        assert len(dialog.options) == len(ways) and {a for _, a in dialog.options} == set(ways)
        chosen = dialog.options[-1][1]
        await pilot.press(*["down"] * (len(dialog.options) - 1), "enter")
        await settle(pilot, app)
        built = mine(match, TileBuilt)[-1]
        assert (built.tile, built.level, built.x, built.delta, built.discards) == (
            chosen.tile,
            chosen.level,
            chosen.x,
            chosen.delta,
            chosen.discards,
        )


async def test_the_coin_dialog_opens_by_itself_and_again_with_o(make_app, settings):
    match = your_choice("coin", seed=4)
    coins = [c.effect for c in match.view(0).market_coins]
    won = len(match.state.coins[0])
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and "coin" in dialog.title_text
        assert [a.effect for _, a in dialog.options] == coins
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")
        await settle(pilot, app)
        taken = [e for e in mine(match, CoinTaken) if e.chosen]
        assert taken and match.state.coins[0][won] == taken[0].coin
        assert any(e.move == match.game.format_action(None, 0, TakeCoin(coins[1])) for e in match.entries)


async def test_the_thief_asks_which_opponent(make_app, settings):
    match = your_choice("thief", seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and dialog.title_text.startswith("Thief")
        victims = [a.victim for _, a in dialog.options]
        assert victims == sorted(a.victim for a in match.legal_actions(0) if isinstance(a, Steal))
        await pilot.press("enter")
        await settle(pilot, app)
        stolen = mine(match, TileStolen)
        assert stolen and stolen[-1].victim == victims[0]


async def test_v_shows_the_other_castles_and_c_the_coins(make_app, settings):
    match = advance_until(new_match(1), high_build)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        b = board(app)
        assert text_of(b.query_one("#title")).startswith("Your castle")
        await pilot.press("v")
        assert b.viewed == 1 and text_of(b.query_one("#title")).startswith("Adalbert's castle")
        placed = {(t.level, t.x) for t in match.view(0).castles[1].tiles}
        assert all(b.grid.find(("placed", lv, x)) is not None for lv, x in placed)
        await pilot.press("v", "v")
        assert b.viewed == 0
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CoinsScreen)
        text = text_of(app.screen.query_one("Static"))
        assert all(c.text[:20] in text.replace("\n", " ") for c in match.view(0).market_coins)


async def test_a_typed_draw(make_app, settings):
    match = advance_until(new_match(1), lambda m: m.to_act == {0} and Draw() in m.legal_actions(0))
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"draw", "enter")
        await settle(pilot, app)
        assert mine(match, TilesDrawn)


@pytest.mark.slow  # about two minutes: every one of some 500 bot moves redraws the wall
async def test_a_bot_game_ends_with_game_over(make_app, settings):
    match = new_match(7, bots=True)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await settle(pilot, app)
            if isinstance(app.screen, GameOverScreen):
                break
        assert match.finished and isinstance(app.screen, GameOverScreen)
        end = match.view(None)
        most = max(len(c) for c in end.coins)
        assert end.winners and all(len(end.coins[w]) == most for w in end.winners)
        assert most >= 7 or end.end_reason, "7 coins, or the rare end when the supply runs dry"


async def test_the_replay_viewer_draws_every_castle_to_the_end(make_app, tmp_path):
    match = advance_until(new_match(7), lambda m: m.finished)
    async with replay_at_end(make_app, match, tmp_path) as (pilot, replay):
        b = replay.query_one(BuilderBoard)
        assert b.ctx.view.finished and not b.ctx.legal
        assert text_of(b.query_one("#focus")).startswith("Game over:")
        await pilot.press("v")  # the replay's "view as": the castle follows the seat
        await pilot.pause()
        seat = b.ctx.seat
        assert b.viewed == (seat if seat is not None else 0)
        if seat is not None:
            assert text_of(b.query_one("#title")).startswith("Your castle")


# -- screenshots ------------------------------------------------------------------------------


async def settle_snapshot(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def building_position() -> tuple[Match, list[str]]:
    """A high build from the holder, and the keys that pick its tile."""

    def from_holder(m: Match) -> bool:
        holder = {t.id for t in m.view(0).holder}
        return (
            high_build(m)
            and m.state.turns >= 12
            and any(
                isinstance(a, Build) and a.level >= 2 and a.delta == 0 and a.tile in holder for a in m.legal_actions(0)
            )
        )

    match = advance_until(new_match(2), from_holder)
    tiles = [t.id for t in match.view(0).holder]
    build = max(
        (a for a in match.legal_actions(0) if isinstance(a, Build) and a.delta == 0 and a.tile in tiles),
        key=lambda a: (a.level, a.tile),
    )
    buildable = sorted(
        {a.tile for a in match.legal_actions(0) if isinstance(a, Build) and a.tile in tiles}, key=tiles.index
    )
    return match, ["right"] * buildable.index(build.tile) + ["enter"]


def test_snapshot_building(snap_compare, make_app):
    match, presses = building_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=presses,
        terminal_size=SIZE,
    )


def test_snapshot_building_at_160x48(snap_compare, make_app):
    match, presses = building_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=presses,
        terminal_size=BIG,
    )


def test_snapshot_coin_choice(snap_compare, make_app):
    match = your_choice("coin", seed=4)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle_snapshot, terminal_size=SIZE
    )


def test_snapshot_the_end(snap_compare, make_app):
    match = advance_until(new_match(7), lambda m: m.finished)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle_snapshot, terminal_size=SIZE
    )


async def test_discarding_two_tiles_opens_the_dialog_twice(make_app, settings):
    match = advance_until(
        new_match(1),
        lambda m: (
            m.to_act == {0}
            and m.view(0).choice is not None
            and m.view(0).choice.kind == "limit"
            and m.view(0).choice.count >= 2
        ),
    )
    count = match.view(0).choice.count
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(count):
            await settle(pilot, app)
            await pilot.pause(0.3)
            dialog = app.screen
            assert isinstance(dialog, ChoiceScreen) and "over 7" in dialog.title_text
            await pilot.press("enter")
        await settle(pilot, app)
        assert len(mine(match, TileDiscarded)) >= count


def _brightness(color) -> float:
    r, g, b = color.get_truecolor()
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@pytest.mark.parametrize("theme", ["monochrome", "bergfried-dark", "bergfried-light", "high-contrast", "colorblind"])
async def test_every_theme_draws_stone_and_air_and_every_number(make_app, settings, theme):
    """Monochrome (the theme under NO_COLOR) loses nothing (issue 31): every character on the
    wall is readable against its background, stone halves are light and air halves dark, so the
    NO_COLOR filter shows stone as reverse video; the market's "✓/3" keeps its 3."""
    match, _ = building_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme=theme)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        grid = board(app).grid
        light = dark = 0
        for y in range(grid.size.height):
            for segment in grid.render_line(y):
                style = segment.style
                if style is None or not segment.text.strip() or style.bgcolor is None:
                    continue
                back = _brightness(style.bgcolor)
                assert abs(_brightness(style.color) - back) > 0.3, (y, segment)
                light += back >= 0.5
                dark += back < 0.5
        assert dark and (light or theme != "monochrome")


async def test_open_places_no_tile_can_fill_show_no_number(make_app, settings):
    """An open place over air or over nothing on a side no tile can bridge shows no "=N" (issue
    31); one where only a check-mark tile stands by its stone and air shows "=✓"; every other
    place a legal build targets keeps its number."""
    from tui.games.castle_builder.wall import CHECK_ONLY, fillable, takes

    match = new_match(seed=3, players=2)
    match = advance_until(
        match,
        lambda m: (
            m.to_act == {0}
            and any(not fillable(m.view(0).castles[0], s.level, s.x) for s in m.view(0).castles[0].spots)
        ),
    )
    castle = match.view(0).castles[0]
    dead = [s for s in castle.spots if not fillable(castle, s.level, s.x)]
    built_to = {(a.level, a.x) for a in match.legal_actions(0) if isinstance(a, Build)}
    assert dead and not built_to & {(s.level, s.x) for s in dead}
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        grid = board(app).grid
        for spot in castle.spots:
            pos = grid.find(("spot", spot.level, spot.x))
            shown = grid.cell_at(pos).glyph + grid.cell_at((pos[0] + 1, pos[1])).glyph
            if spot in dead:
                assert shown.strip() == "", (spot, shown)
            elif takes(castle, spot.level, spot.x) == CHECK_ONLY:  # a side wall's: any number
                assert shown.strip() == "=✓", (spot, shown)
            elif spot.need is not None:
                assert shown.strip() == f"={spot.need}", (spot, shown)


async def test_the_footer_under_a_board_dialog_offers_only_what_works_there(make_app, settings):
    """The play screen's footer shows under the coin dialog: Undo, Type, Save as and Leave do
    nothing there (the dialog has the keys; its escape backs out), so they are not offered."""
    from tui.widgets.footer import FittingFooter, is_key

    match = your_choice("coin", seed=4)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        play = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
        shown = {w.description for w in play.query_one(FittingFooter).query("*") if is_key(w)}
        assert shown - {"palette"} == {"Help"}, shown  # the board's keys (v Castles, o Choose) do nothing there either
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)
        shown = {w.description for w in play.query_one(FittingFooter).query("*") if is_key(w)}
        assert {"Save as", "Leave"} <= shown, shown
