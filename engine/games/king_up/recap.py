"""What another player's move did to your secret goal card, read from two of your own views
(the recap's notes, engine.core.recap): a candidate of your card voted out for the round, and
what your card is worth now. A figure climbing a floor is the game's every move and shows on
the board, and one reaching the throne opens the vote, which says whether it is on your card:
neither opens the recap by itself; their lines are among the others' moves (the recap's a)."""

from __future__ import annotations

from .catalog import CANDIDATES, ELIMINATED
from .view import KingUpView

HAPPENED = {ELIMINATED: "is out for this round"}


def recap_notes(before: KingUpView, after: KingUpView) -> tuple[str, ...]:
    """The candidates of ``after.seat``'s card voted out between the two views."""
    card = after.my_goal
    if not card or before.my_goal != card or before.seat != after.seat:
        return ()  # a watcher, or a new round's card: nothing of the old one to compare
    notes = []
    for figure in card:
        now = after.floors[figure]
        if now != before.floors[figure] and now in HAPPENED:
            notes.append(
                f"{CANDIDATES[figure].name}, on your card, {HAPPENED[now]}: "
                f"your card is worth {after.goal_score()} now ({before.goal_score()} before)"
            )
    return tuple(notes)
