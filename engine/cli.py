"""The headless commands of `bergfried`: games, selfplay, arena, replay --text/--json
(engine/cli_replay.py), check, hint (engine/cli_hint.py), export (engine/cli_export.py), bench
engine. What they share (exit statuses, the usage error, argument types) is engine/cli_base.py.

The terminal client (tui/cli.py) hands every other command line to :func:`main`.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
import textwrap
from pathlib import Path

from engine.cli_base import EXIT_ERROR, EXIT_PIPE, EXIT_USAGE, Parser, UsageError, count, seed_arg
from engine.cli_replay import cmd_replay, replay_text
from engine.core import LogError, read_log
from engine.core.selfplay import game_seed, play_out
from engine.games import all_games, get_game, game_ids

__all__ = ["EXIT_PIPE", "Parser", "UsageError", "main", "replay_text"]


def _game_help() -> str:
    # The ids named here, where the help wraps them; as choices in the usage line they ran past
    # 80 columns.
    return "one of " + ", ".join(game_ids())


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="bergfried", description="Castle board games in the terminal.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("games", help="list the games")
    sp = sub.add_parser("selfplay", help="play bot-only games headless and write their save files")
    sp.add_argument("game", choices=game_ids(), metavar="GAME", help=_game_help())
    sp.add_argument(
        "--players", type=count, default=None, help="default: as many as --bots names, else the game's minimum"
    )
    sp.add_argument("--bots", default="random", help="one level for all seats, or a comma list per seat")
    sp.add_argument("--games", type=count, default=1)
    sp.add_argument("--seed", type=seed_arg, default=0, help="reproducible runs: the games' secrets derive from it")
    sp.add_argument("--out", type=Path, required=True, help="folder for the save files")
    rp = sub.add_parser("replay", help="print a saved game, or what one seat saw")
    rp.add_argument("file", type=Path)
    rp.add_argument("--text", action="store_true", help="the moves in notation with running scores")
    rp.add_argument("--json", action="store_true", help="one JSON summary for scripts (with --view: the view)")
    rp.add_argument("--view", metavar="SEAT", help="what seat SEAT (1, 2, … or 'spectator') saw")
    rp.add_argument(
        "--at", type=int, metavar="N", help="with --view: after move N as --text numbers them (default: the end)"
    )
    rp.add_argument("--chart", action="store_true", help="the scores (and chances, turning points) as charts")
    cp = sub.add_parser("check", help="replay a save file and say whether it is sound")
    cp.add_argument("file", type=Path)
    from engine.cli_hint import DESCRIPTION, HELP, add_hint_args

    add_hint_args(sub.add_parser("hint", help=HELP, description=DESCRIPTION), count)
    _add_arena_args(sub.add_parser("arena", help=ARENA_HELP))
    from engine.cli_export import HELP as EXPORT_HELP, add_export_args

    add_export_args(sub.add_parser("export", help=EXPORT_HELP))
    from engine.cli_admin import HELP as ADMIN_HELP, add_admin_args

    add_admin_args(sub.add_parser("admin", help=ADMIN_HELP), Parser)
    bp = sub.add_parser("bench", help="measure speed")
    bsub = bp.add_subparsers(dest="target", required=True, parser_class=Parser)
    be = bsub.add_parser("engine", help="engine speed for one game")
    be.add_argument("game", choices=game_ids(), metavar="GAME", help=_game_help())
    be.add_argument("--games", type=count, default=200)
    be.add_argument("--seed", type=seed_arg, default=1)
    bsub.add_parser("tui", help="client start-up and key-to-frame latency (measured by the client)")
    bsub.add_parser("story", help="the story's curve time and the chart's key-to-frame (measured by the client)")
    bsub.add_parser("ssh", help="the SSH server: sessions, memory, connect and key-to-frame latency (bench ssh -h)")
    bc = bsub.add_parser("chat", help="a chat line from one process to others over the store: latency and CPU")
    bc.add_argument("--processes", type=count, default=20)
    bc.add_argument("--lines", type=count, default=40)
    bc.add_argument("--database", metavar="URL", help="an empty postgresql://… database (default: SQLite)")
    _add_arena_args(bsub.add_parser("bots", help=ARENA_HELP))
    return p


ARENA_HELP = "bots play a series with rotated seats: win rates with 95 %% intervals"  # %%: argparse formats help


def _add_arena_args(ap: argparse.ArgumentParser) -> None:
    """`arena` and `bench bots` are one tournament under two names."""
    ap.add_argument("game", choices=game_ids(), metavar="GAME", help=_game_help())
    ap.add_argument(
        "--bots",
        required=True,
        help="levels or thinking:<0.5s|200ms|300i>, e.g. thinking:1s,greedy (a budget is at most 600s or 1,000,000i)",
    )
    ap.add_argument(
        "--players",
        type=count,
        default=None,
        help="default: as many as --bots names (at least the game's minimum), as selfplay",
    )
    ap.add_argument("--games", type=count, default=20)
    ap.add_argument("--seed", type=seed_arg, default=1)
    ap.add_argument("--jobs", type=count, default=None, help="worker processes (default: every core)")


def main(argv: list[str] | None = None) -> int:
    """Run one command; every failure is one line on stderr and a non-zero exit, never a traceback."""
    _tolerant_output()
    given = None
    try:
        args = build_parser().parse_args(argv)
        given = getattr(args, "file", None)
        status = COMMANDS[args.command](args)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except LogError as exc:
        return _fail(_as_given(str(exc), given), EXIT_ERROR)
    except BrokenPipeError:
        return _closed_pipe()
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            return _closed_pipe()
        where = f" ({exc.filename})" if exc.filename else ""
        return _fail(f"{exc.strerror or exc}{where}", EXIT_ERROR)
    except KeyboardInterrupt:
        return 130
    except SystemExit as exc:  # argparse --help
        try:
            sys.stdout.flush()
        except OSError:
            return _closed_pipe()
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    except Exception as exc:  # a bug: still one line, and the kind of error to report
        return _fail(f"unexpected {type(exc).__name__}: {str(exc)[:200]} (please report this)", 70)


class ClosedOutput(io.TextIOBase):
    """A standard stream the shell closed (``>&-``; Python then has None there): writing to it
    fails as a write to a closed descriptor does, which main tells in one line."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed; nothing could be printed")


