"""Playing through the UI: a whole King Up! game against bots, undo, save as, continue, load,
damaged files, hot-seat covers, and stepping through the replay."""

from __future__ import annotations

from tests.waiting import until

from engine.core import Seat, Table, read_log, verify
from engine.core.game import secret_from
from engine.games import get_game
from tui.cli import replay_start
from tui.screens.dialogs import ConfirmScreen, CoverScreen, PromptScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen
from tui.screens.title import TitleScreen

from .conftest import finished_match, new_match, play_screen, settle


def status(app) -> str:
    return str(play_screen(app).query_one("#status").render())


async def test_a_whole_game_against_bots_then_its_replay(make_app, settings):
    app = make_app()
    seen = set()
    order: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#seed").value = "11"
        await pilot.press("ctrl+g")
        await settle(pilot, app)
        for _ in range(400):
            seen.add(type(app.screen).__name__)
            if not order or order[-1] != type(app.screen).__name__:
                order.append(type(app.screen).__name__)
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("y" if type(app.screen).__name__ == "VoteScreen" else "enter")
            await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        assert {"VoteScreen", "RevealInterlude", "RoundEndScreen"} <= seen
        # a round's last vote is revealed before the round's scores (issue 30)
        assert all(order[i - 1] == "RevealInterlude" for i, s in enumerate(order) if s == "RoundEndScreen"), order
        table = play_screen(app).table
        assert table.finished
        saved = list(settings.saves_dir.glob("*.jsonl"))
        assert len(saved) == 1
        loaded = read_log(saved[0], get_game)
        assert loaded.header.seed == secret_from(11)
        assert get_game("king-up").view(verify(get_game("king-up"), loaded), None) == table.view(None)
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.stop_index == 0
        await pilot.press("right", "right", "right")
        assert replay.stop_index == 3
        await pilot.press("left")
        assert replay.stop_index == 2
        await pilot.press("end")
        assert replay.cursor.at_end
        await pilot.press("home")
        assert replay.stop_index == 0 and replay.cursor.position == replay.stops[0]


async def test_undo_takes_back_the_move_and_bot_replies_in_practice_or_says_why_not(make_app, settings):
    for practice in (False, True):
        match = new_match(settings.saves_dir, seed=2, variants={"practice"} if practice else ())
        app = make_app(start=lambda app, match=match: PlayScreen(match))  # seat 0 (the human) starts
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("u")
            assert "Cannot undo: you have no move to take back" in status(app)
            setup = len(match.entries)
            await pilot.press("enter", "enter")  # pick a figure, put it on a floor
            await settle(pilot, app)
            await settle(pilot, app)
            assert len(match.entries) > setup + 1, "the bots replied"
            assert match.to_act == {0}
            await pilot.press("u")
            await settle(pilot, app)
            if practice:
                assert len(match.entries) == setup and match.to_act == {0}
            else:
                assert "only for practice games" in status(app) and len(match.entries) > setup + 1
            assert read_log(settings.saves_dir / "game.jsonl", get_game).entries == tuple(match.entries)
        (settings.saves_dir / "game.jsonl").unlink()


async def test_typed_moves_and_their_errors(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"Z9", "enter")
        # what is expected now, with a move legal now as the example, not every form (issue 30)
        assert status(app).startswith("Cannot read “Z9”: now pick a figure") and ", e.g. " in status(app)
        command = play_screen(app).query_one("#command")
        command.value = "A3"
        await pilot.press("enter")
        await settle(pilot, app)
        assert match.entries[len(match.entries) - 1].act >= 1
        assert any(e.move == "A3" for e in match.entries)
        # Pressing ":" again while the line has focus types a colon; the move still reads.
        for _ in range(50):
            if match.state.turn == 0:
                break
            await settle(pilot, app)
        assert match.state.turn == 0
        free = "ABCDEFGILMNOP"[match.state.floors.index(-1)]
        await pilot.press("colon", *f"{free}2", "enter")
        await settle(pilot, app)
        assert any(e.move == f"{free}2" for e in match.entries)


async def test_save_as_writes_a_copy(make_app, settings, tmp_path):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    target = tmp_path / "copy.jsonl"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        app.screen.query_one("#answer").value = str(target)
        await pilot.press("enter")
        await pilot.pause()
    assert read_log(target, get_game).entries == tuple(match.entries)


