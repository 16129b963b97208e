"""Issue 31, Palais Royal at 80x24: the step bar and the line under it fit whole (the other steps
go down to their numbers when the bar is too wide), and the park's legend explains x2 and ●+."""

from __future__ import annotations

import textwrap

from themes import UNICODE
from tui.games.palais_royal.look import LEGEND, space_pos, step_bar
from tui.screens.play import PlayScreen

from .conftest import play_screen, settle
from .test_palais_royal_screen import advance_until, board, human_in_step, new_match


async def test_the_step_bar_and_its_detail_fit_at_80x24(make_app, settings):
    match = advance_until(new_match(settings.saves_dir), human_in_step(3))
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        steps = board(app).query_one("#steps")
        text = steps.text.plain
        assert len(text) <= steps.size.width, (text, steps.size.width)
        assert "3 Rooms" in text and text.rstrip().endswith("5 Cards"), text
        view, names = match.view(0), [s.name for s in match.seats]
        narrow = step_bar(view, names, UNICODE, app.theme_variables, width=30).plain
        assert narrow.split() == ["●", "1", "2", "3", "Rooms", "4", "5"], narrow  # the current step whole
        detail = board(app).query_one("#detail")
        assert len(str(detail.text)) <= detail.size.width, detail.text
        assert "x2: counts double in its row" in LEGEND and "●+: majority" in LEGEND
        line = board(app).query_one("#focus-line").size
        assert len(textwrap.wrap(LEGEND, line.width)) <= line.height, "its lines hold it whole"
        assert "L S F V: lion, statue, fountain, vase" in LEGEND


def test_the_favour_step_is_shown_only_to_a_player_who_may_hold_the_favour():
    """A turn begins at the Favour's step and passes over it at once without the card: a replay
    stopped there showed "Fav" for a player with no cards at all."""
    import attrs

    from tui.games.palais_royal.look import may_hold_favour

    match = advance_until(new_match(None), human_in_step(3))
    view = match.view(0)
    at_fav = attrs.evolve(view, turn=attrs.evolve(view.turn, step=0))
    names = [s.name for s in match.seats]
    no_cards = attrs.evolve(at_fav, my_hand=())
    assert not may_hold_favour(no_cards, 0)
    assert "Fav" not in step_bar(no_cards, names, UNICODE, {}).plain
    other = (view.turn.seat + 1) % view.players
    spectator = attrs.evolve(at_fav, seat=other)
    players = list(spectator.players_)
    players[view.turn.seat] = attrs.evolve(players[view.turn.seat], hand=0)
    assert "Fav" not in step_bar(attrs.evolve(spectator, players_=tuple(players)), names, UNICODE, {}).plain
    players[view.turn.seat] = attrs.evolve(players[view.turn.seat], hand=2)
    assert may_hold_favour(attrs.evolve(spectator, players_=tuple(players)), view.turn.seat)


def test_the_move_list_names_a_step_as_the_step_bar_does():
    """The move list said "next (after 1 supply)" and "(3 mint and seals)" under a step bar of
    "1 Gate ... 3 Rooms": "1 supply" read as one supply, and the steps had two sets of names."""
    from engine.games.palais_royal import STEP_NAMES
    from tui.games.palais_royal.look import STEP_LABELS

    match = advance_until(new_match(None), lambda m: any(type(e).__name__ == "StepFinished" for e in m.events))
    before, texts = match.game.initial_state(match.header.config), []
    for event in match.events:
        texts.append(match.game.describe(before, event, [s.name for s in match.seats]))
        before = match.game.evolve(before, event)
    assert any(t and t.startswith("next (after action ") for t in texts), texts
    for step in range(1, 6):
        assert STEP_NAMES[step] == f"action {STEP_LABELS[step].replace(' ', ', ')}", STEP_NAMES[step]


def test_one_face_down_noble_is_one_noble():
    from tui.games.palais_royal.panels import my_lines

    from .test_palais_royal_screen import events_of

    match = advance_until(new_match(None), lambda m: len(m.view(0).my_face_down) == 1)
    assert events_of(match, "NobleRecruited")
    ctx = type("Ctx", (), {"view": match.view(0), "seat": 0})()
    face_down = next(str(line) for line in my_lines(ctx) if str(line).startswith("Face down"))
    assert face_down.startswith("Face down: 1 noble, "), face_down


async def test_colon_after_a_refused_move_starts_a_new_move(make_app, settings):
    """A refused move stays on the line to be mended; ``:`` typed then was added to it, so the
    next move typed ("To>Mu:+Mu") could never be read and every later one piled on."""
    from textual.widgets import Input

    from .test_palais_royal_screen import events_of

    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon", *"To>Mu", "enter")
        await settle(pilot, app)
        line = app.screen.query_one("#command", Input)
        assert line.value == "To>Mu" and not events_of(match, "ServantPlaced"), "refused, kept to mend"
        await pilot.press("colon", *"+Mu", "enter")
        await settle(pilot, app)
        assert [e.room for e in events_of(match, "ServantPlaced")] == [3], "the Mint (Münzerei)"
        assert line.value == ""
        await pilot.press("colon", *"Zz", "enter", "left", "colon")  # a ':' inside the text stays
        await pilot.pause()
        assert line.value == "Z:z"


