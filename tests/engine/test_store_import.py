"""A data folder from before the database is imported on the first start, nothing lost and the old
files kept aside; damaged files and databases give one clear line (StoreError), never a
traceback; a stored table exports as a save file that ``check`` opens."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from engine.core import GameConfig, Match, Seat, TableHost, move_list, read_log
from engine.games import get_game
from engine.lobby import Accounts, Lobby, Login, SeatRecord, TableRecord
from engine.store import StoreError, export_table, open_store


def old_folder(folder, damaged_save: bool = False) -> dict:
    """A data folder as the server wrote it before the database: two players, a game in
    progress with a stand-in rule, a waiting table and (optionally) a table whose file is cut."""
    game = get_game("palais-royal")
    (folder / "tables").mkdir(parents=True)
    match = Match.new(
        game, GameConfig(2), [Seat("alice"), Seat("bob")], 7, path=folder / "tables" / "t000001.jsonl", durable=False
    )
    for _ in range(5):
        seat = next(iter(match.to_act))
        match.submit(seat, match.legal_actions(seat)[0])
    match.close()
    playing = TableRecord(
        "t000001",
        "palais-royal",
        "alice",
        "2026-11-20T10:00:00",
        [SeatRecord("human", "alice", True, "2026-11-21T10:00:00", True), SeatRecord("human", "bob", True)],
        "playing",
        stand_in_after=600.0,
        stand_in_level="random",
    )
    waiting = TableRecord(
        "t000002",
        "king-up",
        "bob",
        "2026-11-20T11:00:00",
        [SeatRecord("human", "bob", True), SeatRecord("human", "carol", False), SeatRecord()],
    )
    tables = [playing, waiting]
    if damaged_save:
        broken = TableRecord(
            "t000003",
            "palais-royal",
            "bob",
            "2026-11-20T12:00:00",
            [SeatRecord("human", "bob", True), SeatRecord("human", "alice", True)],
            "playing",
        )
        (folder / "tables" / "t000003.jsonl").write_text('{"format": "bergfried-log", "format_vers')
        tables.append(broken)
    items = []
    for record in tables:
        item = asdict(record)
        del item["lines"], item["to_act"]  # fields the old registry did not have
        items.append(item)
    (folder / "tables.json").write_text(json.dumps({"tables": items}))
    (folder / "accounts.json").write_text(
        json.dumps(
            {
                "players": {
                    "alice": {"keys": ["ssh-ed25519 AAAAalice"], "last_table": "t000001"},
                    "bob": {"keys": ["ssh-ed25519 AAAAbob", "ssh-ed25519 AAAAbob2"]},
                }
            }
        )
    )
    return {
        "lines": (folder / "tables" / "t000001.jsonl").read_text().splitlines(),
        "moves": [line.text for line in move_list(match.game, match.header, match.entries)],
    }


async def test_an_old_data_folder_is_imported_once_and_kept_aside(tmp_path):
    folder = tmp_path / "server"
    old = old_folder(folder, damaged_save=True)
    store = open_store(folder, durable=False)
    assert store.notes[0].startswith("imported 2 accounts and 3 tables")
    assert any("t000003" in note and "damaged" in note for note in store.notes)
    aside = [p for p in folder.iterdir() if p.name.startswith("imported-")]
    assert len(aside) == 1
    assert {p.name for p in aside[0].iterdir()} == {"accounts.json", "tables.json", "tables"}
    assert not (folder / "accounts.json").exists() and not (folder / "tables.json").exists()
    assert (aside[0] / "tables" / "t000001.jsonl").read_text().splitlines() == old["lines"]

    accounts = Accounts(store)
    assert accounts.check("alice", "ssh-ed25519 AAAAalice") is Login.KNOWN
    assert accounts.check("bob", "ssh-ed25519 AAAAbob2") is Login.KNOWN
    assert accounts.last_table("alice") == "t000001"
    assert store.lines("t000001") == old["lines"]  # the same lines as the save file
    lobby = Lobby(store, TableHost(get_game, durable=False))
    problems = lobby.restore()
    assert problems and "t000003" in problems[0]  # reported, left out; the rest start
    playing = lobby.record("t000001")
    assert playing.status == "playing" and playing.seats[0].stand_in and playing.stand_in_after == 600
    assert playing.seats[0].away_since == "2026-11-21T10:00:00"
    assert [line.text for line in lobby.table("t000001").move_lines()] == old["moves"]
    waiting = lobby.record("t000002")
    assert waiting.status == "waiting" and waiting.invited("carol") == 1
    assert [s.id for s in lobby.summaries("bob")] == ["t000001", "t000002"]
    lobby.close()
    store.close()


def test_a_second_start_imports_nothing(tmp_path):
    folder = tmp_path / "server"
    old_folder(folder)
    first = open_store(folder, durable=False)
    first.close()
    from engine.store.db import SQLite
    from engine.store.importer import import_folder
    from engine.store.store import Store

    db = SQLite(folder / "bergfried.db", durable=False)
    db.schema()
    assert import_folder(Store(db, folder), folder) == []  # the old files are aside now
    assert len(Store(db, folder).lines("t000001")) > 2


@pytest.mark.parametrize(
    "content, says",
    [
        ("", "accounts.json is empty"),
        ('{"players": {"alice": {"keys": ["ssh-ed', "accounts.json is not JSON"),
        ('["alice"]', "is not the accounts.json Bergfried writes"),
    ],
)
def test_a_damaged_accounts_file_stops_the_start_with_one_line(tmp_path, content, says):
    folder = tmp_path / "server"
    old_folder(folder)
    (folder / "accounts.json").write_text(content)
    with pytest.raises(StoreError) as stopped:
        open_store(folder, durable=False)
    message = str(stopped.value)
    assert says in message and "\n" not in message and "Traceback" not in message
    assert (folder / "accounts.json").exists() and (folder / "tables.json").exists()  # nothing moved


def test_a_cut_tables_file_stops_the_start_with_one_line(tmp_path):
    folder = tmp_path / "server"
    old_folder(folder)
    text = (folder / "tables.json").read_text()
    (folder / "tables.json").write_text(text[: len(text) // 2])
    with pytest.raises(StoreError, match="tables.json is not JSON"):
        open_store(folder, durable=False)


@pytest.mark.parametrize("damage", ["garbage", "cut"])
def test_a_damaged_database_gives_one_line(tmp_path, damage):
    folder = tmp_path / "server"
    store = open_store(folder, durable=False)
    Accounts(store).claim("alice", "ssh-ed25519 AAAAalice")
    store.close()
    from engine.store import store as store_module

    store_module._OPEN.clear()  # as a new process would
    path = folder / "bergfried.db"
    for extra in ("-wal", "-shm"):
        (folder / ("bergfried.db" + extra)).unlink(missing_ok=True)
    data = path.read_bytes()
    path.write_bytes(b"this is not a database at all, " * 200 if damage == "garbage" else data[:100])
    with pytest.raises(StoreError) as stopped:
        Accounts(open_store(folder, durable=False)).check("alice", "ssh-ed25519 AAAAalice")
    message = str(stopped.value)
    assert "bergfried.db" in message and "\n" not in message


async def test_a_stored_table_exports_as_a_save_file_check_opens(tmp_path):
    store = open_store(tmp_path / "server", durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False))
    record = lobby.create("alice", "palais-royal", ["me", "bot:random"])
    table = lobby.table(record.id)
    for _ in range(3):
        seat = next(iter(table.to_act))
        if seat == 0:
            table.submit(0, table.legal_actions(0)[0])
        else:
            await table.settled()
    path = export_table(store, record.id, tmp_path / "out" / "game.jsonl")
    loaded = read_log(path, get_game)
    assert loaded.warning is None and len(loaded.entries) == len(table._match.entries)
    assert path.read_text().splitlines() == store.lines(record.id)
    from engine.cli import main

    assert main(["check", str(path)]) == 0
    with pytest.raises(StoreError):
        export_table(store, "tnothing", tmp_path / "none.jsonl")
    lobby.close()


@pytest.mark.parametrize(
    "database, says",
    [
        ("postgresql://postgres@127.0.0.1:1/bergfried", "cannot connect to postgresql://postgres@127.0.0.1:1"),
        ("postgresql://bob:secret@127.0.0.1:1/bergfried", "bob@127.0.0.1:1"),
        ("mysql://127.0.0.1/bergfried", "--database takes postgresql://"),
    ],
)
def test_a_database_that_cannot_be_used_gives_one_line(tmp_path, database, says):
    with pytest.raises(StoreError) as stopped:
        open_store(tmp_path, database)
    message = str(stopped.value)
    assert says in message and "\n" not in message and "secret" not in message


def test_old_files_beside_a_database_that_holds_data_are_left_alone_and_said(tmp_path):
    folder = tmp_path / "server"
    store = open_store(folder, durable=False)
    Accounts(store).claim("alice", "ssh-ed25519 AAAAalice")
    from engine.store import store as store_module
    from engine.store.importer import import_folder

    old_folder(folder)  # an old server wrote these since
    notes = import_folder(store, folder)
    assert len(notes) == 1 and "were not imported" in notes[0]
    assert (folder / "accounts.json").exists() and Accounts(store).names() == ["alice"]
    store_module._OPEN.clear()
