"""The one way a game refuses a move with a reason: a table of checks by the kind of action.

    CHECKS = Checks("King Up!", {Place: _why_not_place, Climb: _why_not_climb})

    CHECKS.why_not(state, seat, action)   # the player's reason, or None for a legal action
    CHECKS.require(state, seat, action)   # raises IllegalMove with that reason

A check is ``why_not(state, seat, action) -> str | None`` for a seat that owes an action now; it
says, in the player's terms, what stands in the way, and nothing for exactly the actions that
``legal_actions`` lists. An action of a kind the table does not name is refused by ``otherwise``
(or as not being one of the game's moves).

>>> checks = Checks("Toy", {int: lambda state, seat, n: None if n < state else f"{n} is too high"})
>>> checks.why_not(3, 0, 2), checks.why_not(3, 0, 5), checks.why_not(3, 0, "x")
(None, '5 is too high', 'that is not a Toy move')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import IllegalMove

Check = Callable[[Any, int, Any], "str | None"]


class Checks:
    """Why an action may not be taken, looked up by its exact type."""

    def __init__(self, game_title: str, checks: Mapping[type, Check], otherwise: Check | None = None):
        self.game_title, self._checks, self._otherwise = game_title, dict(checks), otherwise

    def why_not(self, state: Any, seat: int, action: Any) -> str | None:
        check = self._checks.get(type(action))
        if check is not None:
            return check(state, seat, action)
        if self._otherwise is not None:
            return self._otherwise(state, seat, action)
        return f"that is not a {self.game_title} move"  # (an action's repr may hold anything)

    def require(self, state: Any, seat: int, action: Any) -> None:
        """Raise IllegalMove with the reason, unless ``action`` is legal."""
        reason = self.why_not(state, seat, action)
        if reason is not None:
            raise IllegalMove(reason)
