"""The headless commands of `bergfried`: games, selfplay, arena, replay --text/--json, check, hint
(engine/cli_hint.py), bench engine.

The terminal client (tui/cli.py) hands every other command line to :func:`main`.
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
from pathlib import Path

from engine.core import LogError, ReplayCursor, read_log
from engine.core.selfplay import game_seed, play_out
from engine.core.views import view_to_json
from engine.games import all_games, get_game, game_ids

EXIT_ERROR, EXIT_USAGE, EXIT_PIPE = 1, 2, 141  # 141: killed by SIGPIPE, as a shell reports it


class UsageError(Exception):
    """A command line that cannot be run: one line to stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong command line is one line on stderr (not usage plus message)."""

    def error(self, message: str):
        raise UsageError(f"{message} (see {self.prog} --help)")


def count(text: str) -> int:
    """A whole number of at least 1 (``--games 0`` or ``-5`` is refused, not read as nothing)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a count (at least 1)")
    return value


def seed_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if abs(value) >= 2**63:
        raise argparse.ArgumentTypeError("the seed is too large")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="bergfried", description="Castle board games in the terminal.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("games", help="list the games")
    sp = sub.add_parser("selfplay", help="play bot-only games headless and write their save files")
    sp.add_argument("game", choices=game_ids())
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
    bp = sub.add_parser("bench", help="measure speed")
    bsub = bp.add_subparsers(dest="target", required=True, parser_class=Parser)
    be = bsub.add_parser("engine", help="engine speed for one game")
    be.add_argument("game", choices=game_ids())
    be.add_argument("--games", type=count, default=200)
    be.add_argument("--seed", type=seed_arg, default=1)
    bsub.add_parser("tui", help="client start-up and key-to-frame latency (measured by the client)")
    _add_arena_args(bsub.add_parser("bots", help=ARENA_HELP))
    return p


ARENA_HELP = "bots play a series with rotated seats: win rates with 95 %% intervals"  # %%: argparse formats help


def _add_arena_args(ap: argparse.ArgumentParser) -> None:
    """`arena` and `bench bots` are one tournament under two names."""
    ap.add_argument("game", choices=game_ids())
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
    for g in all_games():
        players = f"{g.min_players}–{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        print(f"{g.id:22} {g.title:32} {players:>4} players  {g.description}")
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


def cmd_replay(args) -> int:
    if args.chart:
        from engine.cli_export import print_chart

        if args.text or args.json or args.view is not None or args.at is not None:
            raise UsageError("--chart goes alone: leave out --text, --json, --view and --at")
        return print_chart(read_log(args.file, get_game), sys.stdout.isatty())
    if args.view is None and args.at is not None:
        raise UsageError("--at goes with --view")
    if args.view is None and args.text == args.json:
        raise UsageError("replay FILE needs one of --text, --json or --view SEAT")
    if args.view is not None and args.text:
        raise UsageError("--view prints text unless --json is given; leave out --text")
    loaded = read_log(args.file, get_game)
    game = get_game(loaded.header.game)
    if loaded.warning:
        print(f"warning: {loaded.warning}", file=sys.stderr)
    if args.view is not None:
        return print_view(game, loaded, args.view, args.at, args.json)
    result = game.result(loaded.state)
    names = [s.name for s in loaded.header.seats]
    if args.json:
        summary = {
            "game": game.id,
            "players": names,
            "seats": [s.kind for s in loaded.header.seats],
            "variants": sorted(loaded.header.config.variants),
            "scores": list(result.scores),
            "winners": [names[s] for s in result.winners],
            "winner_seats": list(result.winners),
            "events": len(loaded.entries),
            "finished": result.finished,
        }
        if result.finished:  # the secret shows nothing any more once the game is over
            summary["seed"] = loaded.header.seed
        print(json.dumps(summary, ensure_ascii=True))
        return 0
    for line in replay_text(game, loaded):
        print(line)
    return 0


