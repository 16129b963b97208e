"""The game-independent core: events, the decider protocol, matches, save files and replay."""

from .bots import Bot, RandomBot
from .errors import IllegalAction, IllegalMove, LogError, UnknownBotLevel, UnreadableMove
from .events import EventCodec, event, event_name
from .game import Game, GameConfig, Result, Variant, replay, rng_for
from .log import Entry, Header, LoadedLog, LogWriter, SaveFailed, SaveInUse, Seat, read_log, recover, write_log_atomic
from .match import Change, Match, UndoCheck, verify
from .cursor import ReplayCursor
from .moves import MoveLine, move_list
from .table import Attachment, GameStopped, Step, Table, Update
from .host import TableHost

__all__ = [
    "Bot",
    "RandomBot",
    "IllegalAction",
    "IllegalMove",
    "UnreadableMove",
    "UnknownBotLevel",
    "LogError",
    "EventCodec",
    "event",
    "event_name",
    "Game",
    "GameConfig",
    "Result",
    "Variant",
    "replay",
    "rng_for",
    "Entry",
    "Header",
    "LoadedLog",
    "LogWriter",
    "SaveFailed",
    "SaveInUse",
    "Seat",
    "read_log",
    "recover",
    "write_log_atomic",
    "Change",
    "Match",
    "UndoCheck",
    "verify",
    "ReplayCursor",
    "MoveLine",
    "move_list",
    "Attachment",
    "GameStopped",
    "Step",
    "Table",
    "Update",
    "TableHost",
]
