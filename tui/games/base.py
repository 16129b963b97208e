"""The contract between the shared screens and one game's board.

The shared play screen and replay viewer do everything that is the same for every game:
turns, bots, undo, saving, the move list, hot-seat covers, game over, stepping through a log.
A game adds only what it draws and the few screens only it has, through a :class:`GameUI`:

* ``make_board()`` / ``make_info()``: two :class:`ViewPanel` widgets (the board on the left,
  scores and such on the right). Both get a :class:`ViewContext` in ``show()`` every time
  something changes; a board posts :class:`ViewPanel.ActionChosen` when the player picks a move.
* ``secret_prompt(ctx)``: a modal for choices made in secret (King Up!'s vote), or None.
* ``interludes(game, steps, viewer, seats)``: modals to show after a batch of events (a reveal,
  a round's scoring), built from the views *at that moment*. A step
  (:class:`engine.core.Step`) names the event's type and carries the view right after it;
  the event itself stays at the table.

Panels receive views only, never states, so they cannot show another seat's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from engine.core import Game, Seat, Step
from engine.core.words import whose
from themes import GlyphSet


@attrs.frozen
class ViewContext:
    """Everything a panel may draw from: one seat's view and the moves that seat may make."""

    game: Game
    view: Any
    seat: int | None  # whose view this is; None for a spectator
    seats: tuple[Seat, ...]
    legal: tuple[Any, ...] = ()  # the viewer's legal moves now; empty when it may not act
    glyphs: GlyphSet | None = None
    thinking: int | None = None  # the bot seat that is choosing a move right now
    spinner: str = ""  # the current frame of the "thinking" indicator
    replay: bool = False  # drawn by the replay viewer: the seat is not "you"

    def whose(self) -> str:
        """ "Your" at the table; the seat's name with "'s" in the replay viewer."""
        if self.replay and self.seat is not None:
            return whose(self.name(self.seat))  # "Ann's"; a seat named "You": "Your", not "You's"
        return "Your"

    @property
    def interactive(self) -> bool:
        return bool(self.legal)

    def name(self, seat: int) -> str:
        return self.seats[seat].name


class ViewPanel(Widget):
    """A widget that draws a :class:`ViewContext`; subclasses implement :meth:`show`."""

    class ActionChosen(Message):
        """The player picked ``action`` on the board; the screen submits it."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Status(Message):
        """A line for the status bar (e.g. the full name of the focused figure)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def show(self, ctx: ViewContext) -> None:
        raise TypeError(f"{type(self).__name__} must implement show()")

    def point_at(self, action: Any) -> bool:
        """Put the board's cursor (and preview) where ``action`` is played, as the player would
        (the hint shows its highlighted move in place); False where the move has no spot here."""
        return False


class GameUI:
    """Base class of a game's UI; override what the game needs."""

    game_id: ClassVar[str] = ""
    score_word: ClassVar[str] = "points"  # what a score counts, for the game-over ranking

    def make_board(self) -> ViewPanel:
        raise TypeError(f"{type(self).__name__} must implement make_board()")

    def make_info(self) -> ViewPanel | None:
        return None

    def secret_prompt(self, ctx: ViewContext) -> ModalScreen[Any] | None:
        """A modal whose result is the chosen action (None to go back to the board)."""
        return None

    def interludes(
        self, game: Game, steps: Sequence[Step], viewer: int | None, seats: Sequence[Seat]
    ) -> list[Screen[Any]]:
        return []

    def breakdown(self, ctx: ViewContext) -> Any:
        """How the scores came about, as far as ``ctx.view`` shows it (per category, per round,
        the tie-break): a Rich renderable, or None while nothing has been scored. The game-over
        dialog and the replay viewer open it with a key, so it can be read again at any time."""
        return None

    def phase_text(self, ctx: ViewContext) -> str:
        """What is happening, for the status line (e.g. "placing figures")."""
        return ""
