"""A footer that never cuts a key in half: when the keys are wider than the screen, whole keys
go, the least needed first (they all still work, and the palette lists them)."""

from __future__ import annotations

from typing import Any, Protocol, TypeGuard, cast

from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer

#: Keys left off first when the footer is too narrow: the command line (":" is named on the
#: line itself, so it goes first and "a Save as" stays beside "u Undo" at 80x24), saving a copy,
#: then the rest from the end, but never leaving, closing, help or the recap.
DROP_FIRST = ("command_line", "save_as")
KEEP = ("leave", "app.help", "app.pop_screen", "recap")  # (recap: only shown when something touched you)
UNDER_A_DIALOG = ("app.help",)  # the keys a screen's footer still offers while a dialog covers it
PALETTE = 11  # "▏^p palette" docked at the right, over the last key's trailing space


class ShownKey(Protocol):
    """A key the footer composes, read by its public attributes: Textual does not export its
    FooterKey class (textual.widgets._footer), so the keys are told by what they carry
    (docs/upstream.md)."""

    action: str
    key_display: str
    description: str

    def has_class(self, *names: str) -> bool: ...


def is_key(widget: Any) -> TypeGuard[ShownKey]:
    return all(isinstance(getattr(widget, name, None), str) for name in ("action", "key_display", "description"))


def key_width(key: ShownKey) -> int:
    """Its cells as the footer draws it: " k " then "Description "."""
    return len(key.key_display) + 2 + (len(key.description) + 1 if key.description else 0)


class FittingFooter(Footer):
    def __init__(self, drop_first: tuple[str, ...] = DROP_FIRST, help_under_dialogs: bool = False) -> None:
        """``drop_first``: the actions whose keys go first, before the rest from the end.
        ``help_under_dialogs``: only help is offered while a dialog covers the screen (its screen
        must refresh its bindings as a dialog opens and closes, as the play screen does)."""
        super().__init__()
        self.help_under_dialogs = help_under_dialogs
        self._width = 0
        self.drop_first = drop_first
        self._shown: tuple | None = None  # what the keys were composed from (bindings_signature)
        self._keys_due = False  # a recompose is asked for and has not run yet

    def compose(self) -> ComposeResult:
        self._keys_due = False
        # Textual's Footer binds every key it makes to the footer's ``compact`` (``data_bind``),
        # and the footer holds each binding, and so the key, until ``compact`` changes, which here
        # it never does: every recompose kept the keys it had replaced, a session grew by ~0.4 MiB
        # a move and a long game ran into the session's memory ceiling (Textualize/textual#6666,
        # docs/upstream.md). Setting the value again drops the bindings of the keys Textual has
        # just removed (it prunes closed watchers then); the new keys bind after they mount.
        # (cast: mypy reads the class attribute as the value, not the descriptor it is)
        self.mutate_reactive(cast("Reactive[bool]", FittingFooter.compact))
        items = list(super().compose())
        for item in items:
            self._compact_now(item)
        if self.help_under_dialogs and self.app.screen is not self.screen:  # a dialog has the keys
            items = [w for w in items if not is_key(w) or w.action in UNDER_A_DIALOG or w.has_class("-command-palette")]
        keys = [w for w in items if is_key(w) and not w.has_class("-command-palette")]
        if any(not is_key(w) for w in items):
            yield from items  # grouped keys: leave the layout to Textual
            return
        self._width = self.app.size.width
        room = self._width - (PALETTE if len(keys) < len(items) else 0)
        order = [k for a in self.drop_first for k in keys if k.action == a]
        order += [k for k in reversed(keys) if k not in order and k.action not in KEEP]
        dropped: set[int] = set()  # the keys left off, by id (the widgets themselves)
        while sum(key_width(k) for k in keys if id(k) not in dropped) > room and order:
            dropped.add(id(order.pop(0)))
        if dropped:
            self.styles.grid_size_columns = len(keys) - len(dropped)
        yield from (w for w in items if id(w) not in dropped)

    def _compact_now(self, widget: Any) -> None:
        """A key is made compact (its Textual default) and bound to the footer's ``compact``
        (False here) as it mounts: each key was styled twice, a sixth of a session's first frame.
        Given the footer's value before it mounts, it is styled once."""
        for node in (widget, *getattr(widget, "children", ())):
            compact, key = getattr(type(node), "compact", None), is_key(node)
            if compact is not None and key and not node.has_class("-command-palette"):  # (that one stays compact)
                node.set_reactive(compact, self.compact)

    def bindings_changed(self, screen: Screen) -> None:
        """Textual recomposes the footer whenever a screen refreshes its bindings (every key
        restyled: tens of milliseconds); screens refresh them on every change they might show,
        most of which leave the keys as they were. Recompose only when what the keys show changed,
        and once for all the changes made before the recompose asked for runs (it reads the keys
        as they are then: a play screen's start changed them twice before its first refresh, and
        the footer was made twice over)."""
        shown = bindings_signature(screen)
        if shown == self._shown and self.is_attached and screen is self.screen:
            return
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            self._shown = shown  # (Textual recomposes now; out of focus it waits, and so must we)
            if self._keys_due:
                return
            self._keys_due = True
        super().bindings_changed(screen)

    def on_resize(self) -> None:
        if self.app.size.width != self._width:
            self.refresh(recompose=True)


def bindings_signature(screen: Screen) -> tuple:
    """What the footer shows of ``screen``'s bindings: each key, action, description, tooltip,
    whether it is shown and whether it is enabled."""
    return (screen.app.screen is screen,) + tuple(
        (b.key, b.action, b.description, b.show, enabled, tooltip)
        for _node, b, enabled, tooltip in screen.active_bindings.values()
    )
