"""Issue 31, Castle Builder: the game-over ranking counts coins (it said "points"), and its
replay offers no round keys (the game has no rounds) while a game with rounds still does."""

from __future__ import annotations

from engine.core import Table
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen

from .conftest import finished_match, replay_at_end, settle
from .test_castle_builder_screen import advance_until, new_match
from .textfit import screen_lines


async def test_the_ranking_counts_coins(make_app):
    match = advance_until(new_match(7), lambda m: m.finished)
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        text = "\n".join(screen_lines(app))
        assert "coins" in text and "points" not in text, text


async def test_only_a_game_with_rounds_offers_the_round_keys(make_app, tmp_path):
    match = advance_until(new_match(7), lambda m: m.finished)
    async with replay_at_end(make_app, match, tmp_path / "cb") as (pilot, replay):
        assert "Round" not in screen_lines(pilot.app)[-1], screen_lines(pilot.app)[-1]
        assert not replay.check_action("round", ())
    async with replay_at_end(make_app, finished_match(), tmp_path / "ku") as (pilot, replay):
        # (at 80 columns the fitting footer leaves the round keys off first; they still work)
        assert replay.check_action("round", ())


async def test_undo_back_to_a_pending_discard_opens_its_dialog_again(make_app):
    """Issue 31: the dialog opened once per view, and undo brings the very same view back."""
    from engine.core import GameConfig, Match, Seat
    from engine.games import get_game
    from tui.games.castle_builder.dialogs import ChoiceScreen

    seats = [Seat("You", "human"), Seat("Adalbert", "bot:greedy"), Seat("Brunhild", "bot:greedy")]
    practice = Match.new(get_game("castle-builder"), GameConfig(3, frozenset({"practice"})), seats, 1, path=None)
    match = advance_until(
        practice,
        lambda m: m.to_act == {0} and m.view(0).choice is not None and m.view(0).choice.kind == "limit",
    )
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")  # a tile discarded
        await settle(pilot, app)
        await pilot.pause(0.3)
        while isinstance(app.screen, ChoiceScreen):  # (more than one to discard)
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.pause(0.3)
        assert match.view(0).choice is None or match.view(0).choice.kind != "limit"
        screen = next(s for s in app.screen_stack if isinstance(s, PlayScreen))
        assert screen.undo_blocker() is None, screen.undo_blocker()
        await pilot.press("u")
        await settle(pilot, app)
        await pilot.pause(0.3)
        assert match.view(0).choice is not None and match.view(0).choice.kind == "limit"
        assert isinstance(app.screen, ChoiceScreen), "the discard's dialog is open again"


def test_when_no_tile_fits_the_status_says_why():
    """Issue 31: long dead-locks said "no tile fits" turn after turn and never why."""
    from engine.core import GameConfig, Match, Seat
    from engine.games import get_game
    from engine.games.castle_builder import Build, Draw
    from themes import UNICODE
    from tui.games import game_ui
    from tui.games.base import ViewContext

    game = get_game("castle-builder")
    for seed in range(30):
        seats = [Seat("You", "human"), Seat("Bo", "bot:greedy")]
        match = Match.new(game, GameConfig(2), seats, seed, path=None)

        def stuck(m: Match) -> bool:
            legal = list(m.legal_actions(0)) if m.to_act == {0} else []
            return m.finished or (Draw() in legal and not any(isinstance(a, Build) for a in legal))

        advance_until(match, stuck)
        if match.finished:
            continue
        view = match.view(0)
        ctx = ViewContext(game, view, 0, match.seats, tuple(match.legal_actions(0)), UNICODE)
        text = game_ui(game.id).phase_text(ctx)
        assert text.startswith("no tile fits (") and text.endswith("): d draws 2"), text
        for tile in (*view.holder, *view.market_tiles):
            assert tile.label in text
        return
    raise AssertionError("no position where nothing fits in 30 games")


