"""The undo policy, in one place: the live match asks it before taking a move back, and the
save-file reader asks it again for every undo line, so an edited file cannot undo more.

A seat may take back its own last action while nobody else has acted since and nothing hidden
was revealed. Any other seat's reply — a bot's as much as a person's — shows that seat's private
information and its luck, so it counts as a reveal: going back past it (and past drawn cards and
revealed votes) is for practice games only, and never past another person's move. A move the
game's rules make final (Game.final: Between Two Castles' chosen pair) goes back only in practice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from .game import PRACTICE, Game


@attrs.frozen
class UndoCheck:
    allowed: bool
    reason: str
    to_act: int = 0  # the first action batch an undo would drop

    def __bool__(self) -> bool:
        return self.allowed


def undo_check(
    game: Game, header: Any, entries: Sequence[Any], state: Any, seat: int, legacy: bool = False
) -> UndoCheck:
    """Whether ``seat`` may take back its last action in this position, and if not, why not.

    ``legacy`` applies the policy old saves were played under (bots' replies went back too in
    any game, unless something was revealed), so their undo lines still read.
    """
    if game.result(state).finished:
        return UndoCheck(False, "the game is over")
    batches: dict[int, int | None] = {}
    for e in entries:
        if e.act > 0:
            batches.setdefault(e.act, e.by)
    mine = [act for act, by in batches.items() if by == seat]
    if not mine:
        return UndoCheck(False, "you have no move to take back")
    target = mine[-1]
    later = {by for act, by in batches.items() if act > target and by != seat}
    seats = header.seats
    people = sorted(seats[s].name for s in later if s is not None and not seats[s].is_bot)
    practice = header.config.has(PRACTICE.key)
    if people:
        verb = "has" if len(people) == 1 else "have"
        return UndoCheck(False, f"{' and '.join(people)} {verb} moved since; only your own last move can be taken back")
    if later and not practice and not legacy:
        repliers = sorted({seats[s].name for s in later if s is not None})
        verb = "has" if len(repliers) == 1 else "have"
        return UndoCheck(
            False,
            f"{' and '.join(repliers)} {verb} replied since; "
            "taking back past another seat's move is only for practice games",
        )
    if not practice:
        for e in entries:
            if e.act >= target and (final := game.final(header.config, e.event)):
                return UndoCheck(False, final)
    if not practice and any(game.reveals(e.event) for e in entries if e.act >= target):
        return UndoCheck(False, "hidden information has been revealed since that move")
    return UndoCheck(True, "", target)