def test_one_point_and_one_seal_are_singular():
    """ "K1, 1 pts" under the park, "needs 1 violet seals" when refused."""
    import attrs

    from engine.games.palais_royal.actions import Recruit
    from engine.games.palais_royal.catalog import KOENIG, MADAME, NOBLES, SCHREIBSTUBE
    from engine.games.palais_royal.refusals import _recruit_refusal
    from tui.games.palais_royal.look import noble_text

    match = new_match(None)
    space = next(sp for sp in match.view(0).park if sp.noble is not None)
    one = attrs.evolve(space, noble=attrs.evolve(space.noble, points=1))
    assert ", 1 pt" in noble_text(one) and "1 pts" not in noble_text(one), noble_text(one)
    state = match.state
    for room, colour in ((KOENIG, "turquoise"), (MADAME, "violet")):
        index = next(
            i for i, n in enumerate(NOBLES) if (n.king if room == KOENIG else n.madame) == 1 and n.king + n.madame == 1
        )
        rooms = list(state.rooms)
        rooms[SCHREIBSTUBE] = (1,) + rooms[SCHREIBSTUBE][1:]
        rooms[room] = (0,) + rooms[room][1:]
        park = (index,) + state.park[1:]
        there = attrs.evolve(state, rooms=tuple(rooms), park=park, gold=(99,) + state.gold[1:], turn=0)
        said = _recruit_refusal(there, 0, Recruit(0, 0, 0, 3))
        assert said.endswith(
            f"needs 1 {colour} seal ({'servants with the King' if room == KOENIG else 'servants with Madame'})"
        ), said


async def test_a_dialog_chosen_from_twice_closes_once_and_the_game_stays(make_app, settings):
    """Textual's dismiss pops whatever is on top: a move list chosen from twice before it closed
    (enters typed fast) popped the game too, which was left without asking (seen in tmux:
    the Load list, the title, or an empty screen came back mid-game)."""
    from tui.games.palais_royal.dialogs import ChoiceScreen

    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        play = app.screen
        await pilot.press("x")
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        first, mine = dialog.actions[0], sum(1 for e in match.entries if e.move is not None and e.by == 0)
        dialog.dismiss(first)
        dialog.dismiss(first)  # the second choice, before the first pop is drawn
        await settle(pilot, app)
        assert app.screen is play, app.screen_stack
        assert sum(1 for e in match.entries if e.move is not None and e.by == 0) == mine + 1, "played once"


async def test_gold_reads_as_gold_beside_the_numbers(make_app, settings):
    """ "8g10p" in the park and "1g  supply 13" in the panel ran together (issue 31): the panel
    spells out the gold where it has room and no line of it is cut or folded, at 80x24 and
    160x48; the scaled-up park parts a noble's gold from its points."""
    import re

    match = new_match(settings.saves_dir)
    for size in ((80, 24), (160, 48)):
        app = make_app(start=lambda app: PlayScreen(match))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            info = play_screen(app).info.query_one("#info")
            lines = str(info.render()).splitlines()
            details = [line for line in lines if "supply" in line]
            assert len(details) == match.header.config.players, lines
            for line in details:
                assert re.match(r"  \d+ gold\b", line) and len(line) <= info.content_size.width, (line, size)
            if size == (160, 48):
                grid = board(app).park
                assert grid.scale > 1, "the space is used"
                spaces = [sp for sp in match.view(0).park if sp.noble is not None]
                sully = next(sp for sp in spaces if sp.noble.points >= 10)
                big = grid.cell_at(space_pos(sully.space)).big.splitlines()[0]
                assert big == f"{sully.cost}g · {sully.noble.points} pts", big
                assert all(len(grid.cell_at(space_pos(sp.space)).big.splitlines()[0]) <= 12 for sp in spaces)


def test_the_seat_line_closes_up_where_the_panel_is_narrow():
    from tui.games.palais_royal.panels import seat_detail

    player = new_match(None).view(0).players_[0]
    assert seat_detail(player, None) == f"  {player.gold} gold · supply {player.supply} · nobles 0"
    assert seat_detail(player, 29).startswith(f"  {player.gold} gold  supply")
    assert seat_detail(player, 12).startswith(f" {player.gold}g supply"), "folds rather than nothing"
    import attrs

    taken = attrs.evolve(player, gold=3, supply=6, face_down=1)
    assert seat_detail(taken, 29) == " 3 gold  supply 6  nobles 0+1", "seen at 80x24: 3g for want of a space"


