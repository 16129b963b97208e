"""The ``bergfried`` command.

``bergfried`` opens the app, ``bergfried play GAME --seat ...`` starts a game at once,
``bergfried replay FILE`` opens the replay viewer; everything else (and ``replay`` with
``--text``/``--json``) is the engine's headless CLI.

This is the one place that reads the environment and the terminal: it builds a Settings
object and hands it to the App.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

from themes import THEME_NAMES

from .settings import Settings

APP_NAME = "bergfried"
HEADLESS = """headless commands (each has its own --help):
  games                 list the games and their player counts
  selfplay GAME ...     play bot-only games and write their save files
  replay FILE --text    print a saved game's moves (--json: for scripts)
  check FILE            replay a save file and say whether it is sound
  export FILE           a readable transcript (--format md);
                        --cast OUT: an asciinema recording
  hint FILE --seat N    the expert's top three moves for a seat
                        of a practice game
  arena GAME --bots ..  bots play a series with rotated seats:
                        win rates with 95 % intervals
  bench engine GAME     engine speed: games/s, load vs JSON parse, seeking
  bench bots GAME ...   a bot tournament (as arena)
  bench tui             client start-up and key-to-frame latency
  bench story           the story's chances and turning points:
                        seconds, and key-to-frame meanwhile
  bench chat            chat over the store: a line to 20 other processes,
                        latency and CPU
  bench ssh             SSH server: sessions, memory, connect and
                        key-to-frame latency
  serve                 host games over SSH (see docs/ssh.md)
  admin ACTION ...      a server's host: list players, remove a key,
                        ban a name, close a table"""

REPLAY_HEADLESS = """without the viewer (printed, for scripts):
  --text                the moves in notation with running scores
  --json                one JSON summary for scripts (with --view: the view)
  --view SEAT           what seat SEAT (1, 2, … or 'spectator') saw
  --at N                with --view: after move N as --text numbers them
                        (default: the end)"""


class LazyHelpParser(argparse.ArgumentParser):
    """A parser whose help may end in text built only when help is asked for: ``play``'s lists
    every game's variants, and reading them loads every game's rules, which no start should pay."""

    epilog_from: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.epilog is None and self.epilog_from is not None:
            self.epilog = self.epilog_from()
        return super().format_help()


def variants_help(width: int = 78) -> str:
    """Each game's variants as its own registry declares them, for ``play --help``."""
    import textwrap

    from engine.games import all_games

    lines = ["variants (--variant KEY, once for each):"]
    for game in all_games():
        for i, variant in enumerate(game.variants):
            label = f"  {game.id if i == 0 else '':22}"
            said = variant.description  # Castle Builder's open with their own name: not told twice
            said = said.removeprefix(variant.key.replace("-", " ") + ": ")
            wrapped = textwrap.wrap(f"{variant.key}: {said}", width - len(label))
            lines += [(label if j == 0 else " " * len(label)) + text for j, text in enumerate(wrapped)]
    return "\n".join(lines)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bergfried")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def ui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bergfried",
        description="Castle board games in the terminal.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=HEADLESS,
    )
    add_ui_options(p)
    p.add_argument("--version", action="version", version=f"bergfried {_version()}")
    sub = p.add_subparsers(dest="command", parser_class=LazyHelpParser)
    play = sub.add_parser(
        "play",
        help="start a game in the terminal client",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.epilog_from = variants_help
    play.add_argument("game", help="game id, e.g. king-up")
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="KIND[=NAME]",
        help="one per player, in seat order: human, bot:random, bot:greedy ...",
    )
    play.add_argument("--seed", type=int, help="the random seed (default: a fresh one)")
    play.add_argument(
        "--variant",
        action="append",
        default=[],
        nargs="?",
        const="",  # a bare --variant (or `--variant --help`): answered with the game's variants
        metavar="KEY",
        help="switch on a rule variant (the games' variants are listed below)",
    )
    add_ui_options(play)
    replay = sub.add_parser(
        "replay",
        help="open a saved game in the replay viewer",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=REPLAY_HEADLESS,
    )
    replay.add_argument("file", type=Path)
    replay.add_argument("--play", type=float, metavar="SECONDS", help="play the replay through, a step every SECONDS")
    replay.add_argument("--exit-at-end", action="store_true", help="with --play: close when it ends (recordings)")
    add_ui_options(replay)
    return p


