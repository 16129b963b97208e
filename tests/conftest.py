"""The long runs (``@pytest.mark.slow``: thousands more random games, fuzzed files, kills) run
with ``--slow`` or ``BERGFRIED_SLOW=1``; the everyday suite keeps a few hundred of each."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="also run the long runs marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow") or os.environ.get("BERGFRIED_SLOW"):
        return
    later = pytest.mark.skip(reason="a long run: pass --slow or set BERGFRIED_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(later)


# A throw-away PostgreSQL (initdb in a temporary folder, a free loopback port) for the store's tests.
from tests.pg_cluster import postgres_cluster, postgres_url  # noqa: E402, F401