async def test_moves_typed_fast_are_read_one_by_one(make_app, settings):
    """Enter reached the move line's submit late: a move and ``:`` with the next one typed
    fast after it were sent as one line ("+Mu:+Sc", "To>Mu:Xx") and refused (seen in tmux).
    The keys are posted as a terminal sends them, without waiting for the screen between them."""
    from textual import events
    from textual.widgets import Input

    from .test_palais_royal_screen import events_of

    def typed(app, text: str) -> None:
        for ch in text:
            key = {":": "colon", "\r": "enter", "+": "plus", ">": "greater_than_sign"}.get(ch, ch)
            app.post_message(events.Key(key, ch))

    match = new_match(settings.saves_dir)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        typed(app, ":+Mu\r:+Sc\r")
        await settle(pilot, app)
        assert len(events_of(match, "ServantPlaced")) == 2, "both moves played"
        typed(app, ":To>Mu\r:Xx")
        await settle(pilot, app)
        line = app.screen.query_one("#command", Input)
        assert line.value == "Xx", "the refused move gave way to the next"
        typed(app, "\r:+Tr")  # "Xx" refused and put back; ":" and a move typed at once after it
        await settle(pilot, app)
        assert line.value == "+Tr", line.value
        line.value = ""
        typed(app, ":Zz\r:Yy\r")  # two refused: the line kept the first under the second's refusal
        await settle(pilot, app)
        assert line.value == "Yy", line.value
        assert "Yy" in str(app.screen.query_one("#status").render()), "the refusal said is the last one's"


def test_you_win_not_you_wins():
    """ "You wins with 75 points." on the game-over screen (seen in tmux at the end of a game)."""
    from types import SimpleNamespace

    from engine.core import Seat
    from tui.games.palais_royal.dialogs import winners_text

    final = SimpleNamespace(winners=(0,), totals=(75, 31))
    assert winners_text(final, [Seat("You"), Seat("Ann")]) == "You win with 75 points."
    assert winners_text(SimpleNamespace(winners=(1,), totals=(3, 40)), [Seat("You"), Seat("Ann")]) == (
        "Ann wins with 40 points."
    )


def test_the_gold_off_a_noble_is_at_most_its_price():
    """ "f2 Marquis de Polignac: 0 gold (3 − 4 free)" did not add up (seen in tmux)."""
    import attrs

    from tui.games.palais_royal.look import noble_text

    match = new_match(None)
    space = next(sp for sp in match.view(0).park if sp.noble is not None)
    cheap = attrs.evolve(space, noble=attrs.evolve(space.noble, gold=3), cost=0, free_neighbours=4)
    assert ": 0 gold (3 − 3 free)," in noble_text(cheap), noble_text(cheap)
    dear = attrs.evolve(space, noble=attrs.evolve(space.noble, gold=6), cost=4, free_neighbours=2)
    assert ": 4 gold (6 − 2 free)," in noble_text(dear), noble_text(dear)


def test_the_seat_line_fits_one_line_at_80_columns_and_says_more_where_wide():
    """At 80x24 a seat with a card played fell back to "4g supply 6 nobles 0+1 H2" (the honours
    took the room of "gold"); the honours, already in the seat's points, now go first, and a wide
    panel spells every part out."""
    import attrs

    from engine.games.palais_royal.catalog import HONOUR2, HONOUR4
    from tui.games.palais_royal.panels import seat_detail

    player = new_match(None).view(0).players_[0]
    played = attrs.evolve(player, gold=4, supply=6, face_down=1, honours=(HONOUR2,))
    assert seat_detail(played, 29) == " 4 gold  supply 6  nobles 0+1"
    assert seat_detail(played, 39) == "  4 gold · supply 6 · nobles 0+1 · H2"
    wide = "  4 gold · supply 6 · nobles 0 + 1 face down · honours 2 pts"
    assert seat_detail(played, 60) == wide and seat_detail(played, None) == wide
    # about the most a seat holds in a real game: its line still says "gold" at 80 columns
    most = attrs.evolve(player, gold=19, supply=13, nobles=(None,) * 9, face_down=2)
    most = attrs.evolve(most, honours=(HONOUR4, HONOUR4, HONOUR2))
    for width in (29, 39):
        line = seat_detail(most, width)
        assert len(line) <= width and " gold " in line, (width, line)
    assert seat_detail(most, 39).endswith("H10")


async def test_the_panel_widens_at_160x48_and_the_seat_lines_say_more(make_app, settings):
    match = new_match(settings.saves_dir)
    widths = {}
    for size in ((80, 24), (160, 48)):
        app = make_app(start=lambda app: PlayScreen(match))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            info = play_screen(app).info.query_one("#info")
            widths[size] = info.content_size.width
            details = [line for line in str(info.render()).splitlines() if "supply" in line]
            assert details and all(len(line) <= widths[size] for line in details)
            if size == (160, 48):
                assert all(" · " in line for line in details), details
                assert board(app).park.scale > 1, "the park still scales up"
    assert widths[(160, 48)] > widths[(80, 24)]
