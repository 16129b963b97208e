"""Palais Royal through the UI: set-up placements with enter, a turn played with the keyboard
(the Gate, picking a servant up and walking it, the Mint, recruiting a noble with its chooser,
drawing and keeping cards, ending steps with n), the list of every move, what stays hidden,
a whole bot game to its final scoring, and screenshots at 80×24."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, Match, Seat, Table
from engine.games import get_game
from engine.games.palais_royal import (
    MUENZEREI,
    SUPPLY,
    TOR,
    Bring,
    Done,
    Draw,
    Keep,
    Mint,
    Move,
    Place,
    Recruit,
)
from tui.bots import make_bot
from tui.games.palais_royal import ChoiceScreen, FinalScoringScreen, PalaisBoard
from tui.games.palais_royal.look import room_pos, space_pos
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from .conftest import play_screen, replay_at_end, settle

GAME = "palais-royal"
SIZE = (80, 24)
BIG = (160, 48)  # a large terminal: castle and park grow together (issue 9 item 4)
SEATS = [Seat("You", "human"), Seat("Adalbert", "bot:greedy"), Seat("Brunhild", "bot:greedy")]
BOTS = [Seat("Ada", "bot:greedy"), Seat("Bruno", "bot:random"), Seat("Clara", "bot:greedy")]


def new_match(saves_dir=None, seed: int = 7, seats=SEATS) -> Match:
    path = saves_dir / "palais.jsonl" if saves_dir is not None else None
    return Match.new(
        get_game(GAME),
        GameConfig(len(seats), frozenset()),
        list(seats),
        seed,
        path=path,
        created="2025-01-01T12:00:00",
        durable=False,
    )


def advance_until(match: Match, stop, kinds=("greedy",) * 3, limit: int = 5000) -> Match:
    """Play every seat (the human's too) with bots until ``stop(match)`` holds (greedy bots
    never go to the Back Door: a random one plays the human's seat where cards are wanted)."""
    bots = [make_bot(match.game, kind) for kind in kinds]
    for _ in range(limit):
        if stop(match):
            return match
        assert not match.finished, "the game ended before the position looked for"
        seat = min(match.to_act)
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), match.rng("t")))
    raise AssertionError("position not reached")


def human_in_step(step: int, want=lambda legal: True):
    def stop(match: Match) -> bool:
        view = match.view(0)
        return (
            match.to_act == {0}
            and view.turn is not None
            and view.turn.step == step
            and want(list(match.legal_actions(0)))
        )

    return stop


def board(app) -> PalaisBoard:
    return play_screen(app).query_one(PalaisBoard)


def events_of(match: Match, name: str, seat: int = 0) -> list:
    return [e.event for e in match.entries if type(e.event).__name__ == name and getattr(e.event, "seat", None) == seat]


async def walk(pilot, grid, target) -> None:
    """Arrow keys until the grid's cursor is on ``target``."""
    for _ in range(30):
        if grid.cursor == target:
            return
        dx, dy = target[0] - grid.cursor[0], target[1] - grid.cursor[1]
        await pilot.press(("right" if dx > 0 else "left") if dx else ("down" if dy > 0 else "up"))
    assert grid.cursor == target


def square(match: Match, room: int) -> tuple[int, int]:
    return room_pos(match.view(0).rooms[room].square)


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
async def test_set_up_servants_are_placed_with_the_arrows_and_enter(make_app, settings, size):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert match.to_act == {0} and match.view(0).phase == "placing"
        castle = board(app).castle
        assert castle.has_focus
        assert castle.scale == board(app).park.scale == (1 if size == SIZE else 2)
        await walk(pilot, castle, square(match, MUENZEREI))
        before = match.view(0).rooms[MUENZEREI].servants[0]
        await pilot.press("enter")
        await pilot.pause()
        assert [e.room for e in events_of(match, "ServantPlaced")][-1] == MUENZEREI
        assert match.view(0).rooms[MUENZEREI].servants[0] == before + 1
        await pilot.press("enter", "enter", "enter", "enter")
        await settle(pilot, app)
        assert len(events_of(match, "ServantPlaced")) == 5
        assert match.view(0).players_[0].supply == 8
        assert '"move":"+Mu"' in (settings.saves_dir / "palais.jsonl").read_text()


