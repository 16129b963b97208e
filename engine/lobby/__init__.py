"""The lobby of a multi-player server, without any UI: who is who (accounts bound to public
keys) and which tables exist (waiting for players, playing, finished), kept in the server's
store (engine.store) so a restart forgets nothing and several processes share them.

    store = open_store(data_dir)
    accounts = Accounts(store)
    lobby = Lobby(store, TableHost(get_game))
    record = lobby.create("alice", "king-up", ["me", "open", "bot:greedy"])
"""

from .accounts import Accounts, Login, valid_name
from .lobby import Lobby, LobbyError
from .records import SeatRecord, TableRecord, TableSummary

__all__ = ["Accounts", "Login", "valid_name", "Lobby", "LobbyError", "SeatRecord", "TableRecord", "TableSummary"]
