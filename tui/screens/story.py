"""The game's story: a chart of every seat's score over the game (and, once it is over, each
seat's chance of winning with the turning points marked), over the replay viewer it moves.

Opened with c from the replay viewer and the game-over dialog. ←/→ (and Home/End, PgUp/PgDn,
or a click on the chart) move the replay underneath; w switches scores and chances; t goes to
the next costly move. The chances and turning points are computed in a child process
(engine.story_process), watched by a worker thread of the replay's, with a progress bar, so the
keys keep working meanwhile. The numbers come from engine.core.story; this screen only draws
them with textual-plotext.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static

from engine.core.story import Steps, chance_series, score_series, turning_points, turning_text
from engine.story_process import story_in_process

from ..widgets.names import fit_name
from ..widgets.story_chart import Curves, StoryChart


def _mover(entry: Any) -> int | None:
    """The seat whose move an entry carries (None for a consequence)."""
    return entry.by if entry.move is not None else None


class StoryScreen(Screen[None]):
    DEFAULT_CSS = """
    StoryScreen { layout: vertical; }
    StoryScreen StoryChart { height: 1fr; }
    StoryScreen #caption { height: auto; max-height: 7; padding: 0 1; background: $panel; }
    StoryScreen ProgressBar { height: 1; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right", "step(1)", "Step", key_display="→", priority=True),
        Binding("home", "step(-100000)", "Start", show=False, priority=True),
        Binding("end", "step(100000)", "End", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("w", "switch", "Scores/chances"),
        Binding("t", "turning", "Costly move"),
        Binding("escape,c", "close", "Replay"),
    ]

    def __init__(self, replay: Any) -> None:
        super().__init__()
        self.replay = replay  # the ReplayScreen underneath, whose steps this chart shows
        game, header = replay.game, replay.header
        events = replay.cursor.events
        entries = replay.entries or ()
        self.steps = Steps(
            tuple(replay.stops),
            tuple(replay.labels),
            tuple(_mover(entries[p - 1]) if 0 < p <= len(entries) else None for p in replay.stops),
        )
        self.names = [s.name for s in header.seats]
        self.series = score_series(game, header.config, events, self.steps.positions)
        self.score_curves = Curves(self.series, self.names, "Scores")
        self.chances: list[tuple[float, ...]] | None = getattr(replay, "story_chances", None)
        self.points = getattr(replay, "story_points", None)
        self.showing = "scores"
        self.chance_curves: Curves | None = None

    def compose(self) -> ComposeResult:
        yield StoryChart()
        yield ProgressBar(total=None, show_eta=False, id="progress")
        yield Static("", id="caption")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"Story · {self.replay.game.title}"
        bar = self.query_one(ProgressBar)
        if self.replay.finished and self.chances is None:
            if not self.replay.story_computing:  # (a chart closed and opened again finds it under way)
                self.replay.story_computing = True
                # The replay's worker, not this screen's: closing the chart does not cancel it.
                self.replay.run_worker(self._compute, thread=True, group="story")
        else:
            bar.display = False
        self.redraw()

    # -- the chances, off the event loop ---------------------------------------------------------

    def _compute(self) -> None:
        """In a worker thread, which hands the work to a process of its own: computed in this
        process, the evaluation would hold the interpreter's lock and every key would wait."""
        replay = self.replay
        app = replay.app  # the replay's: this chart may be closed meanwhile
        game, header, entries = replay.game, replay.header, replay.entries or []
        try:
            for message in story_in_process(game.id, header, entries, self.steps):
                if message[0] == "progress":
                    app.call_from_thread(self._show_progress, message[1], message[2])
                else:
                    chances, points = message[1], message[2]
        except OSError:  # no process to be had: computed here, the keys slower meanwhile
            chances = chance_series(game, header.config, replay.cursor.events, self.steps.positions)
            points = turning_points(game, header, entries, self.steps, chances) if entries else []
        app.call_from_thread(self._computed, chances, points)

    def _chart_shown(self) -> StoryScreen | None:
        """The chart of this replay on top now (this one, or one opened again since)."""
        # Screen[Any]: Textual types it Screen[object], which a Screen[None] subclass never is
        # for the checker (the result type is invariant), so the isinstance would read as impossible.
        screen: Screen[Any] = self.replay.app.screen
        return screen if isinstance(screen, StoryScreen) and screen.replay is self.replay else None

    def _show_progress(self, done: int, total: int) -> None:
        chart = self._chart_shown()
        if chart is not None:
            chart.query_one(ProgressBar).update(total=total, progress=done)

    def _computed(self, chances, points) -> None:
        self.replay.story_chances, self.replay.story_points = chances, points  # kept for reopening
        self.replay.story_computing = False
        chart = self._chart_shown()
        if chart is not None:
            chart.chances, chart.points = chances, points
            chart.query_one(ProgressBar).display = False
            chart.redraw()

    # -- drawing -----------------------------------------------------------------------------------

    @property
    def current(self) -> int:
        return self.replay.stop_index

    def redraw(self) -> None:
        """The chart drawn again only when its curves change; a step moves its marker."""
        plot = self.query_one(StoryChart)
        if self.showing == "chances" and self.chances is not None:
            if self.chance_curves is None or self.chance_curves.series is not self.chances:
                marks = [(p.step, p.seat) for p in self.points or ()]
                self.chance_curves = Curves(self.chances, self.names, "Chance of winning (%)", True, marks)
            plot.draw(self.chance_curves)
        else:
            plot.draw(self.score_curves)
        plot.mark(self.current)
        self.query_one("#caption", Static).update(self.caption())

    def caption(self) -> str:
        k = self.current
        scores = " · ".join(f"{fit_name(n, 16)} {s}" for n, s in zip(self.names, self.series[k]))
        numbers = self.replay.numbers  # the replay's move numbers, as `replay --text` has them
        # The step too: the chart's axis and its costly moves count steps (the move list's lines).
        where = f"step {k}/{len(self.series) - 1} · move {numbers[k]}/{numbers[-1]}"
        lines = [f"{where}: {self.steps.labels[k]}", scores]
        point = next((p for p in self.points or () if p.step == k), None)
        if point is not None:
            lines.append(turning_text(point, self.names))
        elif self.chances is None:
            lines.append(
                "chances: computing…" if self.replay.finished else "chances of winning show once the game is over"
            )
        return "\n".join(lines)

    # -- moving ------------------------------------------------------------------------------------

    def on_story_chart_picked(self, event: StoryChart.Picked) -> None:
        self.seek(event.step)

    def seek(self, step: int) -> None:
        self.replay.seek_stop(step)  # the replay underneath moves; the chart follows it
        self.redraw()

    def action_step(self, delta: int) -> None:
        self.seek(self.current + delta)

    def action_switch(self) -> None:
        if self.chances is None:
            self.notify(
                "The chances are not ready yet."
                if self.replay.finished
                else "Chances of winning show once the game is over.",
                severity="warning",
            )
            return
        self.showing = "scores" if self.showing == "chances" else "chances"
        self.redraw()

    def action_turning(self) -> None:
        later = [p.step for p in self.points or () if p.step > self.current]
        earlier = [p.step for p in self.points or ()]
        if not earlier:
            self.notify("No costly moves found (yet).", severity="information")
            return
        self.showing = "chances"
        self.seek(later[0] if later else earlier[0])

    def action_close(self) -> None:
        self.app.pop_screen()
