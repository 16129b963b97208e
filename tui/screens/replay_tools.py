"""What the replay viewer offers beyond stepping (issue 28): play on from the step shown as a
new practice game, and share the replay (a transcript and a terminal recording in the saves
folder). A mixin of ReplayScreen, which holds the cursor, the stops and the log's entries.
"""
from __future__ import annotations

from engine.core import LogError
from engine.core.branch import PRACTICE_NOTE


class ReplayTools:
    """Actions of ReplayScreen: ``play_on`` (n) and ``share`` (x), and playing the replay
    through on opening (``bergfried replay FILE --play SECONDS [--exit-at-end]``)."""

    play_through: tuple[float, bool] | None = None  # (seconds per step, close at the end)

    def start_play_through(self) -> None:
        if self.play_through is None:
            return
        seconds, _ = self.play_through
        self.seek_stop(0)
        self._timer = self.set_interval(seconds, self._autostep)
        self.redraw()

    def at_play_end(self) -> None:
        """Autoplay reached the end: a recording closes the viewer after showing it a moment."""
        if self.play_through is not None and self.play_through[1]:
            # after the last position is drawn, so the recording ends on it
            self.call_after_refresh(self.set_timer, max(1.5, 2 * self.play_through[0]), self.app.exit)

    def action_play_on(self) -> None:
        if not self.entries:
            self.notify("This replay has no moves to play on from.", severity="warning")
            return
        if self.cursor.at_end and self.finished:
            self.notify("The game is over at this step: step back to play on from an earlier one.",
                        severity="warning")
            return
        from .branch import BranchScreen

        self._stop_autoplay()
        self.app.push_screen(BranchScreen(self.game, self.header.seats, self.stop_index), self._play_on)

    def _play_on(self, seats) -> None:
        if seats is None:
            return
        from .branch import write_branch
        from .start import resume_game

        try:
            path = write_branch(self.app.settings.saves_dir, self.game, self.header, self.entries,
                                self.cursor.position, self.stop_index, self.source or "a replay", seats)
        except (OSError, ValueError, LogError) as exc:
            self.notify(f"Cannot play on: {exc}", severity="error", timeout=8)
            return
        if resume_game(self.app, path) is not None:
            self.notify(f"{PRACTICE_NOTE} Saved as {path.name}.", timeout=10)
