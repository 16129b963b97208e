"""What the replay viewer offers beyond stepping (issue 28): play on from the step shown as a
new practice game, and share the replay (a transcript and a terminal recording in the saves
folder). A mixin of ReplayScreen, which holds the cursor, the stops and the log's entries.
"""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import LoadedLog, LogError, replay, write_log_atomic
from engine.core.branch import PRACTICE_NOTE

if TYPE_CHECKING:
    from textual import getters
    from textual.screen import Screen
    from textual.timer import Timer

    from engine.core import Game, Header, ReplayCursor
    from tui.app import BergfriedApp

    _ScreenPart = Screen[None]  # for the checker: the mixin's methods run on a ReplayScreen
else:
    _ScreenPart = object


class ReplayTools(_ScreenPart):
    """Actions of ReplayScreen: ``play_on`` (n) and ``share`` (x), and playing the replay
    through on opening (``bergfried replay FILE --play SECONDS [--exit-at-end]``)."""

    if TYPE_CHECKING:  # what ReplayScreen holds and does, as this part of it uses
        app = getters.app(BergfriedApp)
        game: Game
        header: Header
        source: str
        entries: Any
        cursor: ReplayCursor
        stops: list[int]
        numbers: list[int]
        finished: bool
        _timer: Timer | None

        @property
        def stop_index(self) -> int: ...
        def seek_stop(self, index: int) -> None: ...
        def redraw(self) -> None: ...
        def _stop_autoplay(self) -> None: ...
        def _autostep(self) -> None: ...

    play_through: tuple[float, bool] | None = None  # (seconds per step, close at the end)
    share_speed: float | None = None  # seconds per step of a recording (None: fit it in about a minute)

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

    story_chances = None  # the chart's chances and turning points, once computed (kept for reopening)
    story_points = None
    story_computing = False  # a chart's worker is computing them

    def action_story(self) -> None:
        from .story import StoryScreen

        self._stop_autoplay()
        self.app.push_screen(StoryScreen(self))

    def action_play_on(self) -> None:
        if not self.entries:
            self.notify("This replay has no moves to play on from.", severity="warning")
            return
        if self.cursor.at_end and self.finished:
            self.notify("The game is over at this step: step back to play on from an earlier one.", severity="warning")
            return
        from .branch import BranchScreen

        self._stop_autoplay()
        # The dialog names the move number the viewer shows (its status line, the move list).
        move = self.numbers[self.stop_index]
        self.app.push_screen(BranchScreen(self.game, self.header.seats, self.stop_index, move), self._play_on)

    def _play_on(self, seats) -> None:
        if seats is None:
            return
        from .branch import write_branch
        from .start import resume_game

        try:
            path = write_branch(
                self.app.settings.saves_dir,
                self.game,
                self.header,
                self.entries,
                self.cursor.position,
                self.stop_index,
                self.source or "a replay",
                seats,
            )
        except (OSError, ValueError, LogError) as exc:
            self.notify(f"Cannot play on: {exc}", severity="error", timeout=8)
            return
        if resume_game(self.app, path) is not None:
            self.notify(f"{PRACTICE_NOTE} Saved as {path.name}.", timeout=10)

    def action_share(self) -> None:
        """The transcript (Markdown) and a recording of this replay, into the saves folder; the
        recording runs the client in a terminal of its own, off the event loop."""
        if not self.entries:
            self.notify("This replay has no moves to share.", severity="warning")
            return
        self.notify("Writing the transcript and recording the replay into the saves folder…", timeout=6)
        self.run_worker(self._share, thread=True, exclusive=True, group="share")

    def _share(self) -> None:
        from engine.core.transcript import transcript

        from ..cast import record_cast

        folder = Path(self.app.settings.saves_dir)
        stem = (
            Path(self.source).stem
            if self.source.endswith(".jsonl")
            else f"{datetime.now():%Y%m%d-%H%M%S}-{self.game.id}"
        )
        md, cast = _fresh(folder, f"{stem}-replay", ".md"), _fresh(folder, f"{stem}-replay", ".cast")
        state = replay(self.game, self.header.config, [e.event for e in self.entries])
        loaded = LoadedLog(self.header, tuple(self.entries), state=state)
        try:
            md.write_text("\n".join(transcript(self.game, loaded, "md")) + "\n", encoding="utf-8")
            with tempfile.TemporaryDirectory(prefix="bergfried-share-") as scratch:
                save = Path(scratch) / f"{stem}.jsonl"  # the log as the viewer holds it (a table's, too)
                write_log_atomic(save, self.game, self.header, list(self.entries))
                speed = self.share_speed or max(0.1, min(0.5, 60 / max(1, len(self.stops))))
                record_cast(save, cast, (80, 24), speed, len(self.stops))
        except (OSError, LogError) as exc:
            self.app.call_from_thread(self.notify, f"Cannot share: {exc}", severity="error", timeout=8)
            return
        self.app.call_from_thread(
            self.notify, f"Wrote {md.name} and {cast.name} (asciinema play {cast.name})", timeout=10
        )


def _fresh(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem-2`` … when that is taken: nothing is overwritten."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    for n in range(1, 10_000):
        path = folder / f"{stem}{'' if n == 1 else f'-{n}'}{suffix}"
        if not path.exists():
            return path
    raise OSError(f"no free file name for {stem}{suffix} in {folder}")
