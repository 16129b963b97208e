"""Bots for Carcassonne: The Castle. They read only the view and the legal actions."""
from __future__ import annotations

from engine.core.bots import RandomBot


def make_bot(level: str):
    if level == "random":
        return RandomBot()
    raise ValueError(f"no bot level {level!r} for Carcassonne: The Castle")
