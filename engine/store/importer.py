"""A data folder from before the database (``accounts.json``, ``tables.json``,
``tables/<id>.jsonl``) imported into the store on its first start, in one transaction; the old
files are then moved aside into ``imported-<time>/``, nothing deleted.

A damaged, empty or cut ``accounts.json`` or ``tables.json`` stops the start with one line
naming it (nothing imported, nothing moved). A table whose save file cannot be read is imported
as damaged (the lobby reports it and leaves it out); the others start.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from engine.core.errors import LogError
from engine.core.log import dumps, encode_lines, read_log
from engine.core.reader import read_text

from .db import StoreError

ACCOUNTS, REGISTRY, SAVES = "accounts.json", "tables.json", "tables"
SEAT_DEFAULTS = {"kind": "human", "player": None, "joined": False, "away_since": None, "stand_in": False}


def import_folder(store, data_dir: Path) -> list[str]:
    """Import the old files of ``data_dir`` if there are any; returns what was done, a line each."""
    accounts, registry = data_dir / ACCOUNTS, data_dir / REGISTRY
    if not accounts.exists() and not registry.exists():
        return []
    held = store.db.query("SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM game_tables)")
    if held and held[0][0]:
        return [
            f"{ACCOUNTS} and {REGISTRY} in {data_dir} were not imported: the database holds accounts "
            "or tables already (move the old files away to keep this from being said again)"
        ]
    players = _read(accounts, "players", dict) if accounts.exists() else {}
    tables = _read(registry, "tables", list) if registry.exists() else []
    notes: list[str] = []
    with store.transaction() as tx:
        _players(tx, players, notes)
        imported = 0
        for item in tables:
            table, lines = _table(item, data_dir / SAVES, notes)
            if tx.one("SELECT id FROM game_tables WHERE id = ?", (table["id"],)) is not None:
                notes.append(f"table {table['id']} is in the database already; its old record was not imported")
                continue
            store.put_table(tx, table)
            if lines:
                store.append(table["id"], 0, lines, tx)
            imported += 1
    aside = _move_aside(data_dir, [accounts, registry, data_dir / SAVES])
    notes.insert(
        0,
        f"imported {len(players)} accounts and {imported} tables from {data_dir} into the "
        f"database; the old files are kept in {aside}",
    )
    return notes


def _read(path: Path, key: str, kind: type) -> Any:
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        what = "empty" if not text.strip() else f"not JSON ({' '.join(str(exc).split())[:80]})"
        then = ", and every name in it is then free to claim" if name == ACCOUNTS else ""
        raise StoreError(
            f"{path} is {what}: nothing was imported; restore it from a copy (moving it away starts without it{then})"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get(key, kind()), kind):
        raise StoreError(
            f"{path} is not the {name} Bergfried writes: nothing was imported; restore it "
            "from a copy, or move it away to start without it"
        )
    return data.get(key, kind())


def _players(tx, players: dict, notes: list[str]) -> None:
    folded: dict[str, str] = {}
    for name, record in sorted(players.items()):
        keys = record.get("keys", []) if isinstance(record, dict) else None
        if not isinstance(name, str) or not isinstance(keys, list):
            raise StoreError(f"{ACCOUNTS}: the player {str(name)[:30]!r} is not a record of keys; nothing was imported")
        if name.lower() in folded:  # names are unique regardless of case now: the first keeps it
            notes.append(
                f"{name} and {folded[name.lower()]} differ only in case: {name}'s keys were "
                "not imported (that player logs in under a new name)"
            )
            continue
        folded[name.lower()] = name
        last = record.get("last_table")
        tx.execute(
            "INSERT INTO players (name, folded, last_table) VALUES (?, ?, ?)",
            (name, name.lower(), last if isinstance(last, str) else None),
        )
        for key in keys:
            if isinstance(key, str) and tx.one("SELECT name FROM player_keys WHERE key = ?", (key,)) is None:
                tx.execute("INSERT INTO player_keys (key, name) VALUES (?, ?)", (key, name))


def _table(item: Any, saves: Path, notes: list[str]) -> tuple[dict, list[str]]:
    try:
        seats = [{**SEAT_DEFAULTS, **s} for s in item["seats"]]
        table = {
            "id": str(item["id"]),
            "game": str(item["game"]),
            "creator": str(item["creator"]),
            "created": str(item["created"]),
            "status": str(item.get("status", "waiting")),
            "message": str(item.get("message", "")),
            "stand_in_after": item.get("stand_in_after"),
            "stand_in_level": str(item.get("stand_in_level", "")),
            "lines": 0,
            "to_act": "",
            "seats": [{k: s[k] for k in SEAT_DEFAULTS} for s in seats],
        }
    except (KeyError, TypeError, AttributeError):
        raise StoreError(f"{REGISTRY}: a table record is not one Bergfried writes; nothing was imported") from None
    for s in table["seats"]:
        s["joined"], s["stand_in"] = int(bool(s["joined"])), int(bool(s["stand_in"]))
    from engine.games import game_ids

    if table["game"] not in game_ids():
        table["status"], table["message"] = "damaged", f"this Bergfried has no game {table['game']!r}"
        notes.append(f"table {table['id']}: {table['message']} (imported as damaged)")
        return table, []
    if table["status"] not in ("playing", "finished"):
        return table, []
    path = saves / f"{table['id']}.jsonl"
    try:
        lines = _save_lines(path, table)
    except LogError as exc:
        table["status"], table["message"] = "damaged", str(exc)
        notes.append(f"table {table['id']}: {exc} (imported as damaged, its file kept aside)")
        return table, []
    return table, lines


def _save_lines(path: Path, table: dict) -> list[str]:
    from engine.games import get_game

    if not path.exists():
        raise LogError(f"its save file {path.name} is missing")
    loaded = read_log(path, get_game)  # every move checked, as any load does
    game = get_game(loaded.header.game)
    if loaded.warning is None:
        text, _tail = read_text(path)
        lines = text.splitlines()
    else:  # a cut end: the whole, verified part, written as a save file writes it
        lines = [dumps(loaded.header.to_json())] + encode_lines(game, list(loaded.entries))
    table["to_act"] = ",".join(map(str, sorted(game.to_act(loaded.state))))
    table["status"] = "finished" if game.result(loaded.state).finished else "playing"
    return lines


def _move_aside(data_dir: Path, paths: list[Path]) -> Path:
    aside = data_dir / time.strftime("imported-%Y%m%d-%H%M%S")
    n = 1
    while aside.exists():
        n += 1
        aside = data_dir / time.strftime(f"imported-%Y%m%d-%H%M%S-{n}")
    aside.mkdir(mode=0o700)
    for path in paths:
        if path.exists():
            path.rename(aside / path.name)
    return aside
