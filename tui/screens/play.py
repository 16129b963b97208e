"""The shared play screen: turns, bots, hot-seat covers, undo, save-as, game over.

The screen only ever submits actions to the Match and draws views from it. Who sees what:
the viewer is a local human seat (the one to act, in hot-seat play) and every panel is drawn
from ``game.view(state, viewer)``; with no human to show, the spectator view.

The flow is one method, :meth:`PlayScreen.advance`, called after every change and whenever
the screen comes back to the top. It does at most one thing: show a pending interlude, show
game over, cover the board for the next hot-seat player, open a secret prompt, or let a bot
move (once its thinking is done and the pause since the last shown move has passed).
Nothing happens while another screen (help, a dialog, the size guard) is on top.
"""
from __future__ import annotations

import time
from collections import deque
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.worker import Worker, WorkerState

from engine.core import (Change, Entry, GameConfig, IllegalAction, LogError, Match, Seat,
                         write_log_atomic)
from engine.games import get_game

from ..bots import BotTask, choose, make_bot
from ..games import Step, ViewContext, ViewPanel, game_ui
from ..saves import new_save_path
from ..widgets import BoardAndMoves
from .dialogs import CoverScreen, PromptScreen
from .game_over import GameOverScreen


class MatchChanged(Message):
    def __init__(self, change: Change, steps: tuple[Step, ...], lines: tuple[str, ...]) -> None:
        super().__init__()
        self.change = change
        self.steps = steps
        self.lines = lines    # new move-list lines (an undo rebuilds the list instead)


def move_line(match: Match, before: Any, entry: Entry) -> str | None:
    """The move-list line for one logged event, with the mover's name; None for bookkeeping."""
    text = match.game.describe(before, entry.event, [s.name for s in match.seats])
    if text is None:
        return None
    who = match.seats[entry.by].name if entry.move is not None and entry.by is not None else ""
    return f"{who[:10]:<10} {text}" if who else text


def move_lines(match: Match) -> list[str]:
    """The whole move list, folding the log from the start."""
    state = match.game.initial_state(match.header.config)
    lines = []
    for entry in match.entries:
        line = move_line(match, state, entry)
        state = match.game.evolve(state, entry.event)
        if line is not None:
            lines.append(line)
    return lines


