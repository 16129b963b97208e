"""The server freezes long-lived objects out of full collections, and collects what ended
sessions left in one pass once enough have ended or enough time has passed."""

from __future__ import annotations

import gc
import weakref

from tui.server.collector import Collector


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def frozen_garbage() -> weakref.ref:
    node = Node()
    ref = weakref.ref(node)
    gc.freeze()
    del node
    gc.collect()
    assert ref() is not None  # frozen: not even a full pass sees it
    return ref


def test_frozen_garbage_is_collected_after_the_period():
    now = [0.0]
    collector = Collector(ended_batch=3, period=60, clock=lambda: now[0])
    try:
        ref = frozen_garbage()
        collector.session_ended()
        collector.tick()
        assert ref() is not None and gc.get_freeze_count() > 0
        now[0] += 61
        collector.tick()
        assert ref() is None
        assert gc.get_freeze_count() > 0  # what is left is frozen again
    finally:
        collector.close()
    assert gc.get_freeze_count() == 0


def test_a_batch_of_ended_sessions_is_collected_at_once():
    collector = Collector(ended_batch=2, period=1e9)
    try:
        ref = frozen_garbage()
        collector.session_ended()
        collector.tick()
        assert ref() is not None
        collector.session_ended()
        collector.tick()
        assert ref() is None
    finally:
        collector.close()


def test_the_server_thresholds_last_while_it_runs():
    before = gc.get_threshold()
    collector = Collector()
    collector.start()
    assert gc.get_threshold()[0] == 10_000
    assert min(gc.get_threshold()[1:]) >= 1000  # older generations: only the collector's passes
    collector.close()
    assert gc.get_threshold() == before