def test_no_tile_fits_names_a_tile_with_the_right_number_and_why_it_may_not_stand_there():
    """Issue 31's dead-locks: "places need 14 · 21; tiles: …, 14" left a player asking why the 14
    did not fit; the line now says "14 at 3c: stone may not stand on nothing", the rule's own
    reason, which is the one the engine gives when that build is tried."""
    from engine.core.selfplay import play_out
    from engine.games import get_game
    from engine.games.castle_builder import Build
    from engine.games.castle_builder.moves import CHECKS
    from tui.games.castle_builder import near_misses, why_none_fits

    game, found = get_game("castle-builder"), 0
    for seed in range(6):
        match = play_out(game, 2, ["random", "random"], seed)
        state = game.initial_state(match.header.config)
        for event in match.events:
            state = game.evolve(state, event)
            if (
                state.pending
                or 0 not in game.to_act(state)
                or any(isinstance(a, Build) for a in game.legal_actions(state, 0))
            ):
                continue
            view = game.view(state, 0)
            ctx = type("Ctx", (), {"view": view, "seat": 0})()
            misses = near_misses(view.castles[0], (*view.holder, *view.market_tiles))
            if not misses:
                continue
            found += 1
            face, place, why = misses[0]
            assert f"; {face.label} at {place.spot}: {why})" in why_none_fits(ctx)
            refusal = CHECKS.why_not(state, 0, Build(face.id, place.level, place.x))
            assert refusal is not None and refusal.endswith(why), (refusal, why)
    assert found, "no dead-lock with a near miss in these games"


async def test_a_replay_names_the_castle_of_the_seat_called_you_your_castle(make_app, tmp_path):
    """The replay shows the game as a spectator, and the first seat's castle was "You's castle"."""
    match = advance_until(new_match(7), lambda m: m.finished)
    async with replay_at_end(make_app, match, tmp_path / "cb") as (pilot, replay):
        top = screen_lines(pilot.app)[0]
        assert "You's" not in top and top.lstrip().startswith("Your castle"), top


def test_your_own_choice_is_not_prefixed_with_you():
    """ "Your turn: you: discard down to 7" on the status line; another's keeps its name."""
    from tui.games.castle_builder import PHASES, UI

    match = advance_until(new_match(3), lambda m: m.view(0).choice is not None and m.view(0).choice.seat == 0)
    ctx = type("Ctx", (), {"view": match.view(0), "seat": 0, "name": lambda self, s: match.seats[s].name})()
    text = UI.phase_text(ctx)
    assert not text.startswith("you:") and text in PHASES.values(), text


async def test_a_tie_broken_for_the_winner_ranks_the_winner_alone_first(make_app):
    """A deadlocked end with tied coins goes to the baron that travelled furthest: the table
    showed "1 Ann 6 winner / 1 Adalbert 6 / 1 Brunhild 6", three firsts and one winner."""
    from engine.core.selfplay import play_out
    from engine.games import get_game

    match = play_out(get_game("castle-builder"), 4, ["random"] * 4, 3, variants=frozenset({"royal-strategy"}))
    result = match.result
    (winner,) = result.winners
    tied = [s for s in range(4) if s != winner and result.scores[s] == result.scores[winner]]
    assert tied, result  # the case: a tie-break decided
    app = make_app(start=lambda app: PlayScreen(Table(match)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        rows = {
            s: next(
                line for line in screen_lines(app) if f" {match.seats[s].name} " in line and "Game over" not in line
            )
            for s in range(4)
        }
        assert rows[winner].split()[1] == "1" and "winner" in rows[winner], rows[winner]
        for seat in tied:
            assert rows[seat].split()[1] == "2", rows[seat]


def test_a_tile_is_named_alike_on_the_screen_in_the_move_list_and_in_the_hints():
    """Issue 31: the holder's line said "#15 wall 12" where the move list and the hints say
    "#15 12 wall": the numbers as the holder prints them, then the kind, everywhere."""
    from engine.games.castle_builder.catalog import TILES
    from engine.games.castle_builder.notation import tile_text
    from engine.games.castle_builder.view import face
    from tui.games.castle_builder.look import tile_name

    for tile in TILES.values():
        if tile.kind != "gate":
            assert tile_name(face(tile.id)).startswith(tile_text(tile.id)), (
                tile_name(face(tile.id)),
                tile_text(tile.id),
            )
