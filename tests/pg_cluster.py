"""The tests' throw-away PostgreSQL: the one cluster of the test process (engine.store.pg_cluster,
the cluster ``bergfried bench ssh --parts hosts`` uses too), and a fresh, empty database on it
for each test that asks for ``postgres_url``. Where no PostgreSQL (or psycopg) is installed,
tests that need one skip and say why (``.ci/run`` installs the Debian ``postgresql`` package).
"""

from __future__ import annotations

import pytest

from engine.store.pg_cluster import Cluster, NotInstalled


@pytest.fixture(scope="session")
def postgres_cluster():
    try:
        cluster = Cluster()
    except NotInstalled as exc:
        pytest.skip(f"{exc}: the tests of the PostgreSQL store need a real server")
    with cluster:
        yield cluster


@pytest.fixture
def postgres_url(postgres_cluster) -> str:
    """A fresh, empty database on the test process's PostgreSQL."""
    return postgres_cluster.new_database()
