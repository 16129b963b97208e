"""What a session's App shows, as plain data: the front process asks for it (the idle watcher:
is the player at a table?) and so do the tests, which cannot reach into another process's App.

Only the session's own seat's view is described: exactly what that player sees already.
"""

from __future__ import annotations

from typing import Any


def describe(app: Any) -> dict:
    from textual.widgets import OptionList

    from engine.core.views import view_to_json

    from ..screens.lobby import RemotePlayScreen
    from .together_hooks import together_status

    screen = app.screen
    # A table screen counts once mounted: its on_mount records the player's seat and last table
    # (pushed and composed but not yet mounted, a disconnect would lose both).
    play = next((s for s in reversed(app.screen_stack) if isinstance(s, RemotePlayScreen) and s.is_mounted), None)
    out: dict[str, Any] = {
        "screen": type(screen).__name__,
        "stack": [type(s).__name__ for s in app.screen_stack],
        "size": [app.size.width, app.size.height],
        "focused": getattr(app.focused, "id", None),
        "focused_type": type(app.focused).__name__ if app.focused is not None else None,
        "focused_value": _value(app.focused),
        "color_system": app.console.color_system,
        "name": app.player.name,
        "play": None,
        "together": together_status(app),
    }
    if play is not None:
        moves = play.query_one("#moves", OptionList)
        out["play"] = {
            "table": play.table_id,
            "viewer": play.viewer,
            "moves": [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)],
            "view": view_to_json(play.context().view),
        }
    return out


def _value(widget: Any) -> str | None:
    """A focused field's value (a Select's choice, an Input's text): what the player set."""
    value = getattr(widget, "value", None)
    return None if value is None else str(value)
