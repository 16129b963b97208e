"""A damaged-file fuzzer: real save files of every registered game, mutated the ways a crash, a
disk or a hostile hand damages them, then opened by every load path.

For each mutated file: ``read_log`` (what check, replay and the replay viewer use), the
``check`` command, ``Match.load`` and one more move played onto it (continue-then-play), and
``recover``. The rules: only LogError, never another exception (no traceback); and a load that
succeeds gives exactly the game the file's lines say (a prefix of it, with a warning, when the
end was cut), every move legal, as an independent replay through ``Match.play`` confirms.

    python3 -m tests.engine.test_fuzz_saves 400     # 400 mutations per class and game, a table
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from engine.cli import main as cli_main
from engine.core import Entry, GameConfig, LogError, Match, Seat, read_log, rng_for
from engine.core.log import encode_lines, recover
from engine.games import all_games, get_game

GAMES = [g.id for g in all_games()]
CLASSES = ("truncate", "delete", "duplicate", "swap", "flip", "number", "type", "header", "encoding")


# -- real save files -----------------------------------------------------------------------------
def base_files(game, folder: Path, seed: int) -> list[Path]:
    """Two save files of ``game``: an unfinished bot game, and a practice game with undo lines."""
    players = game.min_players
    bots = [Seat(f"Bot {i + 1} ünï", f"bot:{game.bot_levels[0]}") for i in range(players)]
    paths = [folder / f"{game.id}-{seed}-plain.jsonl", folder / f"{game.id}-{seed}-undo.jsonl"]
    play_randomly(Match.new(game, GameConfig(players), bots, seed, path=paths[0], durable=False), seed, 40, undo=False)
    people = [Seat("Jörg")] + bots[1:]
    practice = GameConfig(players, frozenset({"practice"}))
    play_randomly(Match.new(game, practice, people, seed + 1, path=paths[1], durable=False), seed, 30, undo=True)
    return paths


def play_randomly(match: Match, seed: int, actions: int, undo: bool) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        if match.finished:
            break
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        match.submit(seat, legal[rng.randrange(len(legal))])
        if undo and rng.random() < 0.3 and match.can_undo(0):
            match.undo(0)
    match.close()


# -- mutations -----------------------------------------------------------------------------------
def mutations(kind: str, data: bytes, rng: random.Random, count: int) -> list[bytes]:
    lines = data.split(b"\n")[:-1]
    if kind == "truncate":  # every byte of the last two lines (or an even spread of them)
        start = len(data) - sum(len(x) + 1 for x in lines[-2:])
        cuts = list(range(start, len(data)))
        if len(cuts) > count:
            cuts = sorted(rng.sample(cuts, count))
        return [data[:c] for c in cuts]
    out = []
    for _ in range(count):
        out.append(_mutate(kind, data, lines, rng))
    return out


def _join(lines: list[bytes]) -> bytes:
    return b"".join(x + b"\n" for x in lines)


def _mutate(kind: str, data: bytes, lines: list[bytes], rng: random.Random) -> bytes:
    lines = list(lines)
    i = rng.randrange(len(lines))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = min(i + 1, len(lines) - 1) if rng.random() < 0.7 else rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "flip":
        pos = rng.randrange(len(data))
        return data[:pos] + bytes([data[pos] ^ (1 << rng.randrange(8))]) + data[pos + 1 :]
    elif kind == "number":
        numbers = list(re.finditer(rb"-?\d+", lines[i]))
        if numbers:
            m = rng.choice(numbers)
            new = rng.choice(
                [
                    b"0",
                    b"1",
                    b"-1",
                    b"2",
                    b"99",
                    b"1e999",
                    b"3.5",
                    b"10000000000000000000000",
                    str(int(m.group()) + rng.choice((-1, 1))).encode(),
                ]
            )
            lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
    elif kind == "type":
        lines[i] = _change_type(lines[i], rng)
    elif kind == "header":
        lines[0] = _change_header(lines[0], rng)
    elif kind == "encoding":
        return _change_encoding(data, lines, rng)
    return _join(lines)


def _change_type(line: bytes, rng: random.Random) -> bytes:
    try:
        record = json.loads(line)
    except ValueError:
        return line
    paths = list(_value_paths(record, ()))
    path = rng.choice(paths)
    replacement = rng.choice([None, True, "5", [], {}, [1, 2], "x" * 300, 5, -3, 0.5, {"a": 1}])
    return json.dumps(_set(record, path, replacement), ensure_ascii=False).encode()


def _value_paths(obj, prefix):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _value_paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _value_paths(v, prefix + (i,))


def _set(obj, path, value):
    if not path:
        return value
    obj = obj.copy() if isinstance(obj, dict) else list(obj)
    obj[path[0]] = _set(obj[path[0]], path[1:], value)
    return obj


def _change_header(line: bytes, rng: random.Random) -> bytes:
    h = json.loads(line)
    choice = rng.randrange(12)
    if choice == 0:
        h["config"]["players"] = rng.choice([0, 1, 7, 27, -1, h["config"]["players"] + 1])
    elif choice == 1:
        h["seats"] = h["seats"][:-1] if rng.random() < 0.5 else h["seats"] + [{"name": "X", "kind": "human"}]
    elif choice == 2:
        h["seats"][rng.randrange(len(h["seats"]))]["kind"] = rng.choice(["bot:unknown", "bot:", "alien", "human"])
    elif choice == 3:
        h["config"]["variants"] = sorted(set(h["config"]["variants"]) ^ {"practice"})
    elif choice == 4:
        h["config"]["variants"] = h["config"]["variants"] + ["turbo"]
    elif choice == 5:
        h["seed"] = rng.choice([7, "abc", 1e300, None, h["seed"][:-1] + "0", "g" * 64, 2**70])
    elif choice == 6:
        h["game"] = rng.choice(["chess", 5, None] + GAMES)
    elif choice == 7:
        h["rules_version"] = rng.choice([0, 99, "1", None])
    elif choice == 8:
        h["format_version"] = rng.choice([0, 2, "1", True])
    elif choice == 9:
        h["seats"][0]["name"] = rng.choice(["", "Ann", "x" * 500, 5])
    elif choice == 10:
        h[rng.choice(["extra", "created"])] = rng.choice([1, "2020-01-01", [], None])
    else:  # well formed, every field one the game knows, yet a set-up its rules refuse (or another one)
        _change_config_within_the_game(h, rng)
    return json.dumps(h, ensure_ascii=False).encode()


def _change_config_within_the_game(h: dict, rng: random.Random) -> None:
    """Another player count in the game's range (seats to match) and any of its variants: Between
    Two Castles' Ludwig with more than two players is a header only the game itself refuses."""
    game = get_game(h["game"])
    players = rng.randint(game.min_players, min(game.max_players, game.min_players + 2))
    variants = [v.key for v in game.variants]
    h["config"] = {"players": players, "variants": sorted(rng.sample(variants, rng.randint(1, len(variants))))}
    h["seats"] = [h["seats"][i % len(h["seats"])] for i in range(players)]


