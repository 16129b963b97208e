"""The lobby of a multi-player server, without any UI: who is who (accounts bound to public
keys) and which tables exist (waiting for players, playing, finished), kept on disk so a
restart forgets nothing.

    accounts = Accounts(data_dir / "accounts.json")
    lobby = Lobby(data_dir, TableHost(get_game))
    record = lobby.create("alice", "king-up", ["me", "open", "bot:greedy"])
"""
from .accounts import Accounts, Login, valid_name
from .lobby import Lobby, LobbyError, SeatRecord, TableRecord, TableSummary

__all__ = ["Accounts", "Login", "valid_name", "Lobby", "LobbyError", "SeatRecord", "TableRecord",
           "TableSummary"]
