"""Between Two Castles through the UI: drafting a pair with the keyboard, the reveal, placing both
rooms where they score, the bonus dialogs (an attendant, 1 of 5 rooms), Ludwig's rooms with two
players, typed moves, a bot game to the score sheets, and screenshots at 80×24."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from engine.games.between_two_castles import Assign, Attend, Choose, Place
from engine.games.between_two_castles.events import (
    AttendantPlaced,
    PairChosen,
    RoomPlaced,
)
from tui.bots import make_bot
from tui.games.between_two_castles import (
    CastlesBoard,
    ChoiceScreen,
    FinalScoresScreen,
    OverviewScreen,
    RevealScreen,
)
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from ..waiting import until
from .conftest import play_screen, settle

GAME = "between-two-castles"
SIZE = (80, 24)
BIG = (160, 48)  # a large terminal: the castle being worked on grows (issue 9 item 4)


def new_match(players: int = 3, seed: int = 1, saves_dir=None, bots: bool = False) -> Match:
    seats = [Seat("You", "human")] + [
        Seat(name, "bot:greedy")
        for name in ("Adalbert", "Brunhild", "Clothar", "Dagobert", "Ermengard", "Fulrad")[: players - 1]
    ]
    if bots:
        seats[0] = Seat("Gisela", "bot:greedy")
    path = saves_dir / "castles.jsonl" if saves_dir is not None else None
    return Match.new(
        get_game(GAME),
        GameConfig(players, frozenset()),
        seats,
        seed,
        path=path,
        created="2025-01-01T12:00:00",
        durable=False,
    )


def advance_until(match: Match, stop, first=min) -> Match:
    """Play every seat with the greedy bot until ``stop(match)`` holds (``first`` picks who acts
    when several may: ``max`` lets the bots choose before you)."""
    bot = make_bot(match.game, "greedy")
    while not stop(match):
        seat = first(match.to_act)
        match.submit(seat, bot.choose(match.view(seat), match.legal_actions(seat), match.rng("t")))
    return match


def bonus_for_you(kind: str, seed: int, players: int = 3) -> Match:
    def stop(m: Match) -> bool:
        top = m.state.bonuses[-1] if m.state.bonuses else None
        return m.to_act == {0} and top is not None and top.seat == 0 and top.kind == kind

    return advance_until(new_match(players, seed), stop)


def board(app) -> CastlesBoard:
    return play_screen(app).query_one(CastlesBoard)


def mine(match: Match, kind) -> list:
    return [e.event for e in match.entries if isinstance(e.event, kind) and getattr(e.event, "seat", None) == 0]


async def test_drafting_marks_two_rooms_and_the_reveal_shows_the_partners(make_app, settings):
    match = new_match(saves_dir=settings.saves_dir)
    hand = match.view(0).my_hand
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castles = board(app)
        assert castles.now == "choose" and castles.strip.has_focus
        assert castles.rooms == list(hand)
        assert "best: L " in str(castles.query_one("#detail-hint").render())
        await pilot.press("enter", "right")
        assert castles.marked == [hand[0]]
        await pilot.press("enter")
        await settle(pilot, app)
        chosen = mine(match, PairChosen)
        assert len(chosen) == 1 and chosen[0].rooms == tuple(sorted(hand[:2]))
        assert any(e.move == f"pick {hand[0]}+{hand[1]}" for e in match.entries if e.by == 0)
        reveal = app.screen
        assert isinstance(reveal, RevealScreen), "the bots had chosen: the pairs are revealed at once"
        assert {t.room for t in reveal.view.to_place if t.owner == 0} == set(hand[:2])
        text = str(reveal.query_one("VerticalScroll Static").render())
        assert "Adalbert (L " in text and "Brunhild (R " in text, "each partner with the castle you share"


async def scaled(pilot, grid, scale: int) -> bool:
    """Whether ``grid`` reaches ``scale`` and the layout has given it the room: a castle that
    starts being worked on is measured again once the layout has placed it, a frame or two after
    the key, and sized by the layout after that."""

    def done() -> bool:
        return grid.scale == scale and grid.size.width >= grid.needs(scale).width

    steady = 0  # a layout pass still under way may measure it again: done three looks running
    for _ in range(100):
        steady = steady + 1 if done() else 0
        if steady == 3:
            return True
        await pilot.pause(0.02)
    return done()


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
async def test_placing_both_rooms_with_the_keyboard(make_app, settings, size):
    match = advance_until(new_match(saves_dir=settings.saves_dir), lambda m: m.state.phase == "placing")
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        castles = board(app)
        assert castles.now == "place" and castles.strip.has_focus and len(castles.rooms) == 2
        room = castles.current_room()
        await pilot.press("enter")  # to the castle where it scores best
        await settle(pilot, app)
        grid = app.screen.focused
        assert grid in (castles.castle_grid(0), castles.castle_grid(1))
        assert await scaled(pilot, grid, 1 if size == SIZE else 3), "the castle worked on fills a large terminal"
        kind, k, spot = grid.current.key
        assert kind == "free" and grid.cursor in grid.highlights
        preview = castles.previews.of(room, k, spot)
        assert preview.after - preview.before == castles.previews.best(room, k)[0]
        assert f"{preview.before} → {preview.after}" in str(castles.query_one("#detail-rule").text)
        await pilot.press("enter")
        await settle(pilot, app)
        first = mine(match, RoomPlaced)
        assert [(e.room, e.castle, e.col, e.floor) for e in first] == [(room, k, *spot)]
        # The other room cannot go into the same castle: the cursor is already in the other one.
        grid = app.screen.focused
        other = grid.current.key
        assert other[0] == "free" and other[1] != k
        assert await scaled(pilot, grid, 1 if size == SIZE else 3), "the other castle, now worked on, grows"
        await pilot.press("enter")
        await settle(pilot, app)
        placed = mine(match, RoomPlaced)
        assert len(placed) == 2 and {e.castle for e in placed} == set(match.state.castles_of(0))


async def test_enter_on_a_room_always_lands_on_its_best_square(make_app, settings):
    """Even after the cursor was left on a poorer square of that castle."""
    match = late_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castles = board(app)
        room = castles.current_room()

        def gain() -> int:
            _, k, spot = app.screen.focused.current.key
            preview = castles.previews.of(room, k, spot)
            return preview.after - preview.before

        await pilot.press("enter")
        await settle(pilot, app)
        best = gain()
        grid = app.screen.focused
        _, k, _ = grid.current.key
        poorer = next(
            pos for pos in sorted(grid.highlights) if gain_at(castles, room, k, grid.cell_at(pos).key[2]) < best
        )
        grid.move_cursor(poorer)
        await pilot.pause()
        castles.strip.focus()
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, app)
        assert gain() == best


def gain_at(castles, room: int, k: int, spot) -> int:
    preview = castles.previews.of(room, k, spot)
    return preview.after - preview.before


async def test_the_attendant_dialog_opens_by_itself_and_again_with_b(make_app, settings):
    match = bonus_for_you("living", seed=3)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and "attendant" in dialog.title_text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen), "escape: back to the board to look"
        await pilot.press("b")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        second = dialog.options[1][1]
        assert isinstance(second, Attend)
        await pilot.press("down", "enter")
        await settle(pilot, app)
        placed = mine(match, AttendantPlaced)
        assert placed and placed[-1].attendant == second.attendant


async def test_the_food_bonus_picks_one_of_five_rooms_then_where(make_app, settings):
    match = bonus_for_you("food", seed=10)
    offer = match.view(0).bonus.offer
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and [v for _, v in dialog.options] == list(offer)
        await pilot.press("down", "enter")
        await pilot.pause()
        castles = board(app)
        assert castles.current_room() == offer[1]
        kind, k, spot = app.screen.focused.current.key
        assert kind == "free"
        await pilot.press("enter")
        await settle(pilot, app)
        placed = mine(match, RoomPlaced)[-1]
        assert (placed.room, placed.castle, placed.col, placed.floor, placed.bonus) == (offer[1], k, *spot, "food")


async def test_two_players_give_ludwig_a_room_from_the_strip(make_app, settings):
    match = new_match(players=2, seed=2)
    assert any(isinstance(a, Assign) for a in match.legal_actions(0)), "round 1: you sit on Ludwig's left"
    draw = match.view(0).ludwig_draw
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castles = board(app)
        assert castles.now == "assign" and castles.rooms == list(draw)
        await pilot.press("right", "enter")
        await settle(pilot, app)
        assert match.state.ludwig_assigned
        assert castles.now == "choose", "then your own pair"
        with_ludwig = next(k for k in match.state.castles_of(0) if 2 in match.state.builders(k))
        assert (draw[1], with_ludwig) in match.state.ludwig_tiles


async def test_typed_pick_and_the_overview(make_app, settings):
    match = new_match(saves_dir=settings.saves_dir)
    hand = match.view(0).my_hand
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OverviewScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("colon", *f"pick {hand[3]}+{hand[5]}", "enter")
        await settle(pilot, app)
        assert mine(match, PairChosen)[0].rooms == (hand[3], hand[5])


async def test_a_bot_game_ends_with_the_score_sheets(make_app, settings):
    match = new_match(players=3, seed=5, bots=True)
    app = make_app(start=lambda app: PlayScreen(match))
    sheets = None
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, FinalScoresScreen):
                sheets = app.screen
                await pilot.press("enter")
            elif isinstance(app.screen, GameOverScreen):
                break
        assert match.finished and isinstance(app.screen, GameOverScreen)
        assert sheets is not None and sheets.view.finished
        assert sheets.view.scores == match.state.scores
        assert [c.score for c in sheets.view.castles] == list(match.state.castle_scores)


def late_position() -> Match:
    """Round 2, you alone still to place: castles of seven columns and ten floors."""
    return advance_until(
        new_match(seed=4),
        lambda m: m.state.round == 2 and m.state.turn >= 4 and m.state.phase == "placing" and m.to_act == {0},
        first=max,
    )


@pytest.mark.parametrize("size", [(120, 40), BIG], ids=["120x40", "160x48"])
async def test_a_large_terminal_draws_bigger_rooms_and_whole_castle_names(make_app, settings, size):
    from .textfit import screen_lines

    match = late_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        grid = app.screen.focused
        castles = board(app)
        await until(lambda: grid.scale >= 2 and grid.size.width >= grid.needs(grid.scale).width, what="bigger rooms")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        view = match.view(0)
        for k in view.my_castles:
            assert view.castles[k].name in text, "both castles' names whole"
        if size == BIG:
            worked_on = view.castles[castles.shown[castles.active]]
            for cell in worked_on.cells:
                if cell.type != "throne":
                    assert max(cell.name.split(), key=len) in text, cell.name


async def test_at_80x24_a_castle_scrolls_by_whole_rooms_and_marks_what_lies_beyond(make_app, settings):
    match = late_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        castles = board(app)
        for i in range(2):
            grid = castles.castle_grid(i)
            first, shown, marks = grid.window()
            assert marks, "these castles are wider than their columns"
            header = grid.render_line(0).text.split()
            labels = [str(c + castles.frames[castles.shown[i]].min_col) for c in range(first, first + shown)]
            beyond = (["‹"] if first > 0 else []) + labels + (["›"] if first + shown < grid.columns else [])
            assert header == beyond, "whole columns only, a mark on each side that has more"
        for _ in range(6):
            await pilot.press("right")
            await pilot.pause()
            grid = app.screen.focused
            first, shown, _ = grid.window()
            assert first <= grid.cursor[0] < first + shown, "the cursor's room is always shown whole"


async def test_nothing_is_cut_mid_word_at_80x24(make_app):
    from .textfit import cut_text as all_cut

    def cut_text(app) -> list[str]:
        # The move list is the shared screen's (its lines are the game's move-list lines).
        return [p for p in all_cut(app) if "id='moves'" not in p]

    cases = [bonus_for_you(kind, seed) for kind, seed in (("utility", 8), ("downstairs", 1), ("food", 10))]
    cases.append(new_match(players=2, seed=2))
    for match in cases:
        app = make_app(start=lambda app, match=match: PlayScreen(match))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert cut_text(app) == [], match.state.bonuses
            await pilot.press("escape")
            await pilot.pause()
            assert cut_text(app) == []


# -- screenshots ------------------------------------------------------------------------------


async def settle_snapshot(pilot):
    await settle(pilot, pilot.app)
    await pilot.pause()


def test_snapshot_drafting(snap_compare, make_app):
    match = advance_until(
        new_match(seed=4),
        lambda m: m.state.turn == 3 and m.state.phase == "choosing" and not m.state.bonuses and m.to_act == {0},
        first=max,
    )
    assert isinstance(next(iter(match.legal_actions(0))), Choose)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["right", "right"],
        terminal_size=SIZE,
    )


def placing_position() -> Match:
    match = advance_until(
        new_match(seed=4),
        lambda m: m.state.turn == 3 and m.state.phase == "placing" and not m.state.bonuses and 0 in m.to_act,
    )
    assert isinstance(next(iter(match.legal_actions(0))), Place)
    return match


def test_snapshot_placing(snap_compare, make_app):
    match = placing_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["enter"],
        terminal_size=SIZE,
    )


def test_snapshot_placing_at_160x48(snap_compare, make_app):
    # Only you still place: no bot moves while the large castle is measured and drawn.
    match = advance_until(
        new_match(seed=4),
        lambda m: m.state.turn == 3 and m.state.phase == "placing" and not m.state.bonuses and m.to_act == {0},
        first=max,
    )

    async def to_the_castle(pilot):
        await settle_snapshot(pilot)
        await pilot.press("enter")
        await settle(pilot, pilot.app)
        assert await scaled(pilot, pilot.app.screen.focused, 3)
        await pilot.pause()

    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=to_the_castle, terminal_size=BIG
    )


def test_snapshot_placing_ascii_monochrome(snap_compare, make_app):
    match = placing_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme="monochrome", ascii=True)
    assert snap_compare(app, run_before=settle_snapshot, press=["enter"], terminal_size=SIZE)


def test_snapshot_bonus_dialog(snap_compare, make_app):
    match = bonus_for_you("food", seed=10)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle_snapshot, terminal_size=SIZE
    )


def test_snapshot_score_sheet(snap_compare, make_app):
    match = advance_until(new_match(seed=4), lambda m: m.finished)
    screen = FinalScoresScreen(match.view(None), match.seats)
    assert snap_compare(make_app(start=lambda app: screen), terminal_size=SIZE)


def test_snapshot_overview(snap_compare, make_app):
    match = advance_until(new_match(seed=4, players=5), lambda m: m.state.round == 2 and m.to_act == {0}, first=max)
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["o"],
        terminal_size=SIZE,
    )


def test_the_reveal_names_the_castle_each_of_ludwigs_rooms_goes_to():
    """Two players: one of Ludwig's rooms goes to your castle with him, the other to your
    opponent's; the reveal listed both under your shared castle."""
    from tui.games.between_two_castles.sheets import reveal_text
    from themes import THEMES

    match = advance_until(new_match(players=2, seed=1), lambda m: m.state.phase == "placing")
    view = match.view(0)
    ludwig = [t for t in view.to_place if t.owner == 2]
    assert len(ludwig) == 2 and len({t.castle for t in ludwig}) == 2
    text = str(reveal_text(view, 0, match.seats, THEMES["bergfried-dark"].variables)).splitlines()
    for t in ludwig:
        castle = view.castles[t.castle].name
        heading = max(
            i
            for i, line in enumerate(text[: text.index(f"   {_letter(view, t)}  {t.name}")])
            if line.startswith("Ludwig")
        )
        assert castle in text[heading], (t.name, castle, text)