def _change_encoding(data: bytes, lines: list[bytes], rng: random.Random) -> bytes:
    choice = rng.randrange(8)
    text = data.decode("utf-8")
    if choice == 0:
        return b"\xef\xbb\xbf" + data
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return text.encode("latin-1", errors="replace")
    if choice == 3:
        return data + b"\n"  # a trailing blank line
    if choice == 4:
        return data.replace(b"\n", b"\r\n")
    if choice == 5:
        i = rng.randrange(len(lines))
        return _join(lines[:i] + [lines[i] + b"\xff\xfe"] + lines[i + 1 :])
    if choice == 6:
        i = rng.randrange(1, len(lines))
        return _join(lines[:i] + [b"[" * 100_000 + b"]" * 100_000] + lines[i + 1 :])
    return _join(lines + [b""] + lines[-1:])  # a blank line inside


# -- the oracle ----------------------------------------------------------------------------------
def file_records(data: bytes) -> list[dict]:
    """What the file's whole lines say, read the plain way: effective event records, undos applied."""
    text = data[: data.rfind(b"\n") + 1].decode("utf-8")
    records: list[dict] = []
    for line in text.split("\n")[1:-1]:
        record = json.loads(line)
        if "undo" in record:
            records = [r for r in records if r["act"] < record["undo"]]
        else:
            records.append(record)
    return [{k: v for k, v in r.items() if k != "n"} for r in records]


