"""Secrets nobody can compute and files only their owner reads (issue 8 items 12, 13, 15): the
match secret, keyed draws, the seed hidden until the end, undo past another seat's reply, and
owner-only save files."""

from __future__ import annotations

import json
import os
import stat

from engine.core import GameConfig, Match, read_log
from engine.core.log import recover
from engine.games import get_game
from engine.games.king_up import GAME

from .test_save_hardening import SEATS, new_game


# -- 12. secrets ------------------------------------------------------------------------------
def test_each_match_gets_a_fresh_256_bit_secret_and_seeded_runs_derive_theirs():
    from engine.core.game import secret_from

    a = Match.new(GAME, GameConfig(3), SEATS)
    b = Match.new(GAME, GameConfig(3), SEATS)
    assert len(a.header.seed) == 64 and int(a.header.seed, 16) and a.header.seed != b.header.seed
    c = Match.new(GAME, GameConfig(3), SEATS, 7)
    assert c.header.seed == secret_from(7) and c.entries == Match.new(GAME, GameConfig(3), SEATS, 7).entries


def test_draws_are_hmac_sha256_of_the_position_under_the_bound_secret():
    import hashlib
    import hmac
    import random

    from engine.core.game import rng_for

    key = "ab" * 32
    expected = random.Random(int.from_bytes(hmac.digest(bytes.fromhex(key), b"12:", hashlib.sha256), "big"))
    assert rng_for(key, 12).sample(range(100), 5) == expected.sample(range(100), 5)


def test_an_old_save_with_a_small_integer_seed_still_loads(tmp_path):
    from engine.core.game import rng_for
    from engine.core.log import Entry, Header, LogWriter

    header = Header(GAME.id, GAME.rules_version, GameConfig(3), 1234, tuple(SEATS))
    old = Match(GAME, header, [Entry(ev, 0) for ev in GAME.setup(GameConfig(3), rng_for(1234, 0))])
    path = tmp_path / "old.jsonl"
    writer = LogWriter(path, GAME, durable=False, new=True)
    writer.write_start(header, old.entries)
    old.writer = writer
    for _ in range(30):
        seat = min(old.to_act)
        old.submit(seat, old.legal_actions(seat)[-1])
    old.close()
    loaded = read_log(path, get_game)
    assert loaded.header.seed == 1234 and loaded.entries == tuple(old.entries)


def test_the_seed_is_hidden_until_the_game_is_over(tmp_path, capsys):
    from engine.cli import main
    from engine.core.selfplay import play_out

    match, path = new_game(tmp_path, moves=5)
    match.close()
    for args in (["--json"], ["--text"], ["--view", "1"], ["--view", "spectator", "--json"]):
        assert main(["replay", str(path), *args]) == 0
        assert match.header.seed not in capsys.readouterr().out
    done = play_out(GAME, 3, ["random"] * 3, seed=3, path=tmp_path / "done.jsonl")
    assert main(["replay", str(tmp_path / "done.jsonl"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == done.header.seed


# -- 13. undo past a reply only in practice games ---------------------------------------------
def test_no_seat_takes_back_past_another_persons_move_even_in_practice(tmp_path):
    match, _ = new_game(tmp_path, moves=0, variants=frozenset({"practice"}))
    first = min(match.to_act)
    match.submit(first, match.legal_actions(first)[0])
    second = min(match.to_act)
    match.submit(second, match.legal_actions(second)[0])
    check = match.can_undo(first)
    assert not check and "has moved since" in check.reason


# -- 15. owner-only files -----------------------------------------------------------------------
def test_save_files_and_the_saves_folder_are_the_owners_only(tmp_path):
    old = os.umask(0o022)
    try:
        match, path = new_game(tmp_path / "new" / "saves", moves=1)
        match.close()
        copy = recover(path, get_game)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
