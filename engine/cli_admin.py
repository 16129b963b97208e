"""`bergfried admin …`: the host's command line for a server's store (SQLite in the data folder,
or ``--database postgresql://…``), beside a running ``bergfried serve`` or without one.

    bergfried admin players                       # every player: keys, open tables, online, banned
    bergfried admin keys alice                    # her keys' fingerprints
    bergfried admin remove-key alice SHA256:…     # never her last key
    bergfried admin ban mallory                   # the name and every key it holds now
    bergfried admin unban mallory
    bergfried admin close t3a9c1f --reason "abandoned"
    bergfried admin log                           # what the host did, oldest first
    bergfried admin export t3a9c1f game.jsonl --chat   # its save file, and its chat beside it

Every change is written to the store's log of host actions (``log`` prints it). Bad input (an
unknown player, table or key, a damaged database) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.cli_base import UsageError, count

HELP = "the host's actions on a server: list players, remove a key, ban a name, close a table"


def default_data_dir() -> Path:
    """Where ``bergfried serve`` keeps its data unless told (the same folder)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("bergfried")) / "server"


def add_admin_args(ap: argparse.ArgumentParser, parser_class) -> None:
    ap.add_argument("--data-dir", type=Path, help="the server's data folder (default: as bergfried serve)")
    ap.add_argument("--database", metavar="URL", help="postgresql://… (default: SQLite in the data folder)")
    sub = ap.add_subparsers(dest="action", required=True, parser_class=parser_class)
    sub.add_parser("players", help="every player: keys, open tables, online, banned")
    sub.add_parser("keys", help="a player's keys and their fingerprints").add_argument("name")
    rk = sub.add_parser("remove-key", help="remove one of a player's keys (never the last)")
    rk.add_argument("name")
    rk.add_argument("key", help="its fingerprint (SHA256:…, or enough of its start) or its public key line")
    sub.add_parser("ban", help="ban a name and every key it holds").add_argument("name")
    sub.add_parser("unban", help="let a banned name log in again").add_argument("name")
    cl = sub.add_parser("close", help="close a table for good (its players are told)")
    cl.add_argument("table")
    cl.add_argument("--reason", default="", help="told to its players and kept in the log")
    sub.add_parser("log", help="what the host did, oldest first").add_argument("--last", type=count, default=50)
    ex = sub.add_parser("export", help="a table's moves as a save file (replay and check open it)")
    ex.add_argument("table")
    ex.add_argument("file", type=Path)
    ex.add_argument("--chat", action="store_true", help="also its chat, beside it in FILE.chat.txt")


def cmd_admin(args) -> int:
    from engine.core import LogError
    from engine.store import StoreError, open_store
    from engine.store.db import DB_NAME
    from engine.together import admin
    from engine.together.keys import AccountError, keys

    if args.database is not None and not args.database.startswith(("postgresql://", "postgres://")):
        raise UsageError(f"--database takes postgresql://…, not {args.database.split(':', 1)[0][:20]!r}")
    folder = (args.data_dir or default_data_dir()).expanduser()
    if args.database is None and not (folder / DB_NAME).exists():
        raise UsageError(f"there is no server's data in {folder} (bergfried serve makes it; --data-dir names another)")
    try:
        store = open_store(folder, args.database)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    try:
        if args.action == "players":
            lines = [p.line for p in admin.players(store)] or ["no players yet"]
        elif args.action == "keys":
            name = store.player_named(args.name)
            if name is None:
                raise AccountError(f"there is no player {args.name[:40]!r}")
            lines = [f"{k.fingerprint}  {k.kind}" for k in keys(store, name)]
        elif args.action == "remove-key":
            lines = [admin.admin_remove_key(store, args.name, args.key)]
        elif args.action == "ban":
            lines = [admin.ban(store, args.name)]
        elif args.action == "unban":
            lines = [admin.unban(store, args.name)]
        elif args.action == "close":
            lines = [admin.close_table(store, args.table, args.reason)]
        elif args.action == "export":
            lines = _export(store, args.table, args.file, args.chat)
        else:
            lines = admin.history(store, args.last) or ["nothing yet"]
    except (AccountError, StoreError, LogError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        store.close()
    for line in lines:
        print(line)
    return 0


def _export(store, table_id: str, path: Path, chat: bool) -> list[str]:
    from engine.store import export_table
    from engine.together.admin import log
    from engine.together.chat import export_chat

    written = [export_table(store, table_id, path)]
    if chat:
        written.append(export_chat(store, table_id, path.with_name(path.name + ".chat.txt")))
    with store.transaction() as tx:
        log(store, tx, "export", f"{table_id} to {path}" + (" with its chat" if chat else ""))
    return [f"wrote {p}" for p in written]
