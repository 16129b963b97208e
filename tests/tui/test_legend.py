"""Issue 9 item 7: King Up! has a legend of its marks under the board."""

from __future__ import annotations

from tui.screens.play import PlayScreen

from .conftest import new_match, play_screen, settle
from .textfit import cut_text, screen_lines


async def test_the_king_up_board_explains_its_marks(make_app, settings):
    match = new_match(settings.saves_dir, seed=2)
    app = make_app(start=lambda app: PlayScreen(match))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = "\n".join(screen_lines(app))
        for words in ("can move", "to move", "* you", "vote cards", "holds the crown", "throne"):
            assert words in shown, words
        assert not cut_text(app)


async def test_a_secret_vote_cast_is_not_shown_as_a_yes(make_app, settings):
    """Playing as a new user (issue 30's check): before the reveal the seat list marked a player
    who had voted with ✔, which the legend calls a YES vote, and that player had voted NO. The
    mark for "has voted" is its own, and the legend says what it means."""
    import random

    from engine.core import Table
    from engine.games.king_up import Vote
    from themes import UNICODE

    match = new_match(settings.saves_dir, seed=5)
    rng = random.Random(5)
    while not any(isinstance(a, Vote) for a in match.legal_actions(0)):
        seat = min(match.to_act)
        match.submit(seat, rng.choice(list(match.legal_actions(seat))))
    for seat in (1, 2):
        match.submit(seat, Vote(seat == 1 or Vote(False) not in match.legal_actions(seat)))
    table = Table(match, bot_delay=30.0)
    app = make_app(start=lambda app: PlayScreen(table))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = screen_lines(app)
        voters = [line for line in shown if "● Adalbert" in line or "● Brunhild" in line]  # the seat list
        assert voters and not any(UNICODE.yes in line for line in voters), "\n".join(voters)
        legend = str(play_screen(app).query_one("#legend").render())  # under the vote dialog at 80x24
        assert "• has voted" in legend, legend
    table.close()
