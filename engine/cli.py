"""The headless commands of `bergfried`: games, selfplay, replay --text/--json, check, bench engine.

The terminal client (tui/cli.py) hands every other command line to :func:`main`.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.core import LogError, ReplayCursor, read_log, verify
from engine.core.selfplay import game_seed, play_out
from engine.games import all_games, get_game, game_ids


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bergfried", description="Castle board games in the terminal.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    sp = sub.add_parser("selfplay", help="play bot-only games headless and write their save files")
    sp.add_argument("game", choices=game_ids())
    sp.add_argument("--players", type=int, required=True)
    sp.add_argument("--bots", default="random", help="one level for all seats, or a comma list per seat")
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--out", type=Path, required=True, help="folder for the save files")
    rp = sub.add_parser("replay", help="print a saved game")
    rp.add_argument("file", type=Path)
    fmt = rp.add_mutually_exclusive_group(required=True)
    fmt.add_argument("--text", action="store_true", help="the moves in notation with running scores")
    fmt.add_argument("--json", action="store_true", help="one JSON summary for scripts")
    cp = sub.add_parser("check", help="replay a save file and say whether it is sound")
    cp.add_argument("file", type=Path)
    bp = sub.add_parser("bench", help="measure speed")
    bsub = bp.add_subparsers(dest="target", required=True)
    be = bsub.add_parser("engine", help="engine speed for one game")
    be.add_argument("game", choices=game_ids())
    be.add_argument("--games", type=int, default=200)
    be.add_argument("--seed", type=int, default=1)
    bsub.add_parser("tui", help="client start-up and key-to-frame latency (measured by the client)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except LogError as exc:
        print(f"bergfried: {exc}", file=sys.stderr)
        return 1


def cmd_games(args) -> int:
    for g in all_games():
        players = f"{g.min_players}–{g.max_players}" if g.min_players != g.max_players else str(g.min_players)
        print(f"{g.id:22} {g.title:32} {players:>4} players  {g.description}")
    return 0


def cmd_selfplay(args) -> int:
    game = get_game(args.game)
    levels = args.bots.split(",")
    if len(levels) == 1:
        levels = levels * args.players
    if len(levels) != args.players:
        print(f"bergfried: --bots names {len(levels)} levels for {args.players} players", file=sys.stderr)
        return 2
    unknown = [lvl for lvl in levels if lvl not in game.bot_levels]
    if unknown or not game.min_players <= args.players <= game.max_players:
        print(f"bergfried: {game.title} takes {game.min_players}–{game.max_players} players and bots "
              f"{', '.join(game.bot_levels)}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
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
    print(f"{args.games} games of {game.title}, seed {args.seed}, saved in {args.out}")
    print(f"{'seat':<6}{'bot':<10}{'wins':>6}{'mean score':>12}")
    for s in range(args.players):
        print(f"{s + 1:<6}{levels[s]:<10}{wins[s]:>6}{totals[s] / max(args.games, 1):>12.1f}")
    return 0


def cmd_replay(args) -> int:
    loaded = read_log(args.file, get_game)
    game = get_game(loaded.header.game)
    if loaded.warning:
        print(f"warning: {loaded.warning}", file=sys.stderr)
    cursor = ReplayCursor(game, loaded.header.config, [e.event for e in loaded.entries])
    cursor.end()
    result = game.result(cursor.state)
    names = [s.name for s in loaded.header.seats]
    if args.json:
        print(json.dumps({
            "game": game.id, "players": names, "seats": [s.kind for s in loaded.header.seats],
            "seed": loaded.header.seed, "scores": list(result.scores),
            "winners": [names[s] for s in result.winners], "winner_seats": list(result.winners),
            "events": len(loaded.entries), "finished": result.finished}, ensure_ascii=False))
        return 0
    for line in replay_text(game, loaded):
        print(line)
    return 0


def replay_text(game, loaded) -> list[str]:
    """The header, then one line per logged event that means something to a reader."""
    h = loaded.header
    variants = f" · {', '.join(sorted(h.config.variants))}" if h.config.variants else ""
    out = [f"{game.title} · {h.config.players} players · seed {h.seed}{variants}"
           + (f" · {h.created}" if h.created else ""),
           "seats: " + ", ".join(f"{i + 1} {s.name} ({s.kind})" for i, s in enumerate(h.seats))]
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
    if result.finished:
        out.append("winner: " + ", ".join(h.seats[s].name for s in result.winners))
    return out


def cmd_check(args) -> int:
    loaded = read_log(args.file, get_game)
    game = get_game(loaded.header.game)
    state = verify(game, loaded)
    result = game.result(state)
    status = "finished" if result.finished else "unfinished"
    if loaded.warning:
        print(f"warning: {loaded.warning}", file=sys.stderr)
    print(f"ok: {args.file} — {game.title}, {len(loaded.entries)} events, {status}, "
          f"scores {' '.join(map(str, result.scores))}")
    return 0


def cmd_bench(args) -> int:
    if args.target == "tui":
        print("bergfried: 'bench tui' is run by the terminal client: use the bergfried command",
              file=sys.stderr)
        return 2
    from engine.bench import run_engine_bench
    for line in run_engine_bench(args.game, args.games, args.seed):
        print(line)
    return 0


COMMANDS = {"games": cmd_games, "selfplay": cmd_selfplay, "replay": cmd_replay, "check": cmd_check,
            "bench": cmd_bench}

if __name__ == "__main__":
    sys.exit(main())
