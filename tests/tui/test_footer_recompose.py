"""The footer recomposes (every key made and styled anew: tens of milliseconds) only when what it
shows changed: screens refresh their bindings on every change they might show, and over SSH a
session hears of every move at every table (200 idle sessions kept two cores busy with it)."""

from __future__ import annotations

import gc
import weakref

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tests.waiting import until
from tui.widgets.footer import FittingFooter


class CountingFooter(FittingFooter):
    composed = 0

    def compose(self) -> ComposeResult:
        CountingFooter.composed += 1
        yield from super().compose()


class KeysScreen(Screen):
    BINDINGS = [Binding("u", "undo", "Undo"), Binding("q", "leave", "Leave")]
    can_undo = True

    def compose(self) -> ComposeResult:
        yield CountingFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_undo if action == "undo" else True

    def action_undo(self) -> None:
        pass

    def action_leave(self) -> None:
        pass


class KeysApp(App):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


def footer_text(app: App) -> str:
    return " ".join(str(getattr(k, "description", "")) for k in app.screen.query_one(CountingFooter).children)


async def test_refreshing_unchanged_bindings_leaves_the_footer_as_it_is_and_a_change_recomposes_it():
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: "Undo" in footer_text(app), what="the footer's keys")
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        before = CountingFooter.composed
        for _ in range(20):  # a screen told of 20 changes elsewhere, none of them its keys
            screen.refresh_bindings()
            await pilot.pause()
        assert CountingFooter.composed == before
        screen.can_undo = False  # what the footer shows changes: the undo key goes
        screen.refresh_bindings()
        await until(lambda: "Undo" not in footer_text(app), what="the undo key gone")
        assert "Leave" in footer_text(app)


class ChangingScreen(KeysScreen):
    """A screen whose keys change twice as it starts, before its first refresh (as the play
    screen's do: its first look at the game, then the board taking the focus)."""

    def on_mount(self) -> None:
        self.refresh_bindings()
        # (after the footer heard of the first keys: in its own queue, behind that word)
        self.query_one(CountingFooter).call_next(self.first_look)

    def first_look(self) -> None:
        self.can_undo = False
        self.refresh_bindings()


class ChangingApp(App):
    def on_mount(self) -> None:
        self.push_screen(ChangingScreen())


async def test_keys_changed_twice_before_the_first_refresh_make_the_footer_once():
    CountingFooter.composed = 0
    app = ChangingApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: "Leave" in footer_text(app), what="the footer's keys")
        for _ in range(5):
            await pilot.pause()
        # its first compose (before any keys are known: empty), then once with the keys as they
        # are by then (the undo key gone); not once per change
        assert CountingFooter.composed == 2
        assert "Undo" not in footer_text(app)


async def test_the_keys_a_recompose_replaced_are_freed():
    """Textual's Footer binds each key to the footer (``data_bind``) and kept every binding until
    the footer's ``compact`` changed, which it never does: each recompose kept the keys it
    replaced (a session grew by ~0.4 MiB a move; Textualize/textual#6666)."""
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: "Undo" in footer_text(app), what="the footer's keys")
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        replaced = [weakref.ref(key) for key in screen.query_one(CountingFooter).children]
        for _ in range(10):  # ten changes of what the footer shows: ten recomposes
            before = CountingFooter.composed
            screen.can_undo = not screen.can_undo
            screen.refresh_bindings()
            await until(lambda before=before: CountingFooter.composed > before, what="a recompose")
            await pilot.pause()
        await until(lambda: "Leave" in footer_text(app), what="the footer's keys")
        gc.collect()
        alive = [ref() for ref in replaced if ref() is not None]
        assert replaced and not alive, f"{len(alive)} of the first {len(replaced)} keys still held"
