"""The save index the title reads before its first frame: what it says must be what a full
check of the folder says, and a changed file must be noticed (and read again in a worker)."""

from __future__ import annotations

import json
import os

from engine.core import GameConfig, Match
from engine.core.selfplay import bot_seats, game_seed
from engine.games import get_game
from tui.saves import INDEX_NAME, SaveIndex

from .conftest import make_settings


def _save(folder, name: str, moves: int, seed: int = 1, mtime: float | None = None):
    """A King Up! save with ``moves`` random moves (a large number plays it to the end)."""
    import random

    path = folder / name
    match = Match.new(
        get_game("king-up"), GameConfig(3), bot_seats(["random"] * 3), game_seed(9, seed), path=path, durable=False
    )
    rng = random.Random(seed)
    while moves and not match.finished:
        seat = min(match.to_act)
        match.submit(seat, rng.choice(match.legal_actions(seat)))
        moves -= 1
    match.close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def test_latest_cached_agrees_with_the_full_listing(tmp_path):
    _save(tmp_path, "old-unfinished.jsonl", 5, seed=1, mtime=1_000_000)
    _save(tmp_path, "newer-finished.jsonl", 100_000, seed=2, mtime=2_000_000)
    _save(tmp_path, "newest-finished.jsonl", 100_000, seed=3, mtime=3_000_000)
    index = SaveIndex(tmp_path)
    index.refresh()
    latest, stale = index.latest_cached()
    infos, stale_paths = index.cached()
    assert not stale and stale_paths == []
    assert latest == next(i for i in infos if i.can_continue)
    assert latest.path.name == "old-unfinished.jsonl" and not latest.finished


def test_a_file_changed_since_the_index_is_stale_and_not_offered(tmp_path):
    _save(tmp_path, "a.jsonl", 5, seed=1, mtime=1_000_000)
    path = _save(tmp_path, "b.jsonl", 5, seed=2, mtime=2_000_000)
    index = SaveIndex(tmp_path)
    index.refresh()
    with path.open("a", encoding="utf-8") as f:
        f.write("\n")
    os.utime(path, (3_000_000, 3_000_000))
    latest, stale = index.latest_cached()
    assert stale
    assert latest.path.name == "a.jsonl"  # b must be read again before it is offered
    assert SaveIndex(tmp_path).cached()[1] == [path]


def test_a_record_with_unknown_fields_counts_as_stale(tmp_path):
    _save(tmp_path, "a.jsonl", 5, seed=1)
    index = SaveIndex(tmp_path)
    index.refresh()
    data = json.loads((tmp_path / INDEX_NAME).read_text("utf-8"))
    data["files"]["a.jsonl"]["colour"] = "blue"
    (tmp_path / INDEX_NAME).write_text(json.dumps(data), "utf-8")
    assert index.latest_cached() == (None, True)
    assert len(index.cached()[1]) == 1


def test_no_folder_no_saves(tmp_path):
    assert SaveIndex(tmp_path / "missing").latest_cached() == (None, False)


async def test_the_title_shows_a_game_saved_since_the_index_once_the_worker_has_read_it(tmp_path):
    from tui.app import BergfriedApp
    from tui.screens.title import TitleScreen

    settings = make_settings(tmp_path)
    settings.saves_dir.mkdir(parents=True)
    _save(settings.saves_dir, "first.jsonl", 5, seed=1, mtime=1_000_000)
    SaveIndex(settings.saves_dir).refresh()
    _save(settings.saves_dir, "second.jsonl", 5, seed=2)  # not in the index yet
    app = BergfriedApp(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        hint = str(app.screen.query_one("#continue-hint").render())
        assert hint.startswith("Continue: King Up!")
        assert "1970" not in hint  # the new save (today), not the one from 1970
    assert SaveIndex(settings.saves_dir).latest_cached()[1] is False  # the worker wrote the index


def test_a_record_holding_the_wrong_kind_of_value_is_read_again(tmp_path):
    """The index is a cache: a field of another kind (``"created": 5`` crashed the title) means
    the file is read again, never trusted."""
    _save(tmp_path, "a.jsonl", 5, seed=1)
    index = SaveIndex(tmp_path)
    good = index.refresh()
    for field, value in (
        ("created", 5),
        ("title", None),
        ("players", []),
        ("finished", "no"),
        ("events", "3"),
        ("modified", "x"),
        ("size", 1.5),
        ("error", 5),
        ("error_line", "2"),
        ("warning", {}),
        ("game_id", 7),
        ("path", None),
        ("finished", 0),
        ("events", True),
    ):
        data = json.loads((tmp_path / INDEX_NAME).read_text("utf-8"))
        data["files"]["a.jsonl"][field] = value
        (tmp_path / INDEX_NAME).write_text(json.dumps(data), "utf-8")
        assert index.latest_cached() == (None, True), field
        assert len(index.cached()[1]) == 1, field
        assert index.refresh() == good, field  # read again and the index written right


async def test_the_title_starts_over_an_index_with_a_wrong_created_time(tmp_path):
    from tui.app import BergfriedApp
    from tui.screens.title import TitleScreen

    settings = make_settings(tmp_path)
    settings.saves_dir.mkdir(parents=True)
    _save(settings.saves_dir, "first.jsonl", 5, seed=1, mtime=1_000_000)
    SaveIndex(settings.saves_dir).refresh()
    data = json.loads((settings.saves_dir / INDEX_NAME).read_text("utf-8"))
    data["files"]["first.jsonl"]["created"] = 5
    (settings.saves_dir / INDEX_NAME).write_text(json.dumps(data), "utf-8")
    app = BergfriedApp(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert str(app.screen.query_one("#continue-hint").render()).startswith("Continue: King Up!")