def same_game_as_file(game, loaded, data: bytes) -> str | None:
    """None when the loaded game is what the file says (a prefix, when the end was cut)."""
    ours = [{k: v for k, v in json.loads(x).items() if k != "n"} for x in encode_lines(game, loaded.entries)]
    theirs = file_records(data)
    if loaded.warning is None and ours != theirs:
        return "loaded without warning but differs from the file's lines"
    if loaded.warning is not None:
        short, long_ = (ours, theirs) if len(ours) <= len(theirs) else (theirs, ours)
        if long_[: len(short)] != short or (len(ours) > len(theirs) and not loaded.setup_missing):
            return "recovered a game that is not a prefix of the file's lines"
    return legal_replay_problem(game, loaded)


def legal_replay_problem(game, loaded) -> str | None:
    """Replay the loaded moves through Match.play from the header: each must be legal and give
    exactly the loaded events."""
    h = loaded.header
    setup = game.setup(h.config, rng_for(h.rng_seed, 0))
    match = Match(game, h, [Entry(ev, 0) for ev in setup])
    if match.entries != [e for e in loaded.entries if e.act == 0]:
        return "the set-up is not what the header's seed deals"
    acts: dict[int, list] = {}
    for e in loaded.entries:
        if e.act > 0:
            acts.setdefault(e.act, []).append(e)
    for act, batch in acts.items():
        try:
            events = match.play(batch[0].by, batch[0].move)
        except Exception as exc:  # noqa: BLE001 -- the oracle reports, it does not judge kinds
            return f"action {act}: move {batch[0].move!r} cannot be played again: {exc}"
        if list(events) != [e.event for e in batch]:
            return f"action {act}: the loaded events are not what the move produces"
    return None


# -- one mutated file through every load path -------------------------------------------------------
def probe(path: Path, data: bytes, full: bool) -> tuple[str, str | None]:
    """(outcome, problem): outcome is refused-line / refused-file / recovered / harmless;
    problem names a traceback or a silently changed game (None when all is well)."""
    path.write_bytes(data)
    try:
        loaded = read_log(path, get_game)
    except LogError as exc:
        outcome = "refused-line" if exc.line is not None else "refused-file"
        if not full:
            return outcome, None
        return outcome, _check_cli(path) or (_check_recover(path, exc.line) if exc.line and exc.line > 1 else None)
    except Exception as exc:  # noqa: BLE001
        return "traceback", f"read_log raised {type(exc).__name__}: {exc}"
    game = get_game(loaded.header.game)
    problem = same_game_as_file(game, loaded, data)
    if problem:
        return "changed", problem
    outcome = "recovered" if loaded.warning else "harmless"
    if full:
        problem = _check_cli(path) or _continue_then_play(path, loaded)
    return outcome, problem


def _check_cli(path: Path) -> str | None:
    for args in (["check", str(path)], ["replay", str(path), "--json"]):
        err = io.StringIO()
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            status = cli_main(args)
        if status not in (0, 1):
            return f"{args[0]} exited {status}: {err.getvalue()[:200]}"
    return None


def _continue_then_play(path: Path, loaded) -> str | None:
    try:
        match, _ = Match.load(path, get_game, durable=False)
    except Exception as exc:  # noqa: BLE001
        return f"Match.load raised {type(exc).__name__}: {exc}"
    try:
        if match.entries != list(loaded.entries):
            return "Match.load gave another game than read_log"
        if not match.finished:
            seat = min(match.to_act)
            match.submit(seat, match.legal_actions(seat)[0])
        after = list(match.entries)
    finally:
        match.close()
    try:
        again = read_log(path, get_game)
    except Exception as exc:  # noqa: BLE001
        return f"after continue-then-play the file does not load: {exc}"
    if again.warning or list(again.entries) != after:
        return "after continue-then-play the file holds another game"
    return None


