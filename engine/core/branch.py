"""Play on from any step of a replay: a new save file that holds the original's whole actions up
to that step, as an ordinary checkable save, and goes on from there as a practice game.

    header, kept = branch(game, loaded.header, loaded.entries, position=120, step=41,
                          source="20260101-king-up.jsonl", seats=seats)
    path = write_log_new(saves / "…-branch.jsonl", game, header, kept)

Hidden information is handled honestly rather than hidden: the new game keeps the original's
secret, and its draws stay keyed to the original's variants (``Header.rng_seed`` reads them from
the header's ``branch``), so it deals exactly what the original dealt. Whoever plays on could
learn what comes next from the original; the practice note (:data:`PRACTICE_NOTE`) says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import PRACTICE, Game, GameConfig
from .log import Branch, Entry, Header, Seat

PRACTICE_NOTE = (
    "Practice game branched from a replay: the cards and tiles come in the order the "
    "original game dealt them, so what comes next is no secret to anyone who saw it."
)


def kept_entries(entries: Sequence[Entry], position: int) -> list[Entry]:
    """The entries of the whole actions among the first ``position`` events. A position inside an
    action's batch (after the move, before its consequences) keeps that action whole: the move
    shown was played, and its consequences follow from it."""
    position = max(0, min(position, len(entries)))
    while 0 < position < len(entries) and entries[position].act == entries[position - 1].act:
        position += 1
    return list(entries[:position])


def branch(
    game: Game,
    header: Header,
    entries: Sequence[Entry],
    position: int,
    step: int,
    source: str,
    seats: Sequence[Seat] | None = None,
    created: str | None = None,
    practice: bool = True,
) -> tuple[Header, list[Entry]]:
    """The header and log of a game branched off ``entries`` at event ``position`` (the replay's
    move-list ``step``): same game, same rules version and secret, ``seats`` (default: the
    original's; each may be another human or bot level), the practice variant added."""
    kept = kept_entries(entries, position)
    if not kept:  # before the set-up: the set-up is the original's first action, always kept
        kept = [e for e in entries if e.act == 0]
    original = header.branch.variants if header.branch is not None else tuple(sorted(header.config.variants))
    variants = header.config.variants | ({PRACTICE.key} if practice else set())
    actions = len({e.act for e in kept if e.act > 0})
    new = Header(
        header.game,
        header.rules_version,
        GameConfig(header.config.players, variants),
        header.seed,
        tuple(seats) if seats is not None else header.seats,
        created,
        Branch(source[-200:], step, actions, original),
    )
    problem = new.problem(game)
    if problem:
        raise ValueError(problem)
    return new, kept
