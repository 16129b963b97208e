"""Pieces of the replayer (engine.core.replayer): the random source a move is decided again with,
the records Bergfried writes for a move's events, and what a load says when a move is refused or
a line's event is not the one expected.
"""
from __future__ import annotations

from typing import Any

from .errors import IllegalAction, LogError
from .game import Game, rng_for
from .log import excerpt


def expected_records(game: Game, events: list, act: int, by: int | None, move: str | None) -> list[dict]:
    """The records Bergfried writes for an action's events (see engine.core.log.encode_entry), as
    JSON reads them back: a logged line that is exactly right compares equal at once."""
    plain = game.codec.plain
    if by is None:  # the set-up: no seat, no move
        first = {"act": act, "n": len(events), **plain(events[0])}
        return [first] + [{"act": act, **plain(ev)} for ev in events[1:]]
    first = plain(events[0])
    first["act"], first["n"], first["by"], first["move"] = act, len(events), by, move
    if len(events) == 1:
        return [first]
    records = [first]
    for ev in events[1:]:
        record = plain(ev)
        record["act"], record["by"] = act, by
        records.append(record)
    return records


def mismatch(names: frozenset[str], record: dict, encoded: dict, what: str) -> str:
    """Why a line's event is not ``encoded``, the record ``what`` (the set-up, a move) produces."""
    kind, version = record.get("type"), record.get("v", 1)
    if type(kind) is not str or kind not in names:
        return f"unknown event type {excerpt(kind)}"
    if kind == encoded["type"] and type(version) is int and version > encoded["v"]:
        return f"event {kind!r} has schema version {version}; this Bergfried reads up to {encoded['v']}"
    return f"{kind} is not what {what} produces in its position"


def refusal(exc: Exception, move: str, number: int) -> LogError:
    """What a load says when deciding a logged move again fails."""
    if isinstance(exc, IllegalAction):
        return LogError(f"line {number}: move {excerpt(move)} is illegal in its position: "
                        f"{excerpt(str(exc), 80)}", line=number)
    # a game's rules failing on a strange move must not crash a load
    return LogError(f"line {number}: move {excerpt(move)} could not be replayed ({type(exc).__name__})",
                    line=number)
