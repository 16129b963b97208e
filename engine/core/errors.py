"""The engine's two kinds of refusal: a move the rules forbid, and a log that cannot be read."""


class IllegalAction(Exception):
    """A move the rules forbid; the message is written for the player who tried it."""

    @property
    def reason(self) -> str:
        return str(self)


class LogError(Exception):
    """A save file or event record that cannot be read or replayed.

    ``line`` is the save file's line at fault (1 is the header), when there is one.
    """

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line
