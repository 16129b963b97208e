"""Issue 31, Palais Royal at 80x24: the step bar and the line under it fit whole (the other steps
go down to their numbers when the bar is too wide), and the park's legend explains x2 and ●+."""

from __future__ import annotations

import textwrap

from themes import UNICODE
from tui.games.palais_royal.look import LEGEND, step_bar
from tui.screens.play import PlayScreen

from .conftest import settle
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