def _letter(view, t) -> str:
    from tui.games.between_two_castles.look import TYPE_LETTER

    card = next(c for c in view.room_cards if c.room == t.room)
    return TYPE_LETTER[card.type]


async def test_a_malformed_typed_move_says_what_is_expected_now(make_app, settings):
    """Issue 30: a typed move that is no move answered with every form of the game; now it says
    what the turn wants, with a move legal now as the example."""
    match = advance_until(new_match(saves_dir=settings.saves_dir), lambda m: m.state.phase == "placing")
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"29@", "enter")
        text = str(play_screen(app).query_one("#status").render())
        example = text.rpartition("e.g. ")[2]
        assert text.startswith("Cannot read “29@”: now ") and "pick 12+87" not in text
        assert match.game.parse_action(match.state, 0, example) in match.legal_actions(0)


def test_the_player_waiting_for_ludwigs_rooms_is_told_who_gives_them():
    """Rules version 2: with Ludwig both players choose only after his two rooms are given; the
    other player's lines say whom they wait for."""
    from engine.core import Seat as S
    from tui.games.base import ViewContext
    from tui.games.between_two_castles.describe import ludwig_giver, waiting_line

    match = new_match(players=2, seed=2)
    seats = (S("Ann"), S("Bob"))
    ctx = ViewContext(match.game, match.view(1), 1, seats)
    assert ludwig_giver(ctx) == "Ann"
    assert waiting_line(ctx) == "Waiting while Ann gives Ludwig's two rooms to his castles"
    assert ludwig_giver(ViewContext(match.game, match.view(0), 0, seats)) is None, "the giver is not waiting"


async def test_a_refused_move_stays_in_sight_while_the_others_choose_at_the_same_time(make_app, settings):
    """Playing as a new user (issue 30's check): a typed move refused while the bots drafted at
    the same time had its message redrawn away by their moves before it could be read; it now
    stays until the player acts again."""
    match = new_match(4, seed=3, saves_dir=settings.saves_dir)
    table = Table(match, bot_delay=30.0)  # the bots wait until the test hurries them
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert 0 in match.to_act
        await pilot.press("colon", "z", "z", "enter")
        await pilot.pause()
        status = play_screen(app).query_one("#status")
        assert "Cannot read" in str(status.render())
        for _ in range(500):  # each bot's pause hurried as soon as it begins
            if match.to_act == {0}:
                break
            table.hurry()
            await pilot.pause(0.02)
        assert match.to_act == {0}, "the bots have chosen"
        await pilot.pause()
        assert "Cannot read" in str(status.render()), str(status.render())
    table.close()
