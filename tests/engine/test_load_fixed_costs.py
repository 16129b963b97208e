"""What a load does once per file, made quicker, must give exactly what the general code gives:
the same draws from the same random source (a save's set-up is decided again from its seed, and
its logged events must come out), the same keyed digests.
"""
from __future__ import annotations

import hmac
import random

import pytest

from engine.core.game import bind_seed, hmac_sha256, rng_for, secret_from
from engine.games.between_two_castles.catalog import THRONES
from engine.games.between_two_castles.rules import _throne_sample


def _sources(seed: int) -> list[random.Random]:
    # the two kinds a set-up is given: a keyed source (secret seeds) and a plain one (old integer seeds)
    return [rng_for(secret_from(seed), 0), rng_for(seed, 0)]


@pytest.mark.parametrize("k", range(1, len(THRONES) + 1))
def test_the_throne_sample_draws_what_random_sample_draws(k):
    for seed in range(400):
        for mine, theirs in zip(_sources(seed), _sources(seed)):
            assert _throne_sample(mine, k) == tuple(theirs.sample(range(len(THRONES)), k))
            assert mine.getrandbits(64) == theirs.getrandbits(64)  # as many draws taken: the shuffles after agree


def test_hmac_sha256_is_the_stdlib_digest_for_any_key_and_message():
    rng = random.Random(2026)
    keys = [b"", bytes(32), bytes(64), b"\xff" * 64, bytes(65), b"\x36" * 100, b"\x5c" * 128]
    keys += [rng.randbytes(rng.choice([1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 500])) for _ in range(400)]
    for key in keys:
        for message in (b"", b"0:", rng.randbytes(rng.randrange(200)), rng.randbytes(1000)):
            assert hmac_sha256(key, message) == hmac.digest(key, message, "sha256")


def test_a_bound_seed_and_a_keyed_draw_are_the_stdlib_hmacs():
    secret = secret_from(3)
    bound = bind_seed(secret, "between-two-castles|4|")
    assert bound == hmac.new(bytes.fromhex(secret), b"between-two-castles|4|", "sha256").hexdigest()
    draws = rng_for(bound, 17, "x")
    plain = random.Random(int.from_bytes(hmac.digest(bytes.fromhex(bound), b"17:x", "sha256"), "big"))
    assert [draws.getrandbits(32) for _ in range(5)] == [plain.getrandbits(32) for _ in range(5)]