async def test_continue_and_load_resume_an_unfinished_game(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    match.play(0, "A3")
    entries = tuple(match.entries)
    match.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()  # the new save is not in the index yet: a worker reads it
        await pilot.pause()
        assert "Continue: King Up!" in str(app.screen.query_one("#continue-hint").render())
        await pilot.press("c")
        await settle(pilot, app)
        resumed = play_screen(app).table
        assert resumed.version >= len(entries)
        assert tuple(read_log(resumed.save_path, get_game).entries[: len(entries)]) == entries
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "leaving a game in progress asks first"
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")
        await pilot.pause()
        table = app.screen.query_one("DataTable")
        row = table.get_row_at(0)
        assert row[0] == "King Up!" and "You" in row[1] and row[3].startswith("move ")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PlayScreen)


async def test_a_damaged_save_shows_the_engine_message_and_offers_the_recovered_part(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    match.play(0, "A3")
    match.close()
    path = settings.saves_dir / "game.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1] + ['{"act": 99, "nonsense": true}', lines[-1]]) + "\n")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert app.screen.query_one("DataTable").get_row_at(0)[3] == "damaged"
        assert f"line {len(lines)}" in str(app.screen.query_one("#detail").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    recovered = settings.saves_dir / "game.recovered.jsonl"
    assert len(read_log(recovered, get_game).entries) == len(lines) - 2


async def test_hot_seat_covers_the_board_between_human_players(make_app, settings):
    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Bot", "bot:random")]
    match = new_match(settings.saves_dir, seed=2, seats=seats)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, CoverScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await settle(pilot, app)
        screen = play_screen(app)
        assert screen.viewer == 0 and screen.context().view == match.view(0)
        await pilot.press("enter", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, CoverScreen) and app.screen.player == "Ben"
        assert screen.context().view.my_goal is None or screen.viewer != 1, (
            "Ben's card is not drawn before the cover is lifted"
        )
        await pilot.press("enter")
        await settle(pilot, app)
        assert screen.viewer == 1 and screen.context().view == match.view(1)


async def test_replay_viewer_steps_jumps_by_round_and_switches_views(make_app, tmp_path):
    match = finished_match()
    path = tmp_path / "done.jsonl"
    from engine.core import write_log_atomic

    write_log_atomic(path, match.game, match.header, match.entries)
    app = make_app(start=replay_start(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.seat is None
        await pilot.press("pagedown")
        first_round = replay.cursor.position
        await pilot.press("pagedown")
        assert replay.cursor.position > first_round
        assert replay.game.describe(replay.cursor.state, replay.cursor.events[first_round - 1]) is not None
        await pilot.press("pageup")
        assert replay.cursor.position == first_round
        before = replay.stop_index
        await pilot.press("down", "down", "enter")
        assert replay.stop_index == before + 2
        assert replay.cursor.position == replay.stops[replay.stop_index]
        await pilot.press("v")
        assert replay.seat == 0
        assert replay.board.ctx.view == match.game.view(replay.cursor.state, 0)
        await pilot.press("p")
        assert replay._timer is not None
        await pilot.press("p")
        assert replay._timer is None


async def test_two_apps_on_one_loop_share_a_table_and_see_only_their_own_seat(tmp_path):
    from .conftest import make_settings

    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Bot", "bot:random")]
    match = new_match(seed=2, seats=seats)  # Ann starts, then Ben, then the bot
    ann = make_settings(tmp_path / "ann")
    ben = make_settings(tmp_path / "ben")
    from tui.app import BergfriedApp

    table = Table(match)
    app_a = BergfriedApp(ann, start=lambda app: PlayScreen(table, frozenset({0})))
    app_b = BergfriedApp(ben, start=lambda app: PlayScreen(table, frozenset({1})))
    async with app_a.run_test(size=(80, 24)) as pa, app_b.run_test(size=(80, 24)) as pb:
        await settle(pa, app_a)
        await settle(pb, app_b)
        screen_a, screen_b = play_screen(app_a), play_screen(app_b)
        assert screen_a.context().view == match.view(0)
        assert screen_b.context().view == match.view(1)
        assert screen_b.context().legal == ()
        await pa.press("enter", "enter")
        await settle(pa, app_a)
        await settle(pb, app_b)
        assert match.to_act == {1}
        assert screen_b.context().legal and screen_b.context().view == match.view(1)
        assert len(screen_b.query_one("#moves").options) == len(screen_a.query_one("#moves").options)
        await pb.press("enter", "enter")
        for _ in range(10):
            await settle(pb, app_b)
            await settle(pa, app_a)
            if 0 in match.to_act:
                break
        assert 0 in match.to_act, "Ben moved in his app, then the table moved the bot"


async def test_a_vote_cast_while_a_bot_thinks_does_not_leave_the_other_bots_waiting(make_app, settings):
    """King Up!'s vote is simultaneous: the human votes while a bot is still deciding. The table
    drops that bot's decision (the game moved on under it) and used to start no other, so the
    screen said "Waiting for Brunhild" for ever. The play screen now starts any bot that owes a
    move and is not deciding."""
    import asyncio
    import random

    from engine.games.king_up import Vote

    match = new_match(settings.saves_dir, seed=5)
    rng = random.Random(5)
    while not any(isinstance(a, Vote) for a in match.legal_actions(0)):
        seat = min(match.to_act)
        match.submit(seat, rng.choice(list(match.legal_actions(seat))))
    table = Table(match, bot_delay=3.0)
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "VoteScreen" and table.thinking is not None:
                break
        assert type(app.screen).__name__ == "VoteScreen" and table.thinking is not None
        await pilot.press("y")  # voted while the bot is still deciding
        table.bot_delay = 0.0
        for _ in range(60):
            await pilot.pause(0.1)
            if not any(isinstance(a, Vote) for s in (1, 2) for a in match.legal_actions(s)):
                break
        assert not ({1, 2} & match.to_act and table.thinking is None and table._bot_task is None), (
            f"stuck: {set(match.to_act)} to act, nobody deciding"
        )
        assert all(not isinstance(a, Vote) for s in (1, 2) for a in match.legal_actions(s))
        await asyncio.sleep(0)


async def test_after_an_undo_the_move_list_shows_every_word_of_each_wrapped_move(make_app):
    """The list is rebuilt after an undo: every option was measured without the scrollbar, so the
    last line of each wrapped move ("… + Pillow / Room") vanished once the scrollbar came."""
    from .test_between_two_castles_screen import advance_until
    from .test_between_two_castles_screen import new_match as castles_match

    match = advance_until(
        castles_match(players=2, seed=1), lambda m: m.state.phase == "placing" and len(m.entries) > 12
    )
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = play_screen(app)
        lines = screen.table.move_lines()[:-3]
        screen._rebuild_moves(lines)  # as an undo does
        await pilot.pause()
        await pilot.pause()
        moves = screen.query_one("#moves")
        shown: dict[int, str] = {}
        for top in range(0, moves.virtual_size.height, moves.size.height):
            moves.scroll_to(y=top, animate=False, immediate=True)
            await pilot.pause()
            for y in range(moves.size.height):
                shown[int(moves.scroll_y) + y] = "".join(s.text for s in moves.render_line(y)).rstrip()
        text = " ".join(" ".join(shown[y] for y in sorted(shown)).split())
        for line in lines:
            assert " ".join(line.text.split()) in text, line.text


async def test_the_newest_wrapped_move_shows_whole_at_the_replay_s_end(make_app):
    """Once the scrollbar came the wrapped lines were measured again, and the newest move's last
    line fell below the list ("game over: Bot 1 (greedy) 44, Bot 2 (random)" without its 28)."""
    from engine.core.selfplay import play_out
    from engine.games import get_game
    from tui.screens.replay import ReplayScreen

    from .textfit import region_text, screen_lines

    match = play_out(get_game("between-two-castles"), 2, ["greedy", "random"], 3)
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        last = " ".join(next(label for label in reversed(app.screen.labels) if "game over" in label).split())

        def side() -> str:  # the move list's text without its scrollbar (its thumb may sit beside any line)
            moves = app.screen.query_one("#moves").scrollable_content_region
            return " ".join(region_text(screen_lines(app), moves).split())

        # Waits for the list to settle at its end; the wrapped last move must then show whole.
        await until(lambda: last in side(), what=f"the newest move whole in the list: {last!r}")


async def test_a_crowded_footer_drops_whole_keys_and_keeps_leave_and_help(make_app):
    """Castle Builder, practice, after a move (undo and hint offered): the footer was wider than
    80 columns and ended in "… h Hint  e▏^p palette" (esc Leave cut, f1 Help gone)."""
    from engine.core import GameConfig, Match
    from engine.games import get_game

    from .textfit import screen_lines

    game = get_game("castle-builder")
    match = Match.new(
        game,
        GameConfig(2, frozenset({"practice"})),
        [Seat("You", "human"), Seat("Adalbert", "bot:random")],
        3,
        path=None,
        created="2025-01-01T12:00:00",
        durable=False,
    )
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter", "enter")  # a tile built: undo is offered now
        await settle(pilot, app)
        await pilot.pause()
        footer = screen_lines(app)[-1]
        shown = [k for k in app.screen.query("FooterKey") if k.display]  # by type name: the class is private
        for key in shown:
            assert f"{key.key_display} {key.description}".strip() in footer, (key.description, footer)
        assert "esc Leave" in footer and "f1 Help" in footer, footer
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        await pilot.pause()
        assert "a Save as" in screen_lines(app)[-1], "with room, every key is back"


async def test_keys_typed_fast_after_a_colon_all_go_to_the_move_line(make_app, settings):
    """Issue 31: ":" then "a4" typed faster than a frame opened Save as (the "a" reached the
    screen before the move line had the focus); every key after ":" goes to the move line."""
    from textual import events

    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key, char in (("colon", ":"), ("a", "a"), ("4", "4")):  # queued at once, as a fast typist's
            app.post_message(events.Key(key, char))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen), app.screen
        assert play_screen(app).query_one("#command").value == "a4", (
            app.focused,
            play_screen(app).query_one("#command").value,
            status(app),
        )


async def test_a_move_typed_while_a_bot_plays_is_kept_and_played_when_the_turn_comes(make_app, settings):
    """Issue 30: a move typed during the bots' turns was refused and the message overwritten at
    once; now it waits, the status line says so while the bots play, and it is played when the
    turn comes (a move that does not fit then is refused with its reason)."""
    from tui.bots import make_bot

    seats = [Seat("Adalbert", "bot:greedy"), Seat("You", "human"), Seat("Brunhild", "bot:greedy")]
    # The same game played ahead: the move you will be able to make when your turn comes.
    ahead = new_match(None, seed=3, seats=seats)  # Brunhild starts, then Adalbert
    bot = make_bot(ahead.game, "greedy")
    while 1 not in ahead.to_act:
        seat = min(ahead.to_act)
        ahead.submit(seat, bot.choose(ahead.view(seat), ahead.legal_actions(seat), ahead.rng("t")))
    move = ahead.game.format_action(ahead.state, 1, ahead.legal_actions(1)[0])
    match = new_match(settings.saves_dir, seed=3, seats=seats)
    table = Table(match, bot_delay=30.0)  # the bots wait until the test hurries them
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert 1 not in match.to_act
        await pilot.press("colon", *move, "enter")
        assert f"“{move}” is played when" in status(app)
        for _ in range(500):  # each bot's pause hurried as soon as it begins (at most 10 s)
            if any(e.by == 1 for e in match.entries):
                break
            assert f"“{move}” is played when" in status(app)  # kept in sight while the bots play
            table.hurry()
            await pilot.pause(0.02)
        mine = [e.move for e in match.entries if e.by == 1 and e.move is not None]
        assert mine == [move]
        # (not settle(): the bots after you would each take their 30 s pause first)
        await until(lambda: play_screen(app).query_one("#command").value == "", what="the move line emptied")
    table.close()


async def test_a_refusal_while_others_play_gives_way_to_your_turn(make_app, settings):
    """Issue 31: `h` pressed just before the others' moves reached the screen said "No hint: it
    is not your turn", and that line stayed when the turn came, hiding "Your turn: ..." (a
    refusal stays only while the turn it was made in goes on). The others here play from other
    terminals (as over SSH), so nothing redraws the line between the refusal and your turn."""
    seats = [Seat("Adalbert", "human"), Seat("You", "human"), Seat("Brunhild", "human")]
    match = new_match(settings.saves_dir, seed=3, seats=seats)
    table = Table(match)
    app = make_app(start=lambda app: PlayScreen(table, local_seats=frozenset({1})))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert 1 not in match.to_act
        await pilot.press("h")
        assert status(app).startswith("No hint"), status(app)
        while 1 not in match.to_act:
            seat = min(match.to_act)
            table.submit(seat, match.legal_actions(seat)[0])
        await until(lambda: status(app).startswith("Your turn"), what="your turn's line")
    table.close()


async def test_while_voting_the_footer_offers_only_what_works(make_app, settings):
    """Issue 30: while the secret vote was open the footer offered Undo, Type, Save as and Leave,
    which did nothing. The play screen's keys are off while its prompt has the keys."""
    import random

    from engine.games.king_up import Vote

    match = new_match(settings.saves_dir, seed=5)
    rng = random.Random(5)
    while not any(isinstance(a, Vote) for a in match.legal_actions(0)):
        seat = min(match.to_act)
        match.submit(seat, rng.choice(list(match.legal_actions(seat))))
    table = Table(match, bot_delay=30.0)
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "VoteScreen":
                break
        assert type(app.screen).__name__ == "VoteScreen"
        shown = {
            a.binding.description for a in play_screen(app).active_bindings.values() if a.enabled and a.binding.show
        }
        assert not shown & {"Undo", "Type", "Save as", "Leave"}, shown
        await pilot.press("y")
        await pilot.pause()
        shown = {
            a.binding.description for a in play_screen(app).active_bindings.values() if a.enabled and a.binding.show
        }
        assert "Leave" in shown
    table.close()


def _bot_move(match, bot, seat):
    import random

    rng = random.Random(match.rng(f"bot{seat}").getrandbits(128))  # as the table's bots draw
    return bot.choose(match.view(seat), list(match.legal_actions(seat)), rng)


def _a_wait_that_ends_in_a_vote(seats, bot):
    """A seed, the actions up to where the viewer (seat 1, playing its first legal move) has just
    moved and waits for a bot whose move calls a vote, and the viewer's first move after that
    vote (voting YES): the game played ahead with the same bots, whose choices follow the seed."""
    from engine.games.king_up import Vote

    for seed in range(60):
        match = new_match(None, seed=seed, seats=seats)
        played: list = []
        while not match.finished:
            if 1 in match.to_act:
                if any(isinstance(a, Vote) for a in match.legal_actions(1)):
                    break  # the viewer's own climb called it: not a wait
                played.append((1, match.legal_actions(1)[0]))
                match.submit(*played[-1])
                ahead = new_match(None, seed=seed, seats=seats)
                for seat, action in played:
                    ahead.submit(seat, action)
                waited = 0
                while 1 not in ahead.to_act and not ahead.finished:
                    seat = min(ahead.to_act)
                    ahead.submit(seat, _bot_move(ahead, bot, seat))
                    waited += 1
                # (the table's first bot move comes at once, so the vote is called by a later one)
                if ahead.finished or waited < 2 or Vote(True) not in ahead.legal_actions(1):
                    continue
                ahead.submit(1, Vote(True))
                while 1 not in ahead.to_act and not ahead.finished:
                    seat = min(ahead.to_act)
                    ahead.submit(seat, _bot_move(ahead, bot, seat))
                legal = () if ahead.finished else ahead.legal_actions(1)
                if legal and not any(isinstance(a, Vote) for a in legal):
                    return seed, list(played), ahead.game.format_action(ahead.state, 1, legal[0])
            else:
                seat = min(match.to_act)
                played.append((seat, _bot_move(match, bot, seat)))
                match.submit(*played[-1])
    raise AssertionError("no game found where a bot's move calls a vote while the viewer waits")


async def test_a_move_typed_while_bots_play_waits_past_a_vote_for_the_turn_it_is_for(make_app, settings):
    """Playing as a new user (issue 30's check): a climb typed while the bots played was spent on
    the secret vote a bot's move called (refused there, its message under the vote dialog, then
    overwritten); it now waits through the vote and is played on the viewer's next move."""
    from tui.bots import make_bot

    seats = [Seat("Adalbert", "bot:greedy"), Seat("You", "human"), Seat("Brunhild", "bot:greedy")]
    bot = make_bot(get_game("king-up"), "greedy")
    seed, played, move = _a_wait_that_ends_in_a_vote(seats, bot)
    match = new_match(settings.saves_dir, seed=seed, seats=seats)
    for seat, action in played:  # the same game up to the viewer's wait
        match.submit(seat, action)
    table = Table(match, bot_delay=30.0)  # the bots wait until the test hurries them
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert 1 not in match.to_act
        await pilot.press("colon", *move, "enter")
        assert f"“{move}” is played when" in status(app)
        for _ in range(500):
            if type(app.screen).__name__ == "VoteScreen":
                break
            table.hurry()
            await pilot.pause(0.02)
        assert type(app.screen).__name__ == "VoteScreen"
        await pilot.press("y")
        for _ in range(500):
            if any(e.by == 1 and e.move == move for e in match.entries):
                break
            if type(app.screen).__name__ == "RevealInterlude":
                await pilot.press("enter")
            table.hurry()
            await pilot.pause(0.02)
        mine = [e.move for e in match.entries if e.by == 1 and e.move is not None]
        assert mine[-1] == move, (mine, status(app))
    table.close()
