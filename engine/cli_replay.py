"""`bergfried replay FILE --text/--json/--view SEAT/--chart`: a saved game printed for a reader
or a script, or what one seat saw (engine/cli.py wires it in)."""

from __future__ import annotations

import json
import sys

from engine.cli_base import UsageError
from engine.core import ReplayCursor, read_log
from engine.core.views import view_to_json
from engine.games import get_game


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