def _as_given(message: str, path: Path | None) -> str:
    """The loader names a file by its name alone; here the user gave the path, so say it whole
    ("cannot read saves/old/nope.jsonl", not "cannot read nope.jsonl")."""
    if path is None or str(path) == path.name or path.name not in message:
        return message
    return message.replace(path.name, str(path), 1)


def _tolerant_output() -> None:
    """A terminal that cannot show a character gets a replacement instead of a crash; a closed
    stream fails on its first write (see ClosedOutput)."""
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    if sys.stderr is None:
        sys.stderr = ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr] # AttributeError where it cannot
        except (AttributeError, ValueError, OSError):
            pass


def _fail(message: str, status: int) -> int:
    try:
        print(f"bergfried: {message}", file=sys.stderr)
    except OSError:
        pass
    return status


def _closed_pipe() -> int:
    """The reader went away (``| head``): stop quietly, as Unix tools do."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush then has nowhere to fail
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_PIPE


def cmd_games(args) -> int:
    # The description on lines of its own under the id, so an 80-column terminal breaks no line
    # (one line of up to 167 characters before).
    for g in all_games():
        players = f"{g.min_players}–{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        print(f"{g.id:22} {g.title:25} {players:>4} players")
        print(textwrap.fill(g.description, 79, initial_indent="    ", subsequent_indent="    "))
    return 0


def cmd_selfplay(args) -> int:
    game = get_game(args.game)
    levels = args.bots.split(",")
    if args.players is None:
        args.players = len(levels) if len(levels) > 1 else game.min_players
    if len(levels) == 1:
        levels = levels * args.players
    if len(levels) != args.players:
        raise UsageError(f"--bots names {len(levels)} levels for {args.players} players")
    unknown = [lvl for lvl in levels if lvl not in game.bot_levels]
    if unknown or not game.min_players <= args.players <= game.max_players:
        raise UsageError(
            f"{game.title} takes {game.min_players}–{game.max_players} players and bots {', '.join(game.bot_levels)}"
        )
    if args.out.exists() and not args.out.is_dir():
        raise LogError(f"--out {args.out} is a file, not a folder")
    args.out.mkdir(parents=True, exist_ok=True, mode=0o700)
    wins = [0] * args.players
    totals = [0] * args.players
    for i in range(args.games):
        path = args.out / f"{game.id}-{args.seed}-{i + 1:04d}.jsonl"
        path.unlink(missing_ok=True)
        match = play_out(game, args.players, levels, game_seed(args.seed, i), path=path)
        result = match.result
        for s in result.winners:
            wins[s] += 1
        totals = [t + sc for t, sc in zip(totals, result.scores)]
    print(f"{args.games} game{'' if args.games == 1 else 's'} of {game.title}, seed {args.seed}, saved in {args.out}")
    print(f"{'seat':<6}{'bot':<10}{'wins':>6}{'mean score':>12}")
    for s in range(args.players):
        print(f"{s + 1:<6}{levels[s]:<10}{wins[s]:>6}{totals[s] / args.games:>12.1f}")
    return 0


def cmd_check(args) -> int:
    loaded = read_log(args.file, get_game)  # decides every move again and checks every undo line
    game = get_game(loaded.header.game)
    result = game.result(loaded.state)
    status = "finished" if result.finished else "unfinished"
    if loaded.warning:  # loadable, but not sound: a cut line or a half-written move was dropped
        print(f"damaged: {args.file} — {game.title}: {loaded.warning} ({len(loaded.entries)} events kept)")
        return EXIT_ERROR
    print(
        f"ok: {args.file} — {game.title}, {len(loaded.entries)} events, {status}, "
        f"scores {' '.join(map(str, result.scores))}"
    )
    return 0


def cmd_bench(args) -> int:
    if args.target in ("tui", "story", "ssh"):
        raise UsageError(f"'bench {args.target}' is run by the terminal client: use the bergfried command")
    if args.target == "bots":
        return cmd_arena(args)
    if args.target == "chat":
        from engine.bench_chat import run_chat_bench

        if args.database is not None and not args.database.startswith(("postgresql://", "postgres://")):
            raise UsageError("--database takes postgresql://…")
        for line in run_chat_bench(args.processes, args.lines, args.database):
            print(line)
        return 0
    from engine.bench import run_engine_bench

    for line in run_engine_bench(args.game, args.games, args.seed):
        print(line)
    return 0


def cmd_arena(args) -> int:
    from engine.core.search_arena import format_table, run_arena

    game = get_game(args.game)
    if args.players is None:
        args.players = min(max(len(args.bots.split(",")), game.min_players), game.max_players)
    if not game.min_players <= args.players <= game.max_players:
        raise UsageError(f"{game.title} takes {game.min_players}–{game.max_players} players")
    try:
        standings = run_arena(game, args.bots.split(","), args.games, args.players, args.seed, args.jobs)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    title = f"{args.games} games of {game.title}, {args.players} players, seed {args.seed}"
    for line in format_table(title, standings, 1 / args.players):
        print(line)
    return 0


def cmd_hint(args) -> int:
    from engine.cli_hint import cmd_hint as run

    return run(args, UsageError)


def cmd_export(args) -> int:
    from engine.cli_export import cmd_export as run

    return run(args, UsageError)


def cmd_admin(args) -> int:
    from engine.cli_admin import cmd_admin as run

    return run(args)


COMMANDS = {
    "admin": cmd_admin,
    "export": cmd_export,
    "arena": cmd_arena,
    "hint": cmd_hint,
    "games": cmd_games,
    "selfplay": cmd_selfplay,
    "replay": cmd_replay,
    "check": cmd_check,
    "bench": cmd_bench,
}

if __name__ == "__main__":
    sys.exit(main())
