"""How a screen's frames are drawn in the server: fewer of them, none thrown away.

Part of the server's overrides of Textual internals (see ``textual_private.py``, whose
``install()`` puts these in place; checked by tests/server/test_textual_private.py and
tests/server/test_textual_frames.py, which fail loudly when a Textual upgrade moves them).

* ``Screen._compositor_refresh`` renders a frame and only then hands it to ``App._display``,
  which drops it while the App is in a batch (a recompose, as of a footer, is one): a whole
  frame rendered for nothing as every session starts. The server's screens leave their dirty
  regions as they are during a batch and draw them when the last batch ends.
* ``Screen._on_timer_update`` (a screen's update) lays out and draws a frame, then, when the
  whole screen was also marked for repainting, draws it all again; and a frame asked for
  outside an update (after a layout in a batch, say) is drawn even when an update is due to
  draw another. In the server an update does both in one frame (the layout's, of the whole
  screen), and a frame asked for while an update is due waits for it: a session's first
  screen is drawn once instead of three times.
* A screen's first frame is drawn by its first layout (as it is first shown), before what its
  widgets asked to do "after the first refresh" (``call_after_refresh``: a footer's keys, the
  play screen's first look at the game once it has a size): in the server that frame waits
  until those have run, so the player's first frame is the finished screen, drawn once; and it
  is drawn as soon as what they set off has settled, not at the screen's update timer's first
  tick (a whole period, 1/60 s, after the timer resumes: about 10 ms of every login's wait).
* ``Screen._on_screen_resume`` styles every node of the screen again (``refresh_styles``), also
  the first time, right after each node was styled as it mounted: the first time it is skipped.
"""

from __future__ import annotations

import asyncio
import functools

import textual.app as textual_app
from textual.screen import Screen

#: Passes of the event loop a first frame waits for its screen to settle before the timer's.
SETTLE_ROUNDS = 20


def _update_due(screen: Screen) -> bool:
    return bool(screen._layout_required or screen._scroll_required or screen._repaint_required)


def _no_frame_in_a_batch(compositor_refresh):
    @functools.wraps(compositor_refresh)
    def _compositor_refresh(self: Screen) -> None:
        app = self.app
        if self is app.screen and not app.is_inline:
            if not self.__dict__.get("_first_frame"):
                # A new screen's first frame waits for what waits for its first refresh.
                self.__dict__["_first_frame"] = True
                self._repaint_required = True
                self.call_later(_release_first_frame, self)
                return
            if app._batch_count:
                # The frame would be dropped: keep what is dirty for the batch's end (per App).
                app.__dict__.setdefault("_frames_after_batch", set()).add(self)
                return
            if not self.__dict__.get("_updating") and _update_due(self):
                self.check_idle()  # the update due draws these regions with the rest: one frame
                return
        compositor_refresh(self)

    return _compositor_refresh


def _first_resume_keeps_styles(on_screen_resume):
    @functools.wraps(on_screen_resume)
    def _on_screen_resume(self: Screen, event) -> None:
        if not self.__dict__.get("_resumed"):
            # Its nodes were styled as they mounted, just now: styling them all again changes nothing.
            self.__dict__["_resumed"] = True
            event.refresh_styles = False
        on_screen_resume(self, event)

    return _on_screen_resume


async def _release_first_frame(screen: Screen) -> None:
    await screen._invoke_and_clear_callbacks()
    screen._repaint_required = True
    # Drawn as soon as what the callbacks set off has settled, not at the update timer's first
    # tick (a whole period, 1/60 s, after it resumes). Its own task: the screen's queue must run.
    screen.__dict__["_first_frame_task"] = asyncio.get_running_loop().create_task(_draw_when_settled(screen))


def _settled(screen: Screen) -> bool:
    """Nothing queued for the screen or its widgets, nor a widget's new size or styles still to
    announce (a widget's repaint needs no announcing: the first frame draws the whole screen)."""
    return screen._message_queue.empty() and all(
        node._message_queue.empty() and not (node._layout_required or node._refresh_styles_required)
        for node in screen.walk_children()
    )


async def _draw_when_settled(screen: Screen) -> None:
    for _ in range(SETTLE_ROUNDS):
        await asyncio.sleep(0)
        if not screen.is_attached:
            return
        if _settled(screen):
            if screen.is_current and not screen.app._batch_count:
                screen._on_timer_update()
                return
            break
    screen.check_idle()  # busy for long: the update timer draws it, as Textual does


def _update_in_one_frame(on_timer_update):
    @functools.wraps(on_timer_update)
    def _on_timer_update(self: Screen) -> None:
        if self._repaint_required and (self._layout_required or self._scroll_required):
            # The layout's own frame draws the whole screen, instead of a second, full one.
            self._repaint_required = False
            self._dirty_widgets.add(self)
        self.__dict__["_updating"] = True
        try:
            on_timer_update(self)
        finally:
            self.__dict__["_updating"] = False

    return _on_timer_update


def _frames_after_the_batch(end_batch):
    @functools.wraps(end_batch)
    def _end_batch(self: textual_app.App) -> None:
        end_batch(self)
        if not self._batch_count and self.__dict__.get("_frames_after_batch"):
            for screen in self.__dict__.pop("_frames_after_batch"):
                if not screen.is_attached:
                    continue
                if _update_due(screen) or screen._dirty_widgets:
                    screen.check_idle()
                else:
                    screen.call_later(screen._compositor_refresh)

    return _end_batch
