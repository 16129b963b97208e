"""The layout the play screen and the replay viewer share: the board left, info and moves right."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static


class BoardAndMoves(Horizontal):
    DEFAULT_CSS = """
    BoardAndMoves { height: 1fr; }
    BoardAndMoves #board-col { width: 1fr; padding: 0 1; }
    BoardAndMoves #side { width: 32; border-left: solid $panel; padding: 0 1; }
    BoardAndMoves #moves { height: 1fr; border: none; padding: 0; }
    """

    def __init__(self, board: Widget, info: Widget | None, moves_title: str, moves: OptionList) -> None:
        super().__init__(id="main")
        self._board, self._info, self._title, self._moves = board, info, moves_title, moves

    def compose(self) -> ComposeResult:
        with Vertical(id="board-col"):
            yield self._board
        with Vertical(id="side"):
            if self._info is not None:
                yield self._info
            yield Static(self._title, classes="panel-title")
            yield self._moves