def print_view(game, loaded, seat_text: str, at: int | None, as_json: bool) -> int:
    """What one seat (numbered from 1) or a spectator saw after event ``at`` (default: the end)."""
    players = loaded.header.config.players
    if seat_text.strip().lower() == "spectator":
        seat = None
    else:
        try:
            seat = int(seat_text) - 1
        except ValueError:
            seat = -1
        if not 0 <= seat < players:
            raise UsageError(f"--view takes a seat from 1 to {players} or 'spectator', not {seat_text[:20]!r}")
    events = [e.event for e in loaded.entries]
    # --at counts moves as `replay --text` numbers them (0: the set-up), not events
    last = loaded.entries[-1].act if loaded.entries else 0
    if at is not None and not 0 <= at <= last:
        raise UsageError(f"--at takes a move number from 0 (the set-up) to {last}, as replay --text numbers them")
    upto = len(events) if at is None else sum(1 for e in loaded.entries if e.act <= at)
    cursor = ReplayCursor(game, loaded.header.config, events)
    state = cursor.seek(upto)
    view = game.view(state, seat)
    data = json.loads(json.dumps(view_to_json(view), default=_sets_as_lists))
    who = "spectator" if seat is None else f"seat {seat + 1} ({loaded.header.seats[seat].name})"
    move = last if at is None else at
    if as_json:
        print(json.dumps({"seat": None if seat is None else seat + 1, "at": move, "view": data}, ensure_ascii=True))
        return 0
    print(f"{game.title} · what {who} saw after move {move} of {last} (seats numbered from 1)")
    for line in _view_lines(_seats_from_one(data)):
        print(line)
    return 0


#: A view's fields that hold seats (numbered from 0 inside the engine, from 1 for a reader).
SEAT_FIELDS = frozenset(
    {"seat", "to_act", "to_move", "start_player", "start", "first_player", "winner", "winners", "owner", "by", "mover"}
)


def _seats_from_one(data):
    """The view for reading: every seat field numbered from 1, as the header and --text number them
    (a negative number, "nobody", stays as it is)."""
    if isinstance(data, list):
        return [_seats_from_one(v) for v in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if key in SEAT_FIELDS and type(value) is int and value >= 0:
            value += 1
        elif key in SEAT_FIELDS and isinstance(value, list) and all(type(v) is int for v in value):
            value = [v + 1 if v >= 0 else v for v in value]
        out[key] = _seats_from_one(value)
    return out


def _sets_as_lists(value):
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    raise TypeError(f"{type(value).__name__} in a view")


def _view_lines(data, indent: str = "") -> list[str]:
    """A view as readable "field: value" lines, nested fields indented."""
    out = []
    for key, value in data.items():
        label = key.replace("_", " ")
        if isinstance(value, dict):
            out.append(f"{indent}{label}:")
            out += _view_lines(value, indent + "  ")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.append(f"{indent}{label}:")
            for i, item in enumerate(value, start=1):
                out.append(f"{indent}  {i}.")
                out += _view_lines(item, indent + "     ")
        else:
            shown = (
                ", ".join("-" if v is None else str(v) for v in value)
                if isinstance(value, list)
                else "-"
                if value is None
                else str(value)
            )
            out.append(f"{indent}{label}: {shown}")
    return out


def replay_text(game, loaded) -> list[str]:
    """The header, then one line per logged event that means something to a reader."""
    h = loaded.header
    variants = f" · {', '.join(sorted(h.config.variants))}" if h.config.variants else ""
    finished = game.result(loaded.state).finished if loaded.state is not None else False
    seed = f" · seed {h.seed}" if finished else ""  # an unfinished game's secret stays secret
    out = [
        f"{game.title} · {h.config.players} players{seed}{variants}" + (f" · {h.created}" if h.created else ""),
        "seats: " + ", ".join(f"{i + 1} {s.name} ({s.kind})" for i, s in enumerate(h.seats)),
    ]
    state = game.initial_state(h.config)
    for entry in loaded.entries:
        text = game.describe(state, entry.event, [s.name for s in h.seats])
        state = game.evolve(state, entry.event)
        if text is None:
            continue
        who = h.seats[entry.by].name if entry.move is not None and entry.by is not None else ""
        scores = " ".join(str(s) for s in game.result(state).scores)
        out.append(f"{entry.act:>4} {who:<18.18} {text:<28} [{scores}]")
    result = game.result(state)
    score_lines = getattr(game, "score_lines", None)  # a game's own breakdown, where it has one
    if score_lines is not None:
        out += ["scores:"] + ["  " + line for line in score_lines(state, [s.name for s in h.seats])]
    if result.finished:
        out.append("winner: " + (", ".join(h.seats[s].name for s in result.winners) or "no seat"))
    return out


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
    if args.target == "tui":
        raise UsageError("'bench tui' is run by the terminal client: use the bergfried command")
    if args.target == "bots":
        return cmd_arena(args)
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


COMMANDS = {
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
