"""What a load does once per file, made quicker, must give exactly what the general code gives:
the same draws from the same random source (a save's set-up is decided again from its seed, and
its logged events must come out), the same keyed digests.
"""
from __future__ import annotations

import random

import pytest

from engine.core.game import rng_for, secret_from
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
