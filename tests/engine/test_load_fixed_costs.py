"""What a load does once per file, made quicker, must give exactly what the general code gives:
the same draws from the same random source (a save's set-up is decided again from its seed, and
its logged events must come out), the same keyed digests.
"""

from __future__ import annotations

import hmac
import json
import random
from pathlib import PurePath

import pytest

from engine.core.errors import LogError
from engine.core.game import GameConfig, bind_seed, rng_for, secret_from
from engine.core.log import Header, Seat
from engine.games import get_game


def _sources(seed: int) -> list[random.Random]:
    # the two kinds a set-up is given: a keyed source (secret seeds) and a plain one (old integer seeds)
    return [rng_for(secret_from(seed), 0), rng_for(seed, 0)]


def test_a_bound_seed_and_a_keyed_draw_are_the_stdlib_hmacs():
    secret = secret_from(3)
    bound = bind_seed(secret, "between-two-castles|4|")
    assert bound == hmac.new(bytes.fromhex(secret), b"between-two-castles|4|", "sha256").hexdigest()
    draws = rng_for(bound, 17, "x")
    plain = random.Random(int.from_bytes(hmac.digest(bytes.fromhex(bound), b"17:x", "sha256"), "big"))
    assert [draws.getrandbits(32) for _ in range(5)] == [plain.getrandbits(32) for _ in range(5)]


# -- the header: every check says what it said before it was made quicker ---------------------
HEADER = {
    "format": "bergfried-log",
    "format_version": 1,
    "game": "between-two-castles",
    "rules_version": 1,
    "config": {"players": 3, "variants": []},
    "seed": "ab" * 32,
    "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "bot:greedy"}, {"name": "Cy"}],
}


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda h: h.update(format="other"), "not a Bergfried save file (no bergfried-log header)"),
        (lambda h: h.update(format_version=True), "save format version True; this Bergfried reads version 1"),
        (lambda h: h.update(zebra=1, apple=2), "the header has an unknown field 'apple'"),
        (lambda h: h["config"].update(x=1), "the header's config is not {players, variants}"),
        (lambda h: h["config"].update(variants=["a" * 201]), "the header's variants are not a list of names"),
        (lambda h: h["config"].update(variants="ludwig"), "the header's variants are not a list of names"),
        (lambda h: h["seats"].append({"name": "Di", "x": 1}), "the header's seats are not a list of {name, kind}"),
        (lambda h: h["seats"].append({"kind": "human"}), "the header's seats are not a list of {name, kind}"),
        (lambda h: h["seats"].append({"name": "Di", "kind": 3}), "the header's seats are not a list of {name, kind}"),
        (lambda h: h["seats"].append("Di"), "the header's seats are not a list of {name, kind}"),
        (lambda h: h.update(seats={}), "the header's seats are not a list of {name, kind}"),
        (
            lambda h: h.update(seed="AB" * 32),
            "the seed 'ABABABABABABABABABABABABABABABABABABAB… is neither 64 hex digits nor a small integer",
        ),
        (lambda h: h.update(game=None, rules_version=None), "the header's game is None"),
        (lambda h: h.update(rules_version="1"), "the header's rules_version is '1'"),
        (lambda h: h.update(created=5), "the header's created time is not a short text"),
        (
            lambda h: h.update(created="2025-01-01T12:00:0p"),
            "the header's created time '2025-01-01T12:00:0p' is not an ISO 8601 time",
        ),
        (lambda h: h.update(created="5"), "the header's created time '5' is not an ISO 8601 time"),
        (
            lambda h: h["seats"][1].update(name="\x02o"),
            "seat 2's name '\\x02o' is not printable text without spaces at its ends",
        ),
        (lambda h: h["seats"][0].update(name=""), "seat 1's name '' is not printable text without spaces at its ends"),
        (
            lambda h: h["seats"][2].update(name="Cy "),
            "seat 3's name 'Cy ' is not printable text without spaces at its ends",
        ),
        (lambda h: h["config"].update(players=3.0), "the number of players is 3.0"),
    ],
)
def test_a_header_line_is_refused_with_its_own_words(change, message):
    header = json.loads(json.dumps(HEADER))
    change(header)
    with pytest.raises(LogError) as caught:
        Header.from_json(header)
    assert str(caught.value) == f"line 1: {message}" and caught.value.line == 1


def test_a_header_line_read_is_the_header_written():
    header = Header.from_json(HEADER)
    assert header == Header(
        "between-two-castles", 1, GameConfig(3), "ab" * 32, (Seat("Ann"), Seat("Bo", "bot:greedy"), Seat("Cy", "human"))
    )
    assert Header.from_json(header.to_json()) == header and header.problem(get_game(header.game)) is None


@pytest.mark.parametrize(
    "change, problem",
    [
        (lambda h: h["config"].update(variants=["practice", "turbo", "a"]), "Between Two Castles has no variant 'a'"),
        (
            lambda h: h["seats"][2].update(kind="bot:genius"),
            "seat 3 is 'bot:genius', not a person or one of the bots random, greedy, casual, expert, master",
        ),
        (
            lambda h: h["seats"][0].update(kind="random"),
            "seat 1 is 'random', not a person or one of the bots random, greedy, casual, expert, master",
        ),
        (
            lambda h: h["seats"][1].update(kind="bot:"),
            "seat 2 is 'bot:', not a person or one of the bots random, greedy, casual, expert, master",
        ),
        (
            lambda h: h["seats"][1].update(kind="Human"),
            "seat 2 is 'Human', not a person or one of the bots random, greedy, casual, expert, master",
        ),
        (lambda h: h["config"].update(variants=["practice"]), None),
    ],
)
def test_a_header_that_does_not_fit_its_game_says_why(change, problem):
    header = json.loads(json.dumps(HEADER))
    change(header)
    assert Header.from_json(header).problem(get_game("between-two-castles")) == problem


def test_read_log_takes_a_path_a_text_or_any_path_like(tmp_path):
    from engine.core import read_log
    from engine.core.selfplay import play_out

    path = tmp_path / "a.jsonl"
    play_out(get_game("king-up"), 3, ["random"] * 3, seed=1, path=path)
    loaded = read_log(path, get_game)
    assert read_log(str(path), get_game) == loaded == read_log(PurePath(path), get_game)


def test_a_keyed_source_is_a_random_seeded_with_its_digest_in_every_way():
    # seeded on its first use, of whichever kind: the state, floats, bits and gauss all agree
    # (not gauss first: it reads gauss_next before drawing, which a source not yet seeded lacks)
    for first in ("random", "getrandbits", "getstate"):
        keyed = rng_for(secret_from(5), 9)
        plain = random.Random(int.from_bytes(hmac.digest(bytes.fromhex(secret_from(5)), b"9:", "sha256"), "big"))
        if first == "getrandbits":
            assert keyed.getrandbits(7) == plain.getrandbits(7)
        elif first == "getstate":
            assert keyed.getstate() == plain.getstate()
        assert [keyed.random(), keyed.gauss(0, 1), keyed.gauss(0, 1), keyed.getrandbits(40)] == [
            plain.random(),
            plain.gauss(0, 1),
            plain.gauss(0, 1),
            plain.getrandbits(40),
        ]
        assert keyed.getstate() == plain.getstate()
