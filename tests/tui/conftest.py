"""Fixtures for the client's tests: an App with its own settings in a temporary folder, and
the snapshot plugin's ``snap_compare`` storing its SVGs under the top-level ``snapshots/`` folder.

Screenshots must not depend on the machine: every test app gets a fixed size, theme and seed,
no cursor blink, no animations, and settings that never touch the user's config.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension

from engine.core import GameConfig, Match, Seat, write_log_atomic
from engine.core.selfplay import play_out
from engine.games import get_game
from tui.app import BergfriedApp
from tui.cli import replay_start
from tui.screens.play import PlayScreen
from tui.screens.replay import ReplayScreen
from tui.settings import Settings

SNAPSHOT_ROOT = Path(__file__).resolve().parents[2] / "snapshots"


class RepoSVGExtension(SVGImageExtension):
    """SVG snapshots in <repo>/snapshots/<test module>/ instead of tests/tui/__snapshots__."""

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(SNAPSHOT_ROOT / Path(test_location.filepath).stem)


class _RepoSnapshots:
    """Stands in for syrupy's ``snapshot`` where the plugin's ``snap_compare`` asks for it: the
    plugin asks it for its SVG extension and gets ours, so all of its reporting still works."""

    def __init__(self, snapshot) -> None:
        self.snapshot = snapshot

    def use_extension(self, _extension):
        return self.snapshot.use_extension(RepoSVGExtension)


@pytest.fixture
def snapshot(snapshot):
    """syrupy's ``snapshot`` fixture, overridden here (as pytest lets a conftest do) for the
    plugin's ``snap_compare``, which takes it as it is."""
    return _RepoSnapshots(snapshot)


def notifications(app) -> list[str]:
    """Every message ``app`` shows as a notification from now on: its public ``notify`` (which a
    screen's ``notify`` calls too) is wrapped on this one app to note each message first."""
    said: list[str] = []
    notify = app.notify

    def noted(message, *args, **kwargs):
        said.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = noted
    return said


def make_settings(root: Path, **overrides) -> Settings:
    settings = Settings(
        config_dir=root / "config",
        saves_dir=root / "saves",
        cursor_blink=False,
        animations=False,
        bot_delay=0.0,
        player_name="You",
        durable=False,
    )
    for name, value in overrides.items():
        setattr(settings, name, value)
    return settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def make_app(settings):
    def make(start=None, **overrides) -> BergfriedApp:
        for name, value in overrides.items():
            setattr(settings, name, value)
        return BergfriedApp(settings, start=start)

    return make


KING_UP = "king-up"
SEATS = [Seat("You", "human"), Seat("Adalbert", "bot:greedy"), Seat("Brunhild", "bot:random")]


def new_match(saves_dir: Path | None = None, seed: int = 7, seats=SEATS, variants=()) -> Match:
    path = saves_dir / "game.jsonl" if saves_dir is not None else None
    return Match.new(
        get_game(KING_UP),
        GameConfig(len(seats), frozenset(variants)),
        list(seats),
        seed,
        path=path,
        created="2025-01-01T12:00:00",
        durable=False,
    )


def finished_match(seed: int = 3) -> Match:
    return play_out(get_game(KING_UP), 3, ["greedy", "random", "greedy"], seed)


async def settle(pilot, app):
    """Let the screen catch up and every bot at its table finish."""
    await pilot.pause()
    for screen in list(app.screen_stack):
        if isinstance(screen, PlayScreen) and screen.table is not None:
            await screen.table.settled()
    await app.workers.wait_for_complete()
    await pilot.pause()


def play_screen(app) -> PlayScreen:
    return next(s for s in app.screen_stack if isinstance(s, PlayScreen))


@asynccontextmanager
async def replay_at_end(make_app, match: Match, folder: Path, size=(80, 24)) -> AsyncIterator:
    """``match`` saved to ``folder`` and opened in the replay viewer (as ``bergfried replay
    FILE`` does), at its last step: yields the pilot and the viewer."""
    path = folder / "done.jsonl"
    write_log_atomic(path, match.game, match.header, match.entries)
    app = make_app(start=replay_start(path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        yield pilot, app.screen
