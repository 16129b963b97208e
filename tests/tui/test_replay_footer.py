"""Issue 28: the replay viewer's footer at 80 columns kept every key but cut "esc Close" off the
end; whole keys now go, the round and view keys first, and stepping, scores, the chart, playing
on and closing stay in sight at 80x24 in every game (a wider screen shows them all)."""

from __future__ import annotations

import pytest

from engine.core import Table
from engine.core.selfplay import play_out
from engine.games import all_games, get_game
from tui.screens.replay import ReplayScreen

from .textfit import screen_lines

GAMES = [g.id for g in all_games()]
ESSENTIAL = ("← Back", "→ Step", "s Scores", "c Chart", "n Play on", "esc Close")


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_essential_keys_show_at_80x24_at_the_end(make_app, game_id):
    game = get_game(game_id)
    match = play_out(game, game.min_players, ["random"] * game.min_players, 3)
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert all(key in footer for key in ESSENTIAL), footer
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        await pilot.pause()
        footer = screen_lines(app)[-1]
        rounds = ("PgDn Round",) if app.screen.check_action("round", ()) else ()  # only games with rounds
        assert all(key in footer for key in (*ESSENTIAL, *rounds, "v View as")), footer


async def test_stepping_rebuilds_the_footer_only_when_its_keys_change(make_app, monkeypatch):
    """Each step's board asks for the keys to be shown again; the footer rebuilds itself (most of
    a step's time) only when they changed: here, when s Scores comes."""
    from tui.widgets.footer import FittingFooter

    composed: list[int] = []
    compose = FittingFooter.compose

    def counting(footer):
        composed.append(1)
        return compose(footer)

    monkeypatch.setattr(FittingFooter, "compose", counting)
    game = get_game("king-up")
    match = play_out(game, game.min_players, ["random"] * game.min_players, 3)
    app = make_app(start=lambda app: ReplayScreen.from_table(Table(match, bot_delay=0.0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = len(composed)
        offered, changes = bool(screen.check_action("scores", ())), 0
        for _ in range(len(screen.stops)):
            await pilot.press("right")
            now = bool(screen.check_action("scores", ()))
            changes, offered = changes + (now != offered), now
        await pilot.pause()
        assert changes >= 1 and len(composed) - before <= changes < len(screen.stops) // 4
        assert "s Scores" in screen_lines(app)[-1]
