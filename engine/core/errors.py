"""The engine's refusals: a move that cannot be read, a move the rules forbid, a log that cannot
be read, and a bot level a game does not have."""


class IllegalAction(Exception):
    """A move refused; the message is written for the player who tried it.

    Catch this to handle both kinds below alike.
    """

    @property
    def reason(self) -> str:
        return str(self)


class UnreadableMove(IllegalAction):
    """Text that is not a move in the game's notation (``parse_action``)."""


class IllegalMove(IllegalAction):
    """A well-formed move the rules forbid now, or an action object the game never listed."""


class UnknownBotLevel(ValueError):
    """``make_bot`` was asked for a level the game does not have."""


class LogError(Exception):
    """A save file or event record that cannot be read or replayed.

    ``line`` is the save file's line at fault (1 is the header), when there is one.
    """

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line