async def test_gate_servants_and_next_step(make_app, settings):
    match = advance_until(new_match(settings.saves_dir), human_in_step(1, lambda ok: Bring(TOR, SUPPLY) in ok))
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        castle = board(app).castle
        await walk(pilot, castle, square(match, TOR))
        gate = match.view(0).rooms[TOR].servants[0]
        await pilot.press("enter")
        await pilot.pause()
        assert match.view(0).rooms[TOR].servants[0] == gate + 1
        assert Done() in match.legal_actions(0)
        await pilot.press("n")
        await pilot.pause()
        assert events_of(match, "StepFinished")[-1].step == 1


async def test_a_servant_is_picked_up_and_walks_several_rooms(make_app, settings):
    def two_moves(legal):
        return sum(isinstance(a, Move) for a in legal) > 0

    match = advance_until(
        new_match(settings.saves_dir), lambda m: human_in_step(2, two_moves)(m) and m.view(0).turn.moves_left >= 2
    )
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        panel = board(app)
        legal = list(match.legal_actions(0))
        first = next(a for a in legal if isinstance(a, Move))
        await walk(pilot, panel.castle, square(match, first.from_room))
        await pilot.press("enter")
        assert panel.picked == first.from_room
        assert "where to?" in str(panel.query_one("#detail").render())
        await walk(pilot, panel.castle, square(match, first.to_room))
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(match, "ServantMoved")[-1]
        assert (moved.from_room, moved.to_room) == (first.from_room, first.to_room)
        assert panel.picked == first.to_room, "the servant stays picked to walk on"
        onward = next(a for a in match.legal_actions(0) if isinstance(a, Move) and a.from_room == first.to_room)
        await walk(pilot, panel.castle, square(match, onward.to_room))
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(match, "ServantMoved")[-1]
        assert (moved.from_room, moved.to_room) == (onward.from_room, onward.to_room)
        await pilot.press("escape")
        assert panel.picked is None and isinstance(app.screen, PlayScreen)


async def test_the_mint_pays_on_enter(make_app, settings):
    match = advance_until(new_match(settings.saves_dir), human_in_step(3, lambda ok: Mint() in ok))
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        gold, due = match.view(0).players_[0].gold, match.view(0).turn.mint_gold
        await walk(pilot, board(app).castle, square(match, MUENZEREI))
        await pilot.press("enter")
        await pilot.pause()
        assert match.view(0).players_[0].gold == gold + due
        assert events_of(match, "GoldMinted")


async def test_a_noble_is_recruited_from_the_park_with_the_chooser(make_app, settings):
    match = advance_until(
        new_match(settings.saves_dir, seed=2), human_in_step(4, lambda ok: any(isinstance(a, Recruit) for a in ok))
    )
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        panel = board(app)
        assert panel.park.has_focus, "action 4 is played on the park"
        ways = [a for a in match.legal_actions(0) if isinstance(a, Recruit)]
        border = [a for a in ways if a.source is not None]
        target = (border or ways)[0].space
        many = sum(a.space == target for a in ways) > 1
        noble = match.view(0).park[target].noble
        await walk(pilot, panel.park, space_pos(target))
        assert noble.name in str(panel.query_one("#focus-line").render())
        await pilot.press("enter")
        await pilot.pause()
        if many:
            assert isinstance(app.screen, ChoiceScreen)
            await pilot.press("enter")
            await pilot.pause()
        recruited = events_of(match, "NobleRecruited")[-1]
        assert recruited.space == target and recruited.noble == noble.index
        assert match.view(0).park[target].noble is None


