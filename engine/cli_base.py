"""What every part of the `bergfried` command line shares: exit statuses, the one-line usage
error and the parser that raises it, and the argument types (kept apart so that engine/cli.py,
cli_replay.py and cli_admin.py each stay short)."""

from __future__ import annotations

import argparse

EXIT_ERROR, EXIT_USAGE, EXIT_PIPE = 1, 2, 141  # 141: killed by SIGPIPE, as a shell reports it


class UsageError(Exception):
    """A command line that cannot be run: one line to stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong command line is one line on stderr (not usage plus message)."""

    def error(self, message: str):
        raise UsageError(f"{message} (see {self.prog} --help)")


def count(text: str) -> int:
    """A whole number of at least 1 (``--games 0`` or ``-5`` is refused, not read as nothing)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a count (at least 1)")
    return value


def seed_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if abs(value) >= 2**63:
        raise argparse.ArgumentTypeError("the seed is too large")
    return value
