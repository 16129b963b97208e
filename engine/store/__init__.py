"""The store of a server: accounts, tables, seats and every table's moves in one database
(SQLite in the data folder, or PostgreSQL for several hosts) shared by all its processes.
See docs/store.md.

    store = open_store(data_dir)                 # StoreError: one line for the host
    export_table(store, "t3a9c1f", path)         # an ordinary save file
"""

from .db import StoreError
from .export import export_table
from .store import Conflict, Store, open_store

__all__ = ["Conflict", "Store", "StoreError", "export_table", "open_store"]
