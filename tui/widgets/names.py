"""A player's name in a column of fixed width: cut with an ellipsis, never mid-word silently,
and the "you" mark kept."""

from __future__ import annotations


def fit_name(name: str, width: int, mark: str = "") -> str:
    """``name`` + ``mark`` in at most ``width`` characters: a long name ends in "…" before the mark.

    >>> fit_name("Adalbert", 12, "*")
    'Adalbert*'
    >>> fit_name("Bot 1 (greedy)", 12, "*")
    'Bot 1 (gre…*'
    """
    room = width - len(mark)
    if len(name) > room:
        name = name[: room - 1] + "…"
    return name + mark
