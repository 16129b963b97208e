"""A fixture for the store's tests on both databases: ``stores`` makes a new Store (as a new
process would) on SQLite in a temporary folder or on a fresh database of a real PostgreSQL."""

from __future__ import annotations

import pytest

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Lobby
from engine.store import Store
from engine.store.db import Postgres, SQLite


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request, tmp_path):
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    made: list[Store] = []

    def make() -> Store:
        db = Postgres(url) if url else SQLite(tmp_path / "bergfried.db", durable=False)
        db.schema()
        made.append(Store(db, tmp_path))
        return made[-1]

    yield make
    for store in made:
        store.close()


def lobby_of(store: Store, bots: str = "here") -> Lobby:
    return Lobby(store, TableHost(get_game, durable=False), bots=bots)


def players(store: Store, *names: str) -> None:
    """Accounts for ``names``, each with a key of its own."""
    for name in names:
        assert store.claim(name, f"ssh-ed25519 AAAA{name}")