async def test_cards_are_drawn_and_kept_with_keys(make_app, settings):
    # Seed 9: three servants at the Back Door draw three cards.
    match = advance_until(
        new_match(settings.saves_dir, seed=9),
        lambda m: human_in_step(5, lambda ok: Draw() in ok)(m) and m.view(0).turn.draw_count >= 2,
        kinds=("random", "greedy", "greedy"),
    )
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        drawn = match.view(0).my_drawn
        assert drawn and events_of(match, "CardsDrawn")
        info = str(play_screen(app).info.query_one("#info").render())
        assert "Drawn:" in info
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        first = app.screen.actions[0]
        assert isinstance(first, Keep)
        await pilot.press("enter")
        await pilot.pause()
        assert first.card in match.view(0).my_hand
        left = match.view(0).my_drawn
        assert len(left) == len(drawn) - 1
        await pilot.press("n")
        await pilot.pause()
        assert sorted(events_of(match, "CardsDiscarded")[-1].cards) == sorted(left)


async def test_every_move_is_in_the_list_and_escape_goes_back(make_app, settings):
    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("x")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChoiceScreen)
        assert set(chooser.actions) == set(match.legal_actions(0)) == {Place(r) for r in range(9)}
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and not events_of(match, "ServantPlaced")
        await pilot.press("x", "down", "enter")
        await pilot.pause()
        assert events_of(match, "ServantPlaced")[-1].room == chooser.actions[1].room


async def test_only_the_owner_sees_the_hand(make_app, settings):
    match = advance_until(
        new_match(settings.saves_dir, seed=3),
        lambda m: m.to_act == {0} and m.state.hands[0] and any(m.state.hands[1:]),
        kinds=("random",) * 3,
    )
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        ctx = board(app).ctx
        assert ctx.view.my_hand == match.state.hands[0]
        info = str(play_screen(app).info.query_one("#info").render())
        mine = " ".join(ctx.game.format_action(None, 0, Keep(c))[5:] for c in match.state.hands[0])
        assert f"Hand: {mine}" in info
        assert info.count("Hand:") == 1
        for seat in (1, 2):
            if match.state.hands[seat]:
                assert f"▮{len(match.state.hands[seat])}" in info, "others' hands: only how many"


async def test_a_bot_game_ends_with_the_final_scoring(make_app, settings):
    # The bots play the last round at the table, on screen; the rounds before, here.
    match = advance_until(
        new_match(settings.saves_dir, seed=5, seats=BOTS),
        lambda m: m.view(None).last_round,
        kinds=("greedy", "random", "greedy"),
    )
    app = make_app(start=lambda app: PlayScreen(match))
    scoring = None
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(600):
            await settle(pilot, app)
            if isinstance(app.screen, FinalScoringScreen):
                scoring = app.screen
                await pilot.press("enter")
            elif isinstance(app.screen, GameOverScreen):
                break
        assert match.finished and scoring is not None
        final = match.state.final
        assert scoring.view.final.totals == final.totals
        assert [sum(p) for p in zip(final.nobles, final.played, final.hands, final.park)] == list(final.totals)


async def test_the_replay_viewer_draws_the_finished_game(make_app, tmp_path):
    match = advance_until(new_match(seed=5, seats=BOTS), lambda m: m.finished)
    async with replay_at_end(make_app, match, tmp_path) as (pilot, replay):
        panel = replay.query_one(PalaisBoard)
        assert panel.ctx.view.over and not panel.ctx.legal
        assert "wins with" in str(panel.query_one("#detail").render())
        await pilot.press("home")
        await pilot.pause()
        # the start is the table as set up, move 0 (it was the empty table, "not set up yet")
        assert "Set-up:" in str(panel.query_one("#steps").render()) and replay.stop_index == 0
        await pilot.press("right", "right")
        await pilot.pause()
        assert panel.ctx.view.phase == "placing" and panel.castle.current is None
        assert "Set-up:" in str(panel.query_one("#steps").render())


