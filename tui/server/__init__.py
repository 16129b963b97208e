"""``bergfried serve``: play over SSH. See docs/ssh.md.

| module | what |
| --- | --- |
| `server.py` | the front process: `Service` (limits, sessions, the template) and the asyncssh `Connection` |
| `session.py` | one SSH session in the front: its pty, the bytes pumped, the limits on them |
| `template.py` | the warm template process that forks a process per session |
| `child.py` | a session's process: the stock Textual App (`RemoteApp`) on its pty |
| `probe.py` | what a session's App shows, as plain data (for the idle watcher and tests) |
| `stores.py` | where each process finds the accounts and the tables |
| `bench.py` | `bergfried bench ssh` |
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

DEFAULT_PORT = 2222


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bergfried serve", description="Host Bergfried games for players who connect over SSH."
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--data-dir", type=Path, help="accounts, tables and the host key (default: the user data folder)")
    p.add_argument(
        "--host-key", type=Path, help="the server's private host key (default: DATA_DIR/host_key, made on first start)"
    )
    p.add_argument(
        "--database",
        metavar="URL",
        help="postgresql://... to share one lobby between servers on several hosts "
        "(default: a SQLite database in the data folder)",
    )
    p.add_argument("--allow", type=Path, metavar="FILE", help="only these keys may log in (authorized_keys format)")
    p.add_argument("--bot-workers", type=int, default=2, help="bot processes deciding every bot move (default 2)")
    p.add_argument(
        "--bot-nice",
        type=int,
        default=10,
        help="how much lower the bot processes' CPU priority is (0 to 19; default 10)",
    )
    p.add_argument("--bot-delay", type=float, default=0.6, help="seconds between shown bot moves")
    p.add_argument("--max-connections", type=int, default=200)
    p.add_argument("--max-per-address", type=int, default=20)
    p.add_argument("--idle-lobby", type=float, default=15, help="minutes without a key in the lobby")
    p.add_argument("--idle-table", type=float, default=120, help="minutes without a key at a table")
    return p


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("bergfried")) / "server"


def ensure_host_key(path: Path) -> bool:
    """Make an Ed25519 host key at ``path`` unless there is one; True when it was made."""
    import asyncssh

    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.touch(mode=0o600)
    key.write_private_key(str(path))
    return True


class Refusal(Exception):
    """A flag or a file ``bergfried serve`` cannot work with; the message says which and why."""


def check_args(args: argparse.Namespace) -> None:
    if not 0 <= args.port <= 65535:
        raise Refusal(f"--port {args.port} is not a port (0 to 65535; 0 picks a free one)")
    if not 0 <= args.bot_nice <= 19:
        raise Refusal(f"--bot-nice {args.bot_nice} is out of range (0 to 19)")
    if args.max_connections < 1:
        raise Refusal(f"--max-connections {args.max_connections} must be at least 1")
    if args.max_per_address < 1:
        raise Refusal(f"--max-per-address {args.max_per_address} must be at least 1")
    if args.bot_workers < 1:
        raise Refusal(f"--bot-workers {args.bot_workers} must be at least 1 (the bots think in those processes)")
    if args.bot_delay < 0 or args.idle_lobby <= 0 or args.idle_table <= 0:
        raise Refusal("--bot-delay cannot be negative, nor --idle-lobby / --idle-table zero or less")
    if args.data_dir is not None and args.data_dir.exists() and not args.data_dir.is_dir():
        raise Refusal(f"--data-dir {args.data_dir} is a file, not a folder")
    if args.allow is not None and not args.allow.is_file():
        raise Refusal(f"--allow {args.allow}: no such file")


def load_host_key(path: Path) -> None:
    import asyncssh

    try:
        asyncssh.read_private_key(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise Refusal(f"the host key {path} cannot be read as a private key ({type(exc).__name__})") from None


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    try:
        check_args(args)
        data_dir = args.data_dir or default_data_dir()
        try:
            data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise Refusal(f"the data folder {data_dir} cannot be made: {exc.strerror}") from None
        host_key = args.host_key or data_dir / "host_key"
        try:
            if ensure_host_key(host_key):
                print(f"Made a new host key: {host_key}", file=sys.stderr)
        except OSError as exc:
            raise Refusal(f"no host key at {host_key}: {exc.strerror or exc}") from None
        load_host_key(host_key)
        allowed = None
        if args.allow:
            from .server import read_allowed

            try:
                allowed = read_allowed(args.allow)
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                raise Refusal(
                    f"--allow {args.allow} cannot be read as authorized keys ({type(exc).__name__})"
                ) from None
        asyncio.run(_serve(args, data_dir, host_key, allowed))
    except Refusal as exc:
        print(f"bergfried serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(args, data_dir: Path, host_key: Path, allowed: set[str] | None) -> None:
    from engine.store import StoreError

    from .server import Limits, Service

    limits = Limits(
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        idle_lobby=args.idle_lobby * 60,
        idle_table=args.idle_table * 60,
    )
    try:
        service = Service(
            data_dir,
            allowed=allowed,
            limits=limits,
            bot_delay=args.bot_delay,
            database=args.database,
            bot_workers=args.bot_workers,
            bot_nice=args.bot_nice,
        )
    except StoreError as exc:
        raise Refusal(str(exc)) from None
    for note in service.store.notes:
        print(note, file=sys.stderr)
    try:
        await service.start(args.host, args.port, host_key)
    except OSError as exc:
        await service.stop()
        raise Refusal(f"cannot listen on {args.host} port {args.port}: {exc.strerror or exc}") from None
    host = args.host if ":" not in args.host else f"[{args.host}]"
    print(
        f"Bergfried is serving on {args.host} port {service.port}. Players connect with:\n"
        f"    ssh -p {service.port} NAME@{host}\n"
        f"(the first key to use a NAME owns it; data in {data_dir}; Ctrl+C stops)",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    print("Stopping: closing sessions; every table is saved.", file=sys.stderr)
    await service.stop()
