"""`bergfried hint FILE --seat N`: what the expert would play, from one seat's view of a save file.

Kept beside engine/cli.py (which wires it in) so that each module stays short. A save file holds
every secret of its game; the hint reads the position from it but searches from seat N's view
alone, exactly as a bot decides, so it tells that seat nothing it could not know.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from engine.core import read_log
from engine.core.game import PRACTICE
from engine.core.search_hint import Hint, hints, win_text
from engine.games import get_game

HELP = "what the expert would play: the top three moves for one seat of a practice game"
DESCRIPTION = (
    "The top three moves of the expert's search for seat N at the end of FILE, each with its "
    "estimated chance of winning and one line of why. A save file holds every secret of the "
    "game (hands, pile orders, votes); the hint is computed from seat N's view alone, as a "
    "bot's move is, so it knows nothing that seat does not. Hints are for practice games, as "
    "in the client: an unfinished game started with the practice variant, for a seat that may "
    "act now."
)


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 600:
        raise argparse.ArgumentTypeError(f"{text} is not a time budget (more than 0, at most 600)")
    return value


def add_hint_args(hp: argparse.ArgumentParser, count) -> None:
    """The hint command's arguments (``count``: the CLI's whole-number type)."""
    hp.add_argument("file", type=Path)
    hp.add_argument("--seat", required=True, metavar="N", help="the seat to advise, numbered from 1")
    budget = hp.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=count, metavar="K", help="search K playouts (the same answer every time)")
    budget.add_argument(
        "--seconds", type=positive_seconds, metavar="S", help="search for S seconds (default: the expert's budget, 1 s)"
    )


def hint_line(rank: int, hint: Hint) -> str:
    """'1. A3           win 62 %     Dining Room → ...; the expert's pick: ...'."""
    said = f"{hint.named}; {hint.why}" if hint.named else hint.why
    return f"{rank}. {hint.notation:<12} {win_text(hint):<12}  {said}"


def searched_line(hint: Hint, iterations: int | None, seconds: float | None) -> str:
    """How much was searched, and why it is less than asked where the search ends by itself (a
    one-move search judges every move in a fixed number of sampled deals, then stops)."""
    # (the time only for a time budget: a fixed --iterations prints the same every time)
    line = f"searched: {hint.searched} playouts" + (f" in {hint.seconds:.1f} s" if iterations is None else "")
    short = (
        iterations is not None and hint.searched < iterations or seconds is not None and hint.seconds < 0.8 * seconds
    )
    if short:
        line += (
            " (the expert's search in this game ends when it has judged every move in its sampled "
            "deals: more --iterations or --seconds change nothing)"
        )
    return line


def cmd_hint(args, usage_error: type[Exception]) -> int:
    """Print the hints; a command line or file that cannot have one raises ``usage_error``."""
    loaded = read_log(args.file, get_game)
    game, header, state = get_game(loaded.header.game), loaded.header, loaded.state
    if loaded.warning:
        print(f"warning: {loaded.warning}", file=sys.stderr)
    players = header.config.players
    try:
        seat = int(args.seat) - 1
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise usage_error(f"--seat takes a seat from 1 to {players}, not {args.seat[:20]!r}")
    if game.result(state).finished:
        raise usage_error("the game is over: there is no move left to hint")
    if not header.config.has(PRACTICE.key):
        raise usage_error("hints are for practice games, and this game was started without the practice variant")
    name = header.seats[seat].name
    if seat not in game.to_act(state):
        waiting = ", ".join(f"{s + 1} ({header.seats[s].name})" for s in sorted(game.to_act(state)))
        raise usage_error(f"seat {seat + 1} ({name}) may not act now; the game waits for seat {waiting}")
    view, legal = game.view(state, seat), list(game.legal_actions(state, seat))
    try:  # a fixed random source: the same iterations give the same answer
        top = hints(
            game,
            view,
            legal,
            random.Random(0),
            iterations=args.iterations,
            seconds=args.seconds,
            names=[s.name for s in header.seats],
        )
    except ValueError as exc:
        raise usage_error(str(exc)) from None
    print(f"{game.title} · what the expert would play for seat {seat + 1} ({name}), from its view only")
    if top and top[0].searched:
        print(searched_line(top[0], args.iterations, args.seconds))
    for rank, hint in enumerate(top, start=1):
        print(hint_line(rank, hint))
    return 0
