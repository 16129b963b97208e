"""The replay viewer: any saved game, step by step, drawn by the game's own panels.

It shows the spectator's view; once the game is over any seat's view may be chosen (its
secrets no longer matter). Steps are the events the game describes in its move list, so
bookkeeping events never need a key press of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Game, Header, ReplayCursor, Table, read_log
from engine.core.cursor import set_up_length, start_label
from engine.games import get_game

from ..games import game_ui
from ..saves import result_text
from ..games.base import ViewContext
from ..widgets import BoardAndMoves, MoveList
from ..widgets.footer import FittingFooter
from ..widgets.names import fit_name
from .replay_tools import ReplayTools

if TYPE_CHECKING:
    from textual import getters
    from textual.timer import Timer
    from tui.app import BergfriedApp


SPEEDS = (2.0, 1.0, 0.5, 0.25)  # seconds per step


def movers(entries) -> dict[int, int]:
    """Which seat made each logged move (the entries that carry a move's notation)."""
    return {i: e.by for i, e in enumerate(entries) if e.move is not None and e.by is not None}


class ReplayScreen(ReplayTools, Screen[None]):
    if TYPE_CHECKING:  # self.app as mypy should see it (Textual's own way, textual.getters.app)
        app = getters.app(BergfriedApp)

    CSS_PATH = "replay.tcss"

    BINDINGS = [
        # priority: the move list would otherwise take ←/→ for sideways scrolling it never needs
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right", "step(1)", "Step", key_display="→", priority=True),
        Binding("home", "jump('start')", "Start", show=False, priority=True),
        Binding("end", "jump('end')", "End", show=False, priority=True),
        Binding("pageup,left_square_bracket", "round(-1)", "Prev round", key_display="PgUp", priority=True, show=False),
        Binding("pagedown,right_square_bracket", "round(1)", "Round", key_display="PgDn", priority=True),
        Binding("p", "autoplay", "Play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False),
        Binding("minus", "speed(-1)", "Slower", show=False),
        Binding("v", "cycle_view", "View as"),
        Binding("s", "scores", "Scores"),
        Binding("c", "story", "Chart"),
        Binding("n", "play_on", "Play on"),
        Binding("x", "share", "Share", show=False),
        Binding("escape", "app.pop_screen", "Close"),
    ]

    def __init__(
        self,
        game: Game,
        header: Header,
        events: list[Any],
        source: str = "",
        movers: dict[int, int] | None = None,
        entries=None,
    ) -> None:
        super().__init__()
        self.game, self.header, self.source = game, header, source
        self.entries = entries  # the log's entries (acts, moves), for playing on from a step
        self._movers = movers or {}  # event index -> the seat whose move it was
        self.ui = game_ui(game.id)
        self.cursor = ReplayCursor(game, header.config, events)
        self.stops, self.labels = self._stops(events)
        self.numbers = self._numbers()  # each stop's move number, as `replay --text` numbers it
        self.finished = game.result(self.cursor.end()).finished
        self.cursor.seek(self.stops[0])
        self.seat: int | None = None
        self.speed = 1
        self._timer: Timer | None = None
        self._scores_offered: bool | None = None  # whether s is offered at the step shown
        self._stale = False  # moved while covered, not drawn since

    @classmethod
    def from_table(cls, table: Table) -> ReplayScreen:
        """The replay of a finished game still at its table."""
        header, entries = table.finished_log()
        return cls(table.game, header, [e.event for e in entries], "this game", movers(entries), entries)

    @classmethod
    def from_path(cls, path: Path) -> tuple[ReplayScreen, str | None]:
        """Raises LogError with the engine's message when the file cannot be read."""
        loaded = read_log(path, get_game)
        game = get_game(loaded.header.game)
        return (
            cls(
                game,
                loaded.header,
                [e.event for e in loaded.entries],
                path.name,
                movers(loaded.entries),
                loaded.entries,
            ),
            loaded.warning,
        )

    def _stops(self, events: list[Any]) -> tuple[list[int], list[str]]:
        """Positions worth stopping at (the start, past what the set-up said, then after each
        described event) and their move-list lines."""
        begun = set_up_length(self.entries or ())
        stops, labels, set_up = [0], [""], []
        state = self.game.initial_state(self.header.config)
        seats = self.header.seats
        for i, ev in enumerate(events):
            text = self.game.describe(state, ev, [s.name for s in seats])
            state = self.game.evolve(state, ev)
            if text is not None and i < begun:  # the start moves past what the set-up said
                stops[0] = i + 1
                set_up.append(text)
            elif text is not None:
                mover = self._mover(i)
                stops.append(i + 1)
                labels.append(f"{fit_name(seats[mover].name, 10):<10} {text}" if mover is not None else text)
        if stops[-1] != len(events):
            stops.append(len(events))
            labels.append("end")
        labels[0] = start_label(set_up)
        return stops, labels

    def _numbers(self) -> list[int]:
        """The log's act of each stop's event (the numbers of `bergfried replay FILE --text`);
        without the log's entries, the stops counted."""
        if not self.entries:
            return list(range(len(self.stops)))
        return [self.entries[p - 1].act if p else 0 for p in self.stops]

    def _mover(self, index: int) -> int | None:
        return self._movers.get(index)

    def compose(self) -> ComposeResult:
        self.board = self.ui.make_board()
        self.info = self.ui.make_info()
        moves = MoveList(*(Option(f"{n:>3} {label}") for n, label in zip(self.numbers, self.labels)), id="moves")
        yield BoardAndMoves(self.board, self.info, "Moves (↑↓ enter: jump there)", moves)
        yield Static("", id="status")
        # At 80 columns the round and view keys go first (they still work): Close must show.
        yield FittingFooter(drop_first=("round(1)", "cycle_view"))

    def on_mount(self) -> None:
        self.sub_title = f"Replay · {self.game.title}" + (f" · {self.source}" if self.source else "")
        self.query_one("#moves", OptionList).focus()
        self.redraw()
        self.start_play_through()

    # -- drawing --------------------------------------------------------------------------

    @property
    def stop_index(self) -> int:
        pos = self.cursor.position
        return max((i for i, p in enumerate(self.stops) if p <= pos), default=0)

    def redraw(self) -> None:
        top = self.app.screen
        if top is not self and not isinstance(top, ModalScreen):  # covered (the chart moves it):
            self._stale = True  # drawn when it shows again
            return
        self._stale = False
        ctx = self.context()
        self.board.show(ctx)
        if self.info is not None:
            self.info.show(ctx)
        moves = self.query_one("#moves", OptionList)
        if moves.highlighted != self.stop_index:
            moves.highlighted = self.stop_index
        whose = "spectator" if self.seat is None else self.header.seats[self.seat].name
        playing = f" · playing {SPEEDS[self.speed]:g}s" if self._timer else ""
        self.query_one("#status", Static).update(
            f"move {self.numbers[self.stop_index]}/{self.numbers[-1]}{self._outcome()} · view: {whose}{playing}"
        )
        offered = self.ui.breakdown(ctx) is not None
        if offered != self._scores_offered:  # the footer is built again only when s comes or goes
            self._scores_offered = offered
            self.refresh_bindings()

    def _outcome(self) -> str:
        """`` · Ann won · 51–40–33`` once the replay stands at the end of a finished game (the
        board alone showed "game over" and left the winner to be worked out from the scores)."""
        if not self.cursor.at_end:
            return ""
        outcome = self.game.result(self.cursor.state)
        return f" · {result_text([s.name for s in self.header.seats], outcome)}" if outcome.finished else ""

    def on_screen_resume(self) -> None:
        if self._stale:
            self.redraw()

    # -- moving ---------------------------------------------------------------------------

    def seek_stop(self, index: int) -> None:
        index = max(0, min(index, len(self.stops) - 1))
        self.cursor.seek(self.stops[index])
        self.redraw()

    def action_step(self, delta: int) -> None:
        self.seek_stop(self.stop_index + delta)

    def action_jump(self, where: str) -> None:
        self.seek_stop(0 if where == "start" else len(self.stops) - 1)

    def action_round(self, delta: int) -> None:
        # A round boundary is the position before its first event; show the round begun.
        starts = [p + 1 for p in self.cursor.boundaries("round") if p + 1 > self.stops[0]]
        pos = self.cursor.position
        targets = [p for p in starts if p > pos] if delta > 0 else [p for p in starts if p < pos]
        if not targets:
            self.action_jump("end" if delta > 0 else "start")
            return
        self.cursor.seek(targets[0] if delta > 0 else targets[-1])
        self.redraw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Only a chosen line jumps (enter or click): following every highlight would race the
        # highlight this screen sets itself while stepping.
        self.seek_stop(event.option_index)

    def action_autoplay(self) -> None:
        if self._timer is not None:
            self._stop_autoplay()
        else:
            if self.cursor.at_end:
                self.seek_stop(0)
            self._timer = self.set_interval(SPEEDS[self.speed], self._autostep)
        self.redraw()

    def _stop_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _autostep(self) -> None:
        if self.app.too_small or not self.is_current:
            return
        self.action_step(1)
        if self.cursor.at_end:
            self._stop_autoplay()
            self.redraw()
            self.at_play_end()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._stop_autoplay()
            self._timer = self.set_interval(SPEEDS[self.speed], self._autostep)
        self.redraw()

    def context(self) -> ViewContext:
        view = self.game.view(self.cursor.state, self.seat)
        return ViewContext(self.game, view, self.seat, self.header.seats, (), self.app.glyphs, replay=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scores":  # offered at and after the first scoring
            return bool(self._scores_offered)
        if action == "round":  # a game without rounds (Castle Builder) offers no round keys
            return bool(self.cursor.boundaries("round"))
        return True

    def action_scores(self) -> None:
        from .dialogs import BreakdownScreen

        body = self.ui.breakdown(self.context())
        if body is not None:
            title = "Final scores" if self.cursor.at_end and self.finished else "Scores so far"
            self.app.push_screen(BreakdownScreen(title, body))

    def action_cycle_view(self) -> None:
        if not self.finished:
            self.notify("Players' own views open once the game is over.", severity="warning")
            return
        options = [None, *range(len(self.header.seats))]
        self.seat = options[(options.index(self.seat) + 1) % len(options)]
        self.redraw()
