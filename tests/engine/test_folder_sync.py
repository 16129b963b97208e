"""A save file just created, replaced or recovered keeps its name after a power cut: its folder
is fsync'd as well as the file (the file's own fsync keeps only its bytes)."""

from __future__ import annotations

import os
import stat

import pytest

from engine.core import GameConfig, Match, Seat, read_log, write_log_atomic
from engine.core.log import recover
from engine.games import get_game

GAME = get_game("king-up")
SEATS = [Seat("Ann"), Seat("Ben"), Seat("Cid")]


@pytest.fixture
def synced(monkeypatch):
    """The folders fsync'd (recorded on the way to the real os.fsync)."""
    folders = []
    real = os.fsync

    def fsync(fd):
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            folders.append((info.st_dev, info.st_ino))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return folders


def identity(path):
    info = os.stat(path)
    return info.st_dev, info.st_ino


def test_a_new_game_save_as_and_a_recovered_copy_sync_their_folder(tmp_path, synced):
    saves, copies = tmp_path / "saves", tmp_path / "copies"
    path = saves / "g.jsonl"
    match = Match.new(GAME, GameConfig(3), SEATS, 5, path=path, durable=True)
    assert synced == [identity(saves)]
    write_log_atomic(copies / "copy.jsonl", GAME, match.header, match.entries)
    assert synced[-1] == identity(copies)
    match.close()
    synced.clear()
    path.write_bytes(path.read_bytes() + b"{broken\n")
    copy = recover(path, get_game)
    assert synced == [identity(saves)] and read_log(copy, get_game).warning is None


def test_a_game_that_does_not_ask_for_durability_syncs_nothing(tmp_path, synced):
    Match.new(GAME, GameConfig(3), SEATS, 5, path=tmp_path / "g.jsonl", durable=False).close()
    assert synced == []
