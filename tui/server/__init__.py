"""``bergfried serve``: play over SSH. See docs/ssh.md.

| module | what |
| --- | --- |
| `server.py` | `Service` (accounts, lobby, tables, limits) and the asyncssh `Connection` |
| `session.py` | one SSH session: its terminal, its player and its `RemoteApp` |
| `driver.py` | the Textual driver that draws on an SSH channel |
| `textual_private.py` | the few overrides of Textual internals a many-App process needs |
| `textual_frames.py` | those of them that decide when a screen's frames are drawn |
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
    p.add_argument("--allow", type=Path, metavar="FILE", help="only these keys may log in (authorized_keys format)")
    p.add_argument("--bot-workers", type=int, default=2, help="bot processes (0: threads in the server process)")
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


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    data_dir = args.data_dir or default_data_dir()
    host_key = args.host_key or data_dir / "host_key"
    if ensure_host_key(host_key):
        print(f"Made a new host key: {host_key}", file=sys.stderr)
    try:
        asyncio.run(_serve(args, data_dir, host_key))
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(args, data_dir: Path, host_key: Path) -> None:
    from .bots import BotPool
    from .server import Limits, Service, read_allowed

    limits = Limits(
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        idle_lobby=args.idle_lobby * 60,
        idle_table=args.idle_table * 60,
    )
    executor = BotPool(args.bot_workers, niceness=args.bot_nice) if args.bot_workers > 0 else None
    allowed = read_allowed(args.allow) if args.allow else None
    service = Service(data_dir, allowed=allowed, limits=limits, executor=executor, bot_delay=args.bot_delay)
    await service.start(args.host, args.port, host_key)
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
    if executor is not None:
        executor.shutdown(cancel_futures=True)