# -- screenshots ------------------------------------------------------------------------------


async def settle_snapshot(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def set_up_position() -> Match:
    return advance_until(new_match(), lambda m: m.to_act == {0} and m.view(0).phase == "placing")


def recruiting_position() -> Match:
    return advance_until(new_match(seed=2), human_in_step(4, lambda ok: any(isinstance(a, Recruit) for a in ok)))


def test_snapshot_set_up(snap_compare, make_app):
    match = set_up_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["right", "down"],
        terminal_size=SIZE,
    )


def test_snapshot_set_up_at_160x48(snap_compare, make_app):
    match = set_up_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))),
        run_before=settle_snapshot,
        press=["right", "down"],
        terminal_size=BIG,
    )


def test_snapshot_moving_a_servant(snap_compare, make_app):
    match = advance_until(
        new_match(),
        lambda m: (
            human_in_step(2, lambda ok: any(isinstance(a, Move) for a in ok))(m) and m.view(0).turn.moves_left >= 2
        ),
    )
    pos = square(match, next(a for a in match.legal_actions(0) if isinstance(a, Move)).from_room)

    async def pick(pilot):
        await settle_snapshot(pilot)
        await walk(pilot, board(pilot.app).castle, pos)
        await pilot.press("enter")

    assert snap_compare(make_app(start=lambda app: PlayScreen(Table(match))), run_before=pick, terminal_size=SIZE)


def test_snapshot_recruiting_ascii_monochrome(snap_compare, make_app):
    match = recruiting_position()
    app = make_app(start=lambda app: PlayScreen(Table(match)), theme="monochrome", ascii=True)
    assert snap_compare(app, run_before=settle_snapshot, terminal_size=SIZE)


def test_snapshot_recruiting(snap_compare, make_app):
    match = recruiting_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle_snapshot, terminal_size=SIZE
    )


def test_snapshot_recruiting_at_160x48(snap_compare, make_app):
    match = recruiting_position()
    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=settle_snapshot, terminal_size=BIG
    )


def test_snapshot_final_scoring(snap_compare, make_app):
    """Over the finished board (the title screen behind would change with every game added)."""
    match = advance_until(new_match(seed=5, seats=BOTS), lambda m: m.finished)

    async def show_scoring(pilot):
        await settle_snapshot(pilot)
        assert isinstance(pilot.app.screen, GameOverScreen)
        await pilot.click("#close")
        await pilot.pause()
        pilot.app.push_screen(FinalScoringScreen(match.view(None), match.seats))
        await pilot.pause()

    assert snap_compare(
        make_app(start=lambda app: PlayScreen(Table(match))), run_before=show_scoring, terminal_size=SIZE
    )


async def test_your_total_counts_your_face_down_nobles_and_the_bank_is_shown(make_app, settings):
    """Issue 31: "You* 12" above "Face down: 6 nobles, 39 pts" hid your real total; the gold
    bank was never shown, and a Mint that pays nothing said nothing."""
    match = advance_until(
        new_match(settings.saves_dir, seed=3),
        lambda m: m.to_act == {0} and m.view(0).my_face_down,
        kinds=("random",) * 3,
    )
    app = make_app(start=lambda app: PlayScreen(match), bot_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        view = match.view(0)
        info = str(play_screen(app).info.query_one("#info").render())
        total = view.players_[0].visible_points + sum(n.points for n in view.my_face_down)
        mine = next(line for line in info.splitlines() if "You*" in line)
        assert mine.split("You*")[1].split()[0] == str(total), mine
        assert f"bank {view.bank} gold" in info or view.bank == 0 and "bank empty" in info


def test_a_mint_that_pays_nothing_says_why():
    from tui.games.palais_royal.look import step_detail

    match = advance_until(
        new_match(seed=8), lambda m: human_in_step(3)(m) and not m.view(0).turn.minted and not m.view(0).turn.mint_gold
    )
    assert "Mint pays nothing (" in step_detail(match.view(0))
