"""``bergfried bench ssh``: the process-per-player server measured as players feel it, with real
asyncssh clients against ``bergfried serve`` started as its own process on 127.0.0.1 (its
temporary data folders removed afterwards). Three parts, each on servers of its own:

* **isolation** (``isolation.py``): while one client floods (1 MB of random bytes, 100 KB of
  OSC-52, a 10000x10000 terminal), another player's key to frame p95 (target ≤ 100 ms; its
  ratio to a baseline without a flood in the same run), the memory all the server's processes
  grew by (≤ 100 MiB), and the time until the flooder is disconnected (≤ 5 s).
* **scale** (``scale.py``): N sessions logged in (default 200), 50 of them typing 2 keys a
  second while bots think: key to frame p95 (≤ 100 ms), then again while 20 others talk in the
  lobby's chat (a line each every 2 to 4 s; its ratio to the quiet typing); connect to first frame p95 with N idle
  sessions (≤ 150 ms); private memory per session process (USS from smaps_rollup; ≤ 20 MiB).
* **hosts** (``hosts.py``): two ``bergfried serve`` on one database, a player on each, a
  two-player game: a move typed on one shows on the other server's screen, p95 with SQLite
  (≤ 250 ms) and with PostgreSQL (≤ 150 ms; a throw-away cluster,
  ``engine/store/pg_cluster.py``; skipped with a
  line saying why where PostgreSQL is not installed).

The machine's load average is printed with each part: on a shared machine every wall-clock
figure moves with it; the ratios to a baseline measured in the same run are what compares.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import textwrap

PARTS = ("isolation", "scale", "hosts")


def help_text(doc: str, width: int = 79) -> str:
    """The module's docstring for an 80-column terminal: its paragraphs and bullets wrapped again
    and its markup (``code``, **bold**) dropped, since a terminal shows them as typed."""
    plain = doc.replace("``", "").replace("**", "")
    blocks = []
    for paragraph in plain.strip().split("\n\n"):
        items = paragraph.split("\n* ")
        items = [items[0].removeprefix("* ")] + items[1:] if paragraph.startswith("* ") else items
        bullets = paragraph.startswith("* ")
        wrapped = []
        for i, item in enumerate(items):
            text = " ".join(item.split())
            if bullets or i > 0:
                wrapped.append(textwrap.fill(text, width, initial_indent="* ", subsequent_indent="  "))
            else:
                wrapped.append(textwrap.fill(text, width))
        blocks.append("\n".join(wrapped))
    return "\n\n".join(blocks)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bergfried bench ssh",
        description=help_text(__doc__ or ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--port", type=int, default=0, help="the (first) server's port (default: a free port)")
    p.add_argument("--parts", default=",".join(PARTS), help=f"which parts, comma-separated (default {','.join(PARTS)})")
    p.add_argument("--sessions", type=int, default=200, help="scale: sessions logged in (default 200)")
    p.add_argument("--typists", type=int, default=50, help="scale: how many of them type (default 50)")
    p.add_argument("--keys-per-second", type=float, default=2.0, help="scale: each typist's pace (default 2)")
    p.add_argument("--typing-seconds", type=float, default=10.0, help="scale: how long they type (default 10)")
    p.add_argument(
        "--chatters",
        type=int,
        default=20,
        help="scale: players (not typists) who chat while they type again (default 20)",
    )
    p.add_argument("--logins", type=int, default=20, help="scale: logins timed with every session idle (default 20)")
    p.add_argument("--bot-tables", type=int, default=4, help="scale: tables where only bots play (default 4)")
    p.add_argument("--bot-level", default="expert", help="scale: those bots' level (default expert)")
    p.add_argument("--bot-workers", type=int, default=2, help="scale: the server's bot processes (default 2)")
    p.add_argument("--flood-bytes", type=int, default=1 << 20, help="isolation: random bytes sent (default 1 MiB)")
    p.add_argument("--osc52-bytes", type=int, default=100 * 1024, help="isolation: OSC-52 bytes (default 100 KiB)")
    p.add_argument("--huge", type=int, default=10000, help="isolation: the huge terminal's side (default 10000)")
    p.add_argument("--window", type=float, default=6.0, help="isolation: seconds typed in each phase (default 6)")
    p.add_argument(
        "--steady-seconds", type=float, default=20.0, help="isolation: how long the steady flood goes on (default 20)"
    )
    p.add_argument("--moves", type=int, default=30, help="hosts: moves timed per database (default 30)")
    p.add_argument("--seed", type=int, default=1)
    return p


class Refusal(Exception):
    """A flag the bench cannot work with."""


def check(args: argparse.Namespace) -> list[str]:
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise Refusal(f"--parts: no part {unknown[0]!r} (choose from {', '.join(PARTS)})")
    if not 0 <= args.port <= 65535:
        raise Refusal(f"--port {args.port} is not a port (0 to 65535; 0 picks a free one)")
    if (
        args.sessions < 1
        or args.typists < 0
        or args.chatters < 0
        or args.logins < 1
        or args.moves < 2
        or args.bot_workers < 1
    ):
        raise Refusal("--sessions, --logins and --bot-workers must be at least 1, --moves at least 2")
    if min(args.keys_per_second, args.typing_seconds, args.window, args.steady_seconds) <= 0:
        raise Refusal("--keys-per-second, --typing-seconds, --window and --steady-seconds must be more than 0")
    return parts


async def run(args: argparse.Namespace, parts: list[str]) -> None:
    from . import hosts, isolation, scale

    if "isolation" in parts:
        config = isolation.IsolationConfig(
            args.flood_bytes,
            args.osc52_bytes,
            (args.huge, args.huge),
            args.window,
            args.steady_seconds,
            seed=args.seed,
        )
        show("Isolation: one client floods, another types", await isolation.run(config, args.port))
    if "scale" in parts:
        sconfig = scale.ScaleConfig(
            args.sessions,
            args.typists,
            args.keys_per_second,
            args.typing_seconds,
            args.chatters,
            args.logins,
            args.bot_tables,
            args.bot_level,
            args.bot_workers,
            args.seed,
        )
        show("Scale: sessions on one server", await scale.run(sconfig, args.port))
    if "hosts" in parts:
        show(
            "Between processes and hosts: two servers, one database", await hosts.run(args.moves, args.port, args.seed)
        )


def show(title: str, figures: dict[str, str]) -> None:
    print(title, flush=True)
    for key, value in figures.items():
        print(f"  {key:38} {value}", flush=True)


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        parts = check(args)
    except Refusal as exc:
        print(f"bergfried bench ssh: {exc}", file=sys.stderr)
        return 2
    asyncio.run(run(args, parts))
    return 0
