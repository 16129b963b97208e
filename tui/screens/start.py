"""Opening a game: a new one at a table of the App's host, or a saved one where it stopped."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from typing import TYPE_CHECKING

from textual.screen import Screen

from engine.core import GameConfig, LogError, Seat
from engine.games import get_game

from ..saves import new_save_path
from .play import PlayScreen

if TYPE_CHECKING:
    from tui.app import BergfriedApp


def new_play_screen(
    app: BergfriedApp, game_id: str, config: GameConfig, seats: list[Seat], seed: int | None
) -> PlayScreen:
    """A new game, saved as it is played into the saves folder, at a table of the App's host."""
    now = datetime.now()
    path = new_save_path(app.settings.saves_dir, game_id, now)
    table = app.tables.new(get_game(game_id), config, seats, seed, path, created=now.isoformat(timespec="seconds"))
    return PlayScreen(table)


def start_new_game(
    app: BergfriedApp, game_id: str, config: GameConfig, seats: list[Seat], seed: int | None
) -> PlayScreen:
    screen = new_play_screen(app, game_id, config, seats, seed)
    app.push_screen(screen)
    return screen


def resume_game(app: BergfriedApp, path: Path) -> Screen | None:
    """Open a saved game where it stopped (finished games open in the replay viewer)."""
    try:
        table, warning = app.tables.open(path)
    except LogError as exc:
        app.notify(f"{path.name}: {exc}", severity="error", timeout=8)
        return None
    if warning:
        app.notify(warning, severity="warning", timeout=8)
    if table.finished:
        from .replay import ReplayScreen

        screen: Screen = ReplayScreen.from_table(table)
        table.close()
    else:
        screen = PlayScreen(table)
    app.push_screen(screen)
    return screen
