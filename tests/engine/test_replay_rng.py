"""The random source a load decides moves again with (engine.core.replay_parts.LazyRng)."""
from engine.core.game import rng_for, secret_from
from engine.core.replay_parts import LazyRng


def test_a_load_draws_what_rng_for_draws_at_each_position():
    seed, entries = secret_from(3), []
    rng = LazyRng(seed, entries)
    fresh = rng_for(seed, 0)
    assert [rng.random() for _ in range(3)] == [fresh.random() for _ in range(3)]  # one move, drawing on
    entries += ["set-up", "move"]
    assert rng.randrange(1000) == rng_for(seed, 2).randrange(1000)  # the next move, afresh


def test_a_position_decided_again_draws_afresh_after_reset():
    seed, entries = secret_from(3), ["set-up"]
    rng = LazyRng(seed, entries)
    first = rng.random()
    rng.reset()  # the same move decided again (or entries taken back to this position)
    assert rng.random() == first