def _check_recover(path: Path, bad_line: int) -> str | None:
    """The recovered copy loads cleanly, holds legal moves only, and is what the damaged file's
    lines say up to some whole action before the bad line (or the set-up made again)."""
    data = path.read_bytes()
    try:
        copy = recover(path, get_game)
    except LogError:
        return None
    except Exception as exc:  # noqa: BLE001
        return f"recover raised {type(exc).__name__}: {exc}"
    try:
        loaded = read_log(copy, get_game)
    except Exception as exc:  # noqa: BLE001
        return f"the recovered copy does not load: {exc}"
    finally:
        copy.unlink(missing_ok=True)
    if loaded.warning:
        return "the recovered copy loads only with a warning"
    game = get_game(loaded.header.game)
    ours = [{k: v for k, v in json.loads(x).items() if k != "n"} for x in encode_lines(game, loaded.entries)]
    lines = data.split(b"\n")
    for keep in range(bad_line - 1, 0, -1):
        try:
            theirs = file_records(b"".join(x + b"\n" for x in lines[:keep]))
        except ValueError:
            continue
        if ours == theirs or (not theirs and all(e.act == 0 for e in loaded.entries)):
            return legal_replay_problem(game, loaded)
    return "the recovered copy is not what the file says before the damage"


def fuzz(game_id: str, folder: Path, count: int, seed: int = 1) -> tuple[Counter, list[str]]:
    """Mutate ``game_id``'s base files ``count`` times per class; the outcomes and the problems."""
    game = get_game(game_id)
    rng = random.Random(seed)
    outcomes: Counter = Counter()
    problems: list[str] = []
    probe_path = folder / "probe.jsonl"
    for base in base_files(game, folder, seed):
        data = base.read_bytes()
        for kind in CLASSES:
            for i, mutated in enumerate(mutations(kind, data, rng, count)):
                outcome, problem = probe(probe_path, mutated, full=i % 3 == 0)
                outcomes[(kind, outcome)] += 1
                if problem:
                    outcomes[(kind, "problem")] += 1
                    problems.append(f"{game_id} {base.name} {kind} #{i}: {problem}")
    return outcomes, problems


@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_files_are_refused_or_recovered_never_silently_changed(game_id, tmp_path):
    outcomes, problems = fuzz(game_id, tmp_path, count=20)
    assert not problems, "\n".join(problems[:10])
    assert outcomes[("truncate", "recovered")] > 0
    assert sum(n for (kind, outcome), n in outcomes.items() if outcome == "refused-line") > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_many_damaged_files(game_id, tmp_path):
    outcomes, problems = fuzz(game_id, tmp_path, count=150, seed=2)
    assert not problems, "\n".join(problems[:10])


if __name__ == "__main__":  # a table for the closing note
    import tempfile

    per_class = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    totals: Counter = Counter()
    all_problems: list[str] = []
    for gid in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            outcomes, problems = fuzz(gid, Path(tmp), per_class, seed=3)
        totals.update(outcomes)
        all_problems += problems
        files = sum(n for (k, o), n in outcomes.items() if o != "problem")
        print(f"{gid}: {files} files", {f"{k}/{o}": n for (k, o), n in sorted(outcomes.items())})
    print("files fuzzed:", sum(n for (k, o), n in totals.items() if o != "problem"))
    for kind in CLASSES:
        row = {
            o: totals[(kind, o)]
            for o in ("refused-line", "refused-file", "recovered", "harmless", "traceback", "changed", "problem")
        }
        print(f"  {kind:10}", row)
    print("problems:", len(all_problems))
    for p in all_problems[:30]:
        print("  ", p)