def add_ui_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--theme",
        choices=THEME_NAMES,
        default=argparse.SUPPRESS,
        metavar="THEME",  # the choices in the help text, where they wrap (the usage line did not)
        help="one of " + ", ".join(THEME_NAMES),
    )
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="draw with ASCII characters only")
    p.add_argument(
        "--config-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="where the settings live (default: the platform's config folder)",
    )
    p.add_argument(
        "--saves-dir",
        type=Path,
        default=argparse.SUPPRESS,
        help="where games are saved (default: the platform's data folder)",
    )


VALUE_OPTIONS = ("--theme", "--config-dir", "--saves-dir")


def split_ui_options(argv: list[str]) -> tuple[list[str], list[str]]:
    """(the client's own options, everything else), so the engine never sees ours."""
    ours: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in VALUE_OPTIONS and i + 1 < len(argv):
            ours += argv[i : i + 2]
            i += 2
            continue
        (ours if a == "--ascii" or a.split("=")[0] in VALUE_OPTIONS else rest).append(a)
        i += 1
    return ours, rest


#: Every command `bergfried` knows: the client's own, then the engine's headless ones.
COMMANDS = ("play", "replay", "serve", "games", "selfplay", "arena", "check", "hint", "bench", "export", "admin")


def wants_engine(argv: list[str]) -> bool:
    """Whether the command line belongs to the engine's headless CLI."""
    rest = split_ui_options(argv)[1]
    command = next((a for a in rest if not a.startswith("-")), None)
    if command is None:
        return False
    if command == "replay":
        return "--text" in rest or "--json" in rest or "--view" in rest or "--chart" in rest
    if command == "export":
        return "--cast" not in rest and not any(a.startswith("--cast=") for a in rest)
    return command != "play"


def unicode_ok(stream, environ) -> bool:
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    if encoding and encoding != "utf8":
        return False
    lang = " ".join(environ.get(k, "") for k in ("LC_ALL", "LC_CTYPE", "LANG")).upper()
    return not lang.strip() or "UTF" in lang or encoding == "utf8"


def build_settings(args: argparse.Namespace, environ=os.environ, stream=sys.stdout) -> Settings:
    config_dir = getattr(args, "config_dir", None) or Path(user_config_dir(APP_NAME))
    saves_dir = getattr(args, "saves_dir", None) or Path(user_data_dir(APP_NAME)) / "saves"
    settings = Settings.load(config_dir, saves_dir)
    no_color = "NO_COLOR" in environ and environ["NO_COLOR"] != ""
    settings.no_color = no_color
    if hasattr(args, "theme"):
        settings.theme = args.theme
    elif no_color:
        settings.theme = "monochrome"
    if getattr(args, "ascii", False) or not unicode_ok(stream, environ):
        settings.ascii = True
    return settings


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if split_ui_options(argv)[1] == ["bench", "tui"]:
        from .bench import run_tui_bench

        for key, value in run_tui_bench().items():
            print(f"{key:28} {value}")
        return 0
    if split_ui_options(argv)[1] == ["bench", "story"]:
        from .bench_story import run_story_bench

        for key, value in run_story_bench().items():
            print(f"{key:40} {value}")
        return 0
    if split_ui_options(argv)[1][:1] == ["serve"]:
        from engine.store import StoreError

        from .server import main as serve_main

        try:
            return serve_main(split_ui_options(argv)[1][1:])
        except StoreError as exc:  # a damaged database or data folder: one line, never a traceback
            print(f"bergfried serve: {exc}", file=sys.stderr)
            return 2
    if split_ui_options(argv)[1][:2] == ["bench", "ssh"]:
        from .server.bench import main as bench_ssh

        return bench_ssh(split_ui_options(argv)[1][2:])
    command = next((a for a in split_ui_options(argv)[1] if not a.startswith("-")), None)
    if command is not None and command not in COMMANDS:
        print(
            f"bergfried: unknown command {command!r} (choose from {', '.join(COMMANDS)}; see bergfried --help)",
            file=sys.stderr,
        )
        return 2
    if command == "export" and not wants_engine(argv):
        from .cast import main as cast_main

        return cast_main(split_ui_options(argv)[1][1:])
    if wants_engine(argv):
        from engine.cli import main as engine_main

        return engine_main(split_ui_options(argv)[1])
    from engine.core import LogError

    args = ui_parser().parse_args(argv)
    settings = build_settings(args)
    try:
        start = start_screen(args, settings)
    except (ValueError, KeyError, LogError) as exc:
        print(f"bergfried: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    return run_app(settings, start)


#: What a user is told when the client itself fails: never the traceback, whose locals hold the game.
INTERNAL_ERROR = (
    "bergfried: an internal error stopped Bergfried; every move played so far is saved (please report this)"
)


def run_app(settings: Settings, start, headless: bool = False) -> int:
    """Run the client; 0 when it ends as the user asked, else one line on stderr and 70."""
    from .app import BergfriedApp

    app = BergfriedApp(settings, start=start)
    app.run(headless=headless)
    if app.return_code:
        print(INTERNAL_ERROR, file=sys.stderr)
        return 70
    return 0


def start_screen(args: argparse.Namespace, settings: Settings):
    """What to open over the title screen, checked before the terminal is taken over."""
    if args.command == "play":
        return play_start(args, settings)
    if args.command == "replay":
        return replay_start(args.file, args.play, args.exit_at_end)
    return None


def play_start(args: argparse.Namespace, settings: Settings):
    from engine.core import GameConfig
    from engine.games import game_ids, get_game

    from .games import has_ui
    from .screens.new_game import parse_seat

    if args.game not in game_ids():
        raise ValueError(f"there is no game {args.game!r}; the games are {', '.join(game_ids())}")
    game = get_game(args.game)
    if not has_ui(game.id):
        raise ValueError(f"the terminal client cannot show {game.title} yet")
    kinds = args.seat or ["human"] + ["bot:" + _strongest(game)] * (game.min_players - 1)
    seats = [parse_seat(k, i, game.id, settings.player_name) for i, k in enumerate(kinds)]
    if not game.min_players <= len(seats) <= game.max_players:
        from .screens.title import player_range

        raise ValueError(f"{game.title} is for {player_range(game)}; give one --seat per player")
    unknown = set(args.variant) - {v.key for v in game.variants}
    known = ", ".join(v.key for v in game.variants) or "none"
    if "" in unknown:
        raise ValueError(f"--variant needs a name; {game.title}'s variants: {known}")
    if unknown:
        raise ValueError(f"{game.title} has no variant {', '.join(sorted(unknown))} (its variants: {known})")
    config = GameConfig(len(seats), frozenset(args.variant))
    from engine.core.log import make_saves_folder

    make_saves_folder(settings.saves_dir)  # LogError (one line, status 2) before the terminal is taken
    problem = game.config_problem(config)  # what the game's own set-up would refuse (Ludwig for three)
    if problem:
        raise ValueError(f"{game.title}: {problem}")

    def start(app):
        from .screens.start import new_play_screen

        # No seed: the match draws a 256-bit secret; a given one reproduces a game (practice, tests).
        return new_play_screen(app, game.id, config, seats, args.seed)

    return start


def _strongest(game) -> str:
    from .bots import default_level

    return default_level(game)


def replay_start(path: Path, play: float | None = None, exit_at_end: bool = False):
    from .screens.replay import ReplayScreen

    if play is not None and not 0 < play <= 10:
        raise ValueError(f"--play takes seconds per step, more than 0 and at most 10, not {play:g}")
    screen, warning = ReplayScreen.from_path(path)
    screen.play_through = (play, exit_at_end) if play is not None else None

    def start(app):
        if warning:
            app.notify(warning, severity="warning", timeout=8)
        return screen

    return start
