"""The few places where Textual has no public way to host many Apps in one process.

Each is one small override here, checked by tests/server/test_textual_private.py, which fails
loudly when a Textual upgrade moves what it relies on.

* ``App._process_messages`` wraps every running App in ``contextlib.redirect_stdout`` and
  ``redirect_stderr``. Those swap ``sys.stdout`` for the whole process; with many Apps on one
  loop, their exits interleave and leave ``sys.stdout`` pointing at a closed App (pinning it).
  The server logs through ``logging``, so in the server process they become no-ops.
* ``XTermParser._parse_extended_key`` is an ``lru_cache`` on a method: its cache keys on
  ``self``, so every parser (and through it each closed session) would stay in memory.
* ``App.__init__`` builds its console from ``os.environ`` (colour system from TERM/COLORTERM);
  each session's console is rebuilt from the client's own terminal type and environment.
* ``Input._watch_value`` sets the input's ``virtual_size`` (its text's width) on every key, and
  ``Widget.virtual_size`` asks for a layout: every key typed arranged the whole screen again
  (about half of a key's CPU at a play screen). An input's virtual size only matters to its
  own scrolling, so the server sets it first without a layout and repaints the input alone.
* ``FooterKey.compact`` starts True while ``Footer.compact`` starts False: every footer key
  mounted (each footer is built again whenever the keys on offer change, as when the move line
  takes the focus) restyled itself twice, adding then removing ``-compact``. Server keys start
  as their footer does, so both restyles are no-ops.
"""
from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping

import textual.app as textual_app
from rich.console import Console
from textual._xterm_parser import XTermParser
from textual.geometry import Size
from textual.widgets import Input
from textual.widgets._footer import FooterKey

_installed = False


def _no_redirect(_target):
    return contextlib.nullcontext()


def install() -> None:
    """Stop Textual's process-wide stdout/stderr redirection (the server process only)."""
    global _installed  # a one-time switch of this server process, not per-session state
    if not _installed:
        textual_app.redirect_stdout = _no_redirect
        textual_app.redirect_stderr = _no_redirect
        Input._watch_value = _input_value_without_layout(Input._watch_value)
        FooterKey.__init__ = _footer_key_not_compact(FooterKey.__init__)
        _installed = True


def _input_value_without_layout(watch_value):
    @functools.wraps(watch_value)
    def _watch_value(self: Input, value: str) -> None:
        # Textual's watcher then assigns the same size: no change, so no layout.
        self.set_reactive(Input.virtual_size, Size(self.content_width, 1))
        self.refresh()
        watch_value(self, value)
    return _watch_value


class SessionParser(XTermParser):
    """Textual's parser without the cache that would pin every parser ever made."""

    _parse_extended_key = XTermParser._parse_extended_key.__wrapped__


def _footer_key_not_compact(init):
    @functools.wraps(init)
    def __init__(self: FooterKey, *args, **kwargs) -> None:
        init(self, *args, **kwargs)
        self.set_reactive(FooterKey.compact, False)  # as Footer.compact starts
    return __init__


def session_console(environ: Mapping[str, str]) -> Console:
    """A console like the one App.__init__ makes, reading the client's environment instead."""
    from textual import constants
    from textual.app import _NullFile

    env = {k: v for k, v in environ.items() if k != "NO_COLOR"}
    return Console(color_system=constants.COLOR_SYSTEM, file=_NullFile(), markup=True,
                   highlight=False, emoji=False, legacy_windows=False, _environ=env,
                   force_terminal=True, safe_box=False, soft_wrap=False)
