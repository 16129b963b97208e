"""`bergfried export FILE`: a saved game as a readable transcript (engine.core.transcript), as
text or Markdown, to stdout or a file; and `replay FILE --chart`, the game's story in numbers.

Kept beside engine/cli.py (which wires it in) so that each module stays short. ``--cast`` (an
asciinema recording of the replay viewer) needs the terminal client, which takes that command
line before it reaches here (tui/cast.py).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path

from engine.core import read_log
from engine.core.transcript import FORMATS, transcript
from engine.games import get_game

HELP = "write a saved game as a readable transcript (text or Markdown), or --cast a recording"


def size_arg(text: str) -> tuple[int, int]:
    """COLSxROWS, e.g. 80x24 (at least 80x24, at most 400x200)."""
    found = re.fullmatch(r"\s*(\d{2,3})\s*[xX]\s*(\d{2,3})\s*", text)
    if not found:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 80x24")
    cols, rows = int(found.group(1)), int(found.group(2))
    if not (80 <= cols <= 400 and 24 <= rows <= 200):
        raise argparse.ArgumentTypeError(f"{text} is outside 80x24 … 400x200")
    return cols, rows


def speed_arg(text: str) -> float:
    """Seconds per replay step, more than 0 and at most 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 10:
        raise argparse.ArgumentTypeError(f"{text} is not a speed (seconds per step, more than 0, at most 10)")
    return value


def add_export_args(ep: argparse.ArgumentParser) -> None:
    ep.add_argument("file", type=Path)
    ep.add_argument("--format", choices=FORMATS, default="text", help="text (default) or md (Markdown)")
    ep.add_argument("--out", type=Path, help="write the transcript here instead of to stdout")
    ep.add_argument(
        "--cast",
        type=Path,
        metavar="OUT",
        help="record the replay viewer playing the game through as an asciinema v2 file",
    )
    ep.add_argument("--size", type=size_arg, default=(80, 24), help="with --cast: the terminal, e.g. 80x24")
    ep.add_argument("--speed", type=speed_arg, default=0.5, help="with --cast: seconds per step (0.5)")


def cmd_export(args, usage_error) -> int:
    if args.cast is not None:
        raise usage_error("--cast is recorded by the terminal client: run it with the bergfried command")
    loaded = read_log(args.file, get_game)
    game = get_game(loaded.header.game)
    text = "\n".join(transcript(game, loaded, args.format)) + "\n"
    if args.out is None:
        print(text, end="")
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


def print_chart(loaded, color: bool, width: int = 100, height: int = 20) -> int:
    """`replay FILE --chart`: the scores over the game; for a finished game also each seat's
    chance of winning and its turning points, as the replay viewer's chart shows them."""
    import plotext  # type: ignore[import-untyped]  # plotext ships no type hints

    from engine.core.story import chance_series, draw_story, score_series, story_steps, turning_points, turning_text

    game = get_game(loaded.header.game)
    names = [s.name for s in loaded.header.seats]
    events = [e.event for e in loaded.entries]
    steps = story_steps(game, loaded.header, loaded.entries)
    # (series, title, in percent, marked (step, seat) points)
    charts: list[tuple[Sequence[Sequence[float]], str, bool, Sequence[tuple[int, int]]]]
    charts = [(score_series(game, loaded.header.config, events, steps.positions), "Scores", False, ())]
    points = []
    if game.result(loaded.state).finished:  # chances read the real position: after the game only
        chances = chance_series(game, loaded.header.config, events, steps.positions)
        points = turning_points(game, loaded.header, loaded.entries, steps, chances)
        charts.append((chances, "Chance of winning (%)", True, [(p.step, p.seat) for p in points]))
    for series, title, percent, marks in charts:
        plotext.clf()
        plotext.plotsize(width, height)
        plotext.theme("clear")
        draw_story(plotext, series, names, None, f"{game.title}: {title}", percent, marks)
        text = plotext.build()
        print(text if color else plotext.uncolorize(text))
    for point in points:
        print(turning_text(point, names))
    return 0