class PlayScreen(Screen[None]):
    DEFAULT_CSS = """
    PlayScreen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #status.-error { color: $error; text-style: bold; }
    #command { height: 1; border: none; padding: 0 1; }
    """

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("colon", "command_line", "Type", key_display=":"),
        Binding("space", "skip", "Skip wait", show=False),
        Binding("a", "save_as", "Save as"),
        Binding("escape", "leave", "Leave"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, match: Match, local_seats: frozenset[int] | None = None,
                 owns_match: bool = True, drive_bots: bool = True) -> None:
        """``local_seats``: the human seats played at this terminal (default: all of them).
        ``owns_match``: close the match's save file when the screen goes.
        ``drive_bots``: this screen moves the bots; when several Apps share a Match, exactly
        one of them should."""
        super().__init__()
        self.match = match
        self.game = match.game
        self.ui = game_ui(self.game.id)
        humans = {i for i, s in enumerate(match.seats) if not s.is_bot}
        self.humans = frozenset(humans if local_seats is None else humans & set(local_seats))
        self.hot_seat = len(self.humans) > 1
        self.owns_match = owns_match
        self.viewer: int | None = next(iter(self.humans)) if len(self.humans) == 1 else None
        self._bots = {i: make_bot(self.game, s.bot_level) for i, s in enumerate(match.seats)
                      if s.is_bot and drive_bots}
        self._known = match.state
        self._interludes: deque[Screen[Any]] = deque()
        self._pending: tuple[BotTask, Any] | None = None
        self._thinking: BotTask | None = None
        self._busy = False            # a cover or prompt of ours is open
        self._over_shown = False
        self._skip = False
        self._last_shown = 0.0
        self._spin = 0
        self._unsubscribe = None

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.board = self.ui.make_board()
        self.info = self.ui.make_info()
        yield BoardAndMoves(self.board, self.info, "Moves", OptionList(id="moves"))
        yield Static("", id="status")
        yield Input(placeholder="type a move here (: to focus, enter to play)", id="command",
                    compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#moves", OptionList).can_focus = False
        command = self.query_one("#command", Input)
        command.cursor_blink = self.app.settings.cursor_blink
        self._unsubscribe = self.match.subscribe(self._changed)
        self.set_interval(0.1, self._tick)
        self._rebuild_moves()
        self.redraw()
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        if self.owns_match:
            self.match.close()

    # -- drawing --------------------------------------------------------------------------

    def context(self) -> ViewContext:
        seat = self.viewer
        legal = tuple(self.match.legal_actions(seat)) if seat is not None else ()
        glyphs = self.app.glyphs
        thinking = self._thinking.seat if self._thinking else None
        return ViewContext(self.game, self.match.view(seat), seat, self.match.seats, legal, glyphs,
                           thinking, glyphs.spinner[self._spin % len(glyphs.spinner)])

    def redraw(self) -> None:
        ctx = self.context()
        self.board.show(ctx)
        if self.info is not None:
            self.info.show(ctx)
        self._set_status(self._status_text(ctx))
        self.sub_title = f"{self.game.title} · {self.match.header.config.players} players"

    def _status_text(self, ctx: ViewContext) -> str:
        m = self.match
        if m.finished:
            return "The game is over."
        if ctx.interactive:
            who = f"{ctx.name(ctx.seat)}: " if self.hot_seat else "Your turn: "
            return who + self.ui.phase_text(ctx)
        if self._thinking is not None:
            return f"{ctx.name(self._thinking.seat)} is thinking {ctx.spinner}"
        waiting = ", ".join(ctx.name(s) for s in sorted(m.to_act))
        return f"Waiting for {waiting}"

    def _set_status(self, text: str, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(error, "-error")

    def _rebuild_moves(self) -> None:
        self.query_one("#moves", OptionList).clear_options()
        self._add_moves(move_lines(self.match))

    def _add_moves(self, lines) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.add_options(lines)
        if moves.option_count:
            moves.highlighted = moves.option_count - 1
            moves.scroll_to_highlight()

    def _tick(self) -> None:
        if self._thinking is not None:
            self._spin += 1
            if self.info is not None:
                self.info.show(self.context())
            self._set_status(self._status_text(self.context()))

    # -- changes --------------------------------------------------------------------------

    def _changed(self, match: Match, change: Change) -> None:
        """Called inside Match.submit/undo, maybe from another App: note the steps, then post.

        The views of each step are taken now, while the state before the change is known
        exactly; by the time the message is handled more moves may have been made.
        """
        steps, lines = [], []
        if change.kind == "action":
            state = self._known
            for entry in change.entries:
                line = move_line(match, state, entry)
                if line is not None:
                    lines.append(line)
                state = self.game.evolve(state, entry.event)
                steps.append(Step(entry.event, self.game.view(state, self.viewer)))
        self._known = match.state
        self.post_message(MatchChanged(change, tuple(steps), tuple(lines)))

    def on_match_changed(self, message: MatchChanged) -> None:
        if message.steps:
            self._interludes.extend(self.ui.interludes(self.game, message.steps, self.viewer,
                                                       self.match.seats))
        self._pending = None
        if message.change.kind == "action":
            self._add_moves(message.lines)
        else:
            self._rebuild_moves()
        self._last_shown = time.monotonic()
        self.redraw()
        self.advance()

    def on_screen_resume(self) -> None:
        self.redraw()
        self.call_after_refresh(self.advance)

    # -- the flow -------------------------------------------------------------------------

    def advance(self) -> None:
        if not self.is_current or self._busy or self.app.too_small:
            return
        if self._interludes:
            self.app.push_screen(self._interludes.popleft())
            return
        if self.match.finished:
            if not self._over_shown:
                self._over_shown = True
                self.app.push_screen(GameOverScreen(self.match))
            return
        to_act = self.match.to_act
        humans = sorted(to_act & self.humans)
        if humans and self._turn_human(humans):
            return
        bots = sorted(s for s in to_act if s in self._bots)
        if bots:
            self._drive_bot(bots[0])

    def _turn_human(self, humans: list[int]) -> bool:
        """Show the human to act (behind a cover in hot-seat play); True when waiting on them."""
        seat = self.viewer if self.viewer in humans else humans[0]
        if seat != self.viewer:
            if self.hot_seat:
                self._busy = True
                self.app.push_screen(CoverScreen(self.match.seats[seat].name),
                                     partial(self._uncovered, seat))
                return True
            self.viewer = seat
        self.redraw()
        prompt = self.ui.secret_prompt(self.context())
        if prompt is not None:
            self._busy = True
            self.app.push_screen(prompt, partial(self._prompted, seat))
        return True

    def _uncovered(self, seat: int, _result: Any = None) -> None:
        self._busy = False
        self.viewer = seat
        self.redraw()
        self.call_after_refresh(self.advance)

    def _prompted(self, seat: int, action: Any) -> None:
        self._busy = False
        if action is not None:
            self.submit(seat, action)

    # -- bots -----------------------------------------------------------------------------

    def _drive_bot(self, seat: int) -> None:
        version = len(self.match.entries)
        if self._pending is not None and self._pending[0].version == version:
            self._play_pending()
            return
        if self._thinking is not None:
            return  # one bot at a time; its answer calls advance() again
        task = BotTask(seat, version, self.match.view(seat), tuple(self.match.legal_actions(seat)),
                       f"{self.match.seed}:{version}:bot{seat}")
        self._thinking = task
        self.run_worker(partial(choose, self._bots[seat], task), thread=True, group="bots",
                        exit_on_error=False)
        self.redraw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bots" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._thinking = None
        if event.state == WorkerState.ERROR:
            self._set_status(f"A bot failed: {event.worker.error}", error=True)
            return
        answered, action = event.worker.result
        if answered.version == len(self.match.entries):
            self._pending = (answered, action)
        self.advance()

    def _play_pending(self) -> None:
        wait = self.app.settings.bot_delay - (time.monotonic() - self._last_shown)
        if wait > 0 and not self._skip:
            self.set_timer(wait, self.advance)
            return
        self._skip = False
        task, action = self._pending
        self._pending = None
        self.submit(task.seat, action)

    def action_skip(self) -> None:
        self._skip = True
        self.advance()

    # -- the human's moves ----------------------------------------------------------------

    def submit(self, seat: int, action: Any) -> None:
        try:
            self.match.submit(seat, action)
        except IllegalAction as exc:
            self.app.bell()
            self._set_status(exc.reason, error=True)

    def on_view_panel_action_chosen(self, message: ViewPanel.ActionChosen) -> None:
        message.stop()
        if self.viewer is None:
            return
        self.submit(self.viewer, message.action)

    def on_view_panel_status(self, message: ViewPanel.Status) -> None:
        message.stop()
        self._set_status(message.text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        # ":" focuses this line; pressed again while typing, it lands in the text, so drop it.
        text = event.value.strip().lstrip(":").strip()
        if not text:
            return
        if self.viewer is None or self.viewer not in self.match.to_act:
            self._set_status("It is not your turn.", error=True)
            return
        try:
            self.match.play(self.viewer, text)
        except IllegalAction as exc:
            self.app.bell()
            self._set_status(exc.reason, error=True)
            return
        event.input.value = ""

    def action_command_line(self) -> None:
        self.query_one("#command", Input).focus()

    def action_undo(self) -> None:
        seat = self.viewer if self.viewer is not None else min(self.humans, default=None)
        if seat is None:
            self._set_status("Only a player can undo.", error=True)
            return
        check = self.match.can_undo(seat)
        if not check:
            self._set_status(f"Cannot undo: {check.reason}", error=True)
            return
        self._thinking = None
        self._pending = None
        self.workers.cancel_group(self, "bots")
        self.match.undo(seat)

    def action_save_as(self) -> None:
        default = self.app.settings.saves_dir / f"{Path(self._save_name()).stem}-copy.jsonl"
        self.app.push_screen(PromptScreen("Save a copy of this game as:", str(default)),
                             self._save_copy)

    def _save_name(self) -> str:
        writer = self.match.writer
        return writer.path.name if writer else f"{self.game.id}.jsonl"

    def _save_copy(self, path: str | None) -> None:
        if not path:
            return
        target = Path(path).expanduser()
        try:
            write_log_atomic(target, self.game, self.match.header, self.match.entries)
        except OSError as exc:
            self._set_status(f"Could not save: {exc.strerror or exc}", error=True)
            return
        self.notify(f"Saved a copy to {target}")

    def action_leave(self) -> None:
        command = self.query_one("#command", Input)
        if command.has_focus:
            self.focus_board()
            return
        self.app.pop_screen()

    def focus_board(self) -> None:
        target = next((w for w in self.board.query("*") if w.focusable), None)
        self.set_focus(target)


# -- starting and resuming ------------------------------------------------------------------

def new_play_screen(app: App, game_id: str, config: GameConfig, seats: list[Seat],
                    seed: int) -> PlayScreen:
    """A new match, saved as it is played into the saves folder, and its screen."""
    now = datetime.now()
    path = new_save_path(app.settings.saves_dir, game_id, now)
    match = Match.new(get_game(game_id), config, seats, seed, path=path,
                      created=now.isoformat(timespec="seconds"))
    return PlayScreen(match)


def start_new_game(app: App, game_id: str, config: GameConfig, seats: list[Seat],
                   seed: int) -> PlayScreen:
    screen = new_play_screen(app, game_id, config, seats, seed)
    app.push_screen(screen)
    return screen


def resume_game(app: App, path: Path) -> Screen | None:
    """Open a saved game where it stopped (finished games open in the replay viewer)."""
    try:
        match, warning = Match.load(path, get_game)
    except LogError as exc:
        app.notify(f"{path.name}: {exc}", severity="error", timeout=8)
        return None
    if warning:
        app.notify(warning, severity="warning", timeout=8)
    if match.finished:
        match.close()
        from .replay import ReplayScreen

        screen = ReplayScreen.from_match(match)
    else:
        screen = PlayScreen(match)
    app.push_screen(screen)
    return screen
