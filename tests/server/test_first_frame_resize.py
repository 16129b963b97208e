"""Textual's driver announces the terminal's size as it starts, just after the App sized itself;
passed on, every screen laid out and drew again (a layout and a frame, ~10 ms of a session's
start). A session's App passes on a resize only when the size changed."""

from __future__ import annotations

from textual.events import Resize
from textual.geometry import Size

from tests.waiting import until
from tui.screens.lobby import RemotePlayScreen

from .remote_apps import alice_back_at_her_table


async def test_a_resize_to_the_size_shown_reaches_no_screen_and_a_new_size_does(tmp_path, monkeypatch):
    lobby, make_app = alice_back_at_her_table(tmp_path)
    told: list[Size] = []
    monkeypatch.setattr(RemotePlayScreen, "on_resize", lambda self, event: told.append(event.size), raising=False)
    app = make_app()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, RemotePlayScreen) and told, what="the table's first size")
            for _ in range(5):
                await pilot.pause()
            before = len(told)
            app.post_message(Resize(Size(100, 30), Size(100, 30)))  # what the driver says as it starts
            for _ in range(5):
                await pilot.pause()
            assert len(told) == before
            app.post_message(Resize(Size(90, 28), Size(90, 28)))  # the player's terminal grew smaller
            await until(lambda: Size(90, 28) in told[before:], what="the new size at the screen")
            assert app.size == Size(90, 28)
    finally:
        lobby.close()
